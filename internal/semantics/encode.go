package semantics

// Texts of the encoding rules that only Go 1.27's v1 on v2 has.

// UnsupportedFormatTag is UnsupportedValueError.Str for a struct whose
// field (named by its Go name) has a `format` tag option, which v1 mode
// does not support.
func UnsupportedFormatTag(field string) string {
	return "Go struct field " + field + " has unsupported `format` tag option"
}
