package semantics

// Texts of the encoding rules that only Go 1.27's v1 on v2 has.

// UnsupportedFormatTag is UnsupportedValueError.Str for a struct whose
// field (named by its Go name) has a `format` tag option, which v1 mode
// does not support.
func UnsupportedFormatTag(field string) string {
	return "Go struct field " + field + " has unsupported `format` tag option"
}

// MaxDepth is the deepest nesting of arrays and objects that v2's encoder
// writes; a value nested deeper fails with a SyntaxError whose message is
// MaxDepthMsg, at the offset just past the first delimiter too deep.
const (
	MaxDepth    = 10000
	MaxDepthMsg = "exceeded max depth"
)
