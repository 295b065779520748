package syntax

import (
	"bytes"
	"math"
	"slices"
	"strings"

	"github.com/safejson/safejson/internal/escape"
	"github.com/safejson/safejson/internal/grammar"
	"github.com/safejson/safejson/internal/mem"
	"github.com/safejson/safejson/internal/semantics"
)

// Valid reports whether src is one valid JSON value (leading and trailing
// whitespace allowed), exactly as json.Valid does.
func Valid(src []byte) bool {
	_, _, fail := compact(nil, src, modeValidate)
	return fail == semantics.CtxNone
}

// Validate returns nil if src is one valid JSON value, and otherwise the
// *SyntaxErr that json.Unmarshal (whose first step is this check) returns
// for it, offset included.
func Validate(src []byte) error {
	if _, pos, fail := compact(nil, src, modeValidate); fail != semantics.CtxNone {
		return grammar.Fail(src, pos, fail, semantics.EntryValid)
	}
	return nil
}

// AppendCompact appends src to dst with insignificant whitespace removed,
// exactly as json.Compact does when escapeHTML is false.
//
// With escapeHTML, '<', '>' and '&' inside strings become \u003c, \u003e and
// \u0026, and U+2028 and U+2029 become \u2028 and \u2029: the compaction
// encoding/json applies to MarshalJSON output when HTML escaping is on.
//
// On invalid input it returns dst unchanged and a *SyntaxErr with the
// message json.Compact reports; like json.Compact's, its Offset is 0.
func AppendCompact(dst, src []byte, escapeHTML bool) ([]byte, error) {
	mode := modeCompact
	if escapeHTML {
		mode = modeCompactHTML
	}
	return appendCompacted(dst, src, mode, semantics.EntryCompact)
}

// appendCompacted appends src to dst as compact writes it in mode. On
// invalid input it returns dst unchanged and the error that the entry
// point reports.
func appendCompacted(dst, src []byte, mode int, entry semantics.SyntaxEntry) ([]byte, error) {
	orig := dst
	// Plain output is never longer than src, so one growth covers it.
	dst = slices.Grow(dst, len(src))
	dst, pos, fail := compact(dst, src, mode)
	if fail != semantics.CtxNone {
		return orig, grammar.Fail(src, pos, fail, entry)
	}
	return dst, nil
}

// AppendIndent appends src to dst indented exactly as
// json.Indent(dst, src, prefix, indent) does, and fails as it does. On error
// dst is returned unchanged.
func AppendIndent(dst, src []byte, prefix, indent string) ([]byte, error) {
	orig := dst
	dst = slices.Grow(dst, IndentRoom(len(src)))
	dst, pos, fail := indentValue(dst, src, prefix, indent)
	if fail != semantics.CtxNone {
		return orig, grammar.Fail(src, pos, fail, semantics.EntryIndent)
	}
	if semantics.OnV2 && len(strings.Trim(prefix, " \t"))+len(strings.Trim(indent, " \t")) > 0 {
		trailing := len(src) - len(bytes.TrimRight(src, " \t\r\n"))
		reindentTrailing(dst[len(dst)-trailing:], prefix, indent)
	}
	return dst, nil
}

// IndentRoom is the room to make for indenting n bytes: half as much again,
// or n where that does not fit in an int (on a 32-bit machine, more than
// 2/3 of the address space), so that the hint never overflows into a
// negative count and a panic.
func IndentRoom(n int) int {
	if n > math.MaxInt/3*2 {
		return n
	}
	return n + n/2
}

// reindentTrailing does to the whitespace that follows an indented value
// what Go 1.27's Indent does when prefix or indent holds more than spaces
// and tabs: it indents with spaces and then overwrites the spaces after
// each newline of the output, the copied trailing whitespace included, with
// prefix and then indent, repeated. Go 1.27 loops forever when indent is
// empty and spaces remain; here they stay.
func reindentTrailing(b []byte, prefix, indent string) {
	for i := bytes.IndexByte(b, '\n'); i >= 0; i = bytes.IndexByte(b, '\n') {
		b = b[i+1:]
		n := len(b) - len(bytes.TrimLeft(b, " "))
		spaces := b[:n]
		spaces = spaces[copy(spaces, prefix):]
		for len(spaces) > 0 && indent != "" {
			spaces = spaces[copy(spaces, indent):]
		}
		b = b[n:]
	}
}

// AppendHTMLEscape appends src to dst with <, >, &, U+2028 and U+2029
// replaced by \u escapes wherever they occur, exactly as json.HTMLEscape
// does. It does not parse src, so any bytes are accepted.
func AppendHTMLEscape(dst, src []byte) []byte {
	start := 0
	for i := 0; i < len(src); i++ {
		c := src[i]
		if !grammar.Is(c, grammar.HTMLOnly) {
			continue
		}
		if c == 0xE2 {
			if len(src)-i > 2 && src[i+1] == 0x80 && src[i+2]&^1 == 0xA8 {
				dst = append(dst, src[start:i]...)
				dst = append(dst, '\\', 'u', '2', '0', '2', grammar.HexDigits[src[i+2]&0xF])
				i += 2
				start = i + 1
			}
			continue
		}
		dst = append(dst, src[start:i]...)
		dst = append(dst, '\\', 'u', '0', '0', grammar.HexDigits[c>>4], grammar.HexDigits[c&0xF])
		start = i + 1
	}
	return append(dst, src[start:]...)
}

// AsMembers turns the object b[at:], which a struct loop wrote, into its
// members each with a leading comma, as the loop that wrote it around them
// would have: its opening brace becomes the first comma, its closing one
// goes, and an empty object leaves nothing.
func AsMembers(b []byte, at int) []byte {
	if len(b) == at+2 {
		return b[:at]
	}
	b[at] = ','
	return b[:len(b)-1]
}

// WrittenAsIs reports whether text, what a MarshalJSON method returned,
// is a number or a string with nothing to escape in mode m: the likely
// texts (times, ids), which every writer of that mode, v1's compacting and
// v2's WriteValue alike, writes as they are, at any depth.
func WrittenAsIs(text []byte, m escape.Mode) bool {
	if n := len(text); n >= 2 && text[0] == '"' {
		return text[n-1] == '"' && escape.Clean(mem.String(text[1:n-1]), m)
	}
	return grammar.IsNumber(text)
}
