package semantics

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// Texts of the encoding rules that only Go 1.27's v1 on v2 has.

// UnsupportedFormatTag is UnsupportedValueError.Str for a struct whose
// field (named by its Go name) has a `format` tag option, which v1 mode
// does not support.
func UnsupportedFormatTag(field string) string {
	return "Go struct field " + field + " has unsupported `format` tag option"
}

// MaxDepthMsg is the message of the SyntaxError with which v2's encoder
// fails a value nested deeper than grammar.MaxDepth, at the offset just
// past the first delimiter too deep.
const MaxDepthMsg = "exceeded max depth"

// NonStringName is UnsupportedValueError.Str for a map key that v2 cannot
// write as a JSON string (a bool, a struct, a nil pointer...): jsontext's
// error, with the JSON pointer of the map and the offset just past its
// opening brace and one byte more.
func NonStringName(pointer string, offset int64) string {
	b := []byte("jsontext: object member name must be a string")
	if pointer != "" {
		b = strconv.AppendQuote(append(b, " within "...), truncatePointer(pointer, 100))
	}
	if offset > 0 {
		b = strconv.AppendInt(append(b, " after offset "...), offset, 10)
	}
	return string(b)
}

// truncatePointer shortens a JSON pointer longer than n bytes for an error
// message, as jsontext does: the middle goes, whole names kept where it can.
func truncatePointer(s string, n int) string {
	if len(s) <= n {
		return s
	}
	i, j := n/2, len(s)-n/2
	if k := strings.LastIndexByte(s[:i], '/'); k > 0 {
		i = k
	}
	if k := strings.IndexByte(s[j:], '/'); k >= 0 {
		j += k + 1
	}
	for i > 0 && invalidRune(utf8.DecodeLastRuneInString(s[:i])) {
		i--
	}
	for j < len(s) && invalidRune(utf8.DecodeRuneInString(s[j:])) {
		j++
	}
	var middle string
	switch strings.Count(s[i:j], "/") {
	case 0:
		middle = "…"
	case 1:
		middle = "…/…"
	default:
		middle = "…/…/…"
	}
	if strings.HasPrefix(s[i:j], "/") && middle != "…" {
		middle = strings.TrimPrefix(middle, "…")
	}
	if strings.HasSuffix(s[i:j], "/") && middle != "…" {
		middle = strings.TrimSuffix(middle, "…")
	}
	return s[:i] + middle + s[j:]
}

func invalidRune(r rune, n int) bool { return r == utf8.RuneError && n == 1 }

// RawEmbedNotObject is UnsupportedValueError.Str for an embedded
// jsontext.Value (the `embed` option) that holds a JSON value other than
// an object.
const RawEmbedNotObject = "embedded raw value must be a JSON object"

// Errors of a MarshalJSONTo method that misbehaves, as v2 reports them
// (wrapped in a MarshalerError).
const (
	NonSingularValue    = "must read or write exactly one value"
	UnsupportedMutation = "unsupported calls must not read or write any tokens"
)

// LegacySyntaxMsg turns the message of a jsontext syntactic error (its Err)
// into the SyntaxError message that Go 1.27's encoding/json reports.
func LegacySyntaxMsg(msg string) string {
	if i := strings.Index(msg, " (expecting"); i >= 0 && !strings.Contains(msg, " in literal") {
		msg = msg[:i]
	}
	return legacySyntax.Replace(msg)
}

var legacySyntax = strings.NewReplacer(
	"object name", "object key",
	"at start of value", "looking for beginning of value",
	"at start of string", "looking for beginning of object key string",
	"after object value", "after object key:value pair",
	"in number", "in numeric literal",
)

// RawCloseAfterComma reports whether v2 places the syntax error of a
// MarshalJSON text out, which fails at offset off (counted from out[0],
// past the failing byte), one byte before where it counts: when the text
// starts (after white space) with '}' or ']', and what was written before
// it ends with a comma, so the delimiter stands where an array element
// should be. v2 then reports the delimiter's own position.
func RawCloseAfterComma(before, out []byte, off int64) bool {
	i := 0
	for i < len(out) && (out[i] == ' ' || out[i] == '\t' || out[i] == '\n' || out[i] == '\r') {
		i++
	}
	return i < len(out) && (out[i] == '}' || out[i] == ']') && off == int64(i+1) &&
		len(before) > 0 && before[len(before)-1] == ','
}
