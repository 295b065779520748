package syntax

import (
	"encoding/binary"
	"math/bits"
	"unicode/utf8"

	"github.com/safejson/safejson/internal/grammar"
	"github.com/safejson/safejson/internal/semantics"
)

// Script safety: inside strings, '<', '>', '&' and '/' are written as
// escapes, raw U+2028 and U+2029 as \u2028 and \u2029, and each byte of
// invalid UTF-8 as \ufffd. Escapes already present are kept as they are, so
// "a\/b" stays as it is, and a second pass changes nothing. Outside strings
// valid JSON has no such bytes, so whole-text safety is string safety.

// Hazards: why valid JSON text is not script-safe. They are failures of
// modeCheckScript, numbered after the syntax contexts.
const (
	hazardHTML = semantics.CtxLimit + iota
	hazardSlash
	hazardSeparator
	hazardUTF8
)

// hazardText names each hazard, from hazardHTML on.
var hazardText = [...]string{
	"unescaped HTML character",
	"unescaped '/'",
	"raw line or paragraph separator",
	"invalid UTF-8",
}

// Hazard is a place where valid JSON text is not script-safe.
type Hazard struct {
	// Offset is the index in the text of the first byte that needs escaping.
	Offset int64
	// What names the hazard.
	What string
}

func (h *Hazard) Error() string { return h.What }

// AppendCompactScript is AppendCompact that also makes every string
// script-safe: the pass the encoder runs over MarshalJSON and RawMessage
// output under the ScriptSafe policy.
func AppendCompactScript(dst, src []byte) ([]byte, error) {
	return appendCompacted(dst, src, modeCompactScript, semantics.EntryCompact)
}

// AppendScriptSafe appends src to dst with every string made script-safe and
// everything else, whitespace included, unchanged. Invalid input gives dst
// unchanged and a *SyntaxErr with the message and offset json.Unmarshal
// would report.
func AppendScriptSafe(dst, src []byte) ([]byte, error) {
	return appendCompacted(dst, src, modeEscapeScript, semantics.EntryValid)
}

// CheckScript returns nil if src is valid JSON whose strings are all
// script-safe, so that AppendScriptSafe would copy it unchanged. Otherwise it
// returns the first problem in the text: a *SyntaxErr as json.Valid's caller
// would see it, or a *Hazard.
func CheckScript(src []byte) error {
	_, pos, fail := compact(nil, src, modeCheckScript)
	switch {
	case fail == semantics.CtxNone:
		return nil
	case fail >= hazardHTML:
		return &Hazard{Offset: int64(pos), What: hazardText[fail-hazardHTML]}
	}
	return grammar.Fail(src, pos, fail, semantics.EntryValid)
}

// scriptMask is plainMask that also flags '<', '>', '&', '/' and every byte
// of 0x80 or above.
func scriptMask(v uint64) uint64 {
	q := v ^ (grammar.LSB * '"')
	b := v ^ (grammar.LSB * '\\')
	lt := v ^ (grammar.LSB * '<')
	gt := v ^ (grammar.LSB * '>')
	amp := v ^ (grammar.LSB * '&')
	sl := v ^ (grammar.LSB * '/')
	return ((v-grammar.LSB*0x20)&^v | (q-grammar.LSB)&^q | (b-grammar.LSB)&^b | (lt-grammar.LSB)&^lt |
		(gt-grammar.LSB)&^gt | (amp-grammar.LSB)&^amp | (sl-grammar.LSB)&^sl | v) & grammar.MSB
}

// scriptString scans the string whose body starts at src[i]. Unless check is
// set it writes escapes for what is not script-safe, flushing the pending
// run src[start:] first; with check set it fails at the first such byte.
func scriptString(dst, src []byte, i, start int, check bool) ([]byte, int, int, ctx) {
	n := len(src)
	for {
		for n-i >= 8 {
			if m := scriptMask(binary.LittleEndian.Uint64(src[i:])); m != 0 {
				i += bits.TrailingZeros64(m) >> 3
				break
			}
			i += 8
		}
		for i < n && !grammar.Is(src[i], grammar.StopScript) {
			i++
		}
		if i >= n {
			return dst, i, start, semantics.CtxString
		}
		c := src[i]
		switch {
		case c == '"':
			return dst, i + 1, start, semantics.CtxNone
		case c == '\\':
			var fail ctx
			if i, fail = grammar.ScanEscape(src, i+1); fail != semantics.CtxNone {
				return dst, i, start, fail
			}
			continue
		case c < 0x20:
			return dst, i, start, semantics.CtxString
		case c < utf8.RuneSelf: // '<', '>', '&' or '/'
			if check && c == '/' {
				return dst, i, start, hazardSlash
			}
			if check {
				return dst, i, start, hazardHTML
			}
			dst = append(dst, src[start:i]...)
			if c == '/' {
				dst = append(dst, '\\', '/')
			} else {
				dst = append(dst, '\\', 'u', '0', '0', grammar.HexDigits[c>>4], grammar.HexDigits[c&0xF])
			}
			i++
			start = i
			continue
		}
		if j := plainMultibyte(src, i); j > i {
			i = j
			continue
		}
		r, size := utf8.DecodeRune(src[i:])
		switch {
		case size == 1: // invalid UTF-8 (a valid encoding of U+FFFD is 3 bytes)
			if check {
				return dst, i, start, hazardUTF8
			}
			dst = append(dst, src[start:i]...)
			dst = append(dst, `\ufffd`...)
			i++
			start = i
		case r == '\u2028' || r == '\u2029':
			if check {
				return dst, i, start, hazardSeparator
			}
			dst = append(dst, src[start:i]...)
			dst = append(dst, '\\', 'u', '2', '0', '2', grammar.HexDigits[r&0xF])
			i += size
			start = i
		default:
			i += size
		}
	}
}

// plainMultibyte returns the end of the run of valid 2- and 3-byte UTF-8
// characters other than U+2028 and U+2029 that starts at src[i], checked
// inline: the characters of most non-Latin text. Leads whose second byte has
// a narrower range (0xE0, 0xED) and 4-byte characters are left to
// utf8.DecodeRune.
func plainMultibyte(src []byte, i int) int {
	n := len(src)
	for i+1 < n {
		c := src[i]
		switch {
		case c-0xC2 <= 0xDF-0xC2:
			if src[i+1]&0xC0 != 0x80 {
				return i
			}
			i += 2
		case c-0xE1 <= 0xEC-0xE1 || c == 0xEE || c == 0xEF:
			if i+2 >= n || src[i+1]&0xC0 != 0x80 || src[i+2]&0xC0 != 0x80 ||
				(c == 0xE2 && src[i+1] == 0x80 && src[i+2]&^1 == 0xA8) {
				return i
			}
			i += 3
		default:
			return i
		}
	}
	return i
}
