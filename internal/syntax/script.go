package syntax

import (
	"encoding/binary"
	"io"
	"math/bits"
	"unicode/utf8"

	"github.com/safejson/safejson/internal/grammar"
	"github.com/safejson/safejson/internal/mem"
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
	return ((v-grammar.LSB*0x20)&^v | (q-grammar.LSB)&^q | hazardLanes(v)) & grammar.MSB
}

// hazardLanes flags, in each lane's top bit and with meaningless bits
// besides, the lanes of v holding '\\', '<', '>', '&', '/' or a byte of
// 0x80 or above; as with grammar.PlainMask, only above the lowest true
// flag can a lane be flagged falsely.
func hazardLanes(v uint64) uint64 {
	b := v ^ (grammar.LSB * '\\')
	lt := v ^ (grammar.LSB * '<')
	gt := v ^ (grammar.LSB * '>')
	amp := v ^ (grammar.LSB * '&')
	sl := v ^ (grammar.LSB * '/')
	return (b-grammar.LSB)&^b | (lt-grammar.LSB)&^lt | (gt-grammar.LSB)&^gt |
		(amp-grammar.LSB)&^amp | (sl-grammar.LSB)&^sl | v
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
			dst = appendScriptASCII(append(dst, src[start:i]...), c)
			i++
			start = i
			continue
		}
		if j := plainMultibyte(src, i); j > i {
			i = j
			continue
		}
		r, size := utf8.DecodeRune(src[i:])
		hazard := runeHazard(r, size)
		if hazard == semantics.CtxNone {
			i += size
			continue
		}
		if check {
			return dst, i, start, hazard
		}
		dst = appendScriptRune(append(dst, src[start:i]...), src, i, hazard)
		i += size
		start = i
	}
}

// appendScriptASCII appends the escape of '<', '>', '&' or '/'.
func appendScriptASCII(dst []byte, c byte) []byte {
	if c == '/' {
		return append(dst, '\\', '/')
	}
	return append(dst, '\\', 'u', '0', '0', grammar.HexDigits[c>>4], grammar.HexDigits[c&0xF])
}

// runeHazard returns what makes the character r of size bytes, decoded by
// utf8.DecodeRune, unsafe: hazardUTF8 for a byte of invalid UTF-8 (size 1),
// hazardSeparator for U+2028 and U+2029, or CtxNone.
func runeHazard(r rune, size int) ctx {
	switch {
	case size == 1: // a valid encoding of U+FFFD is 3 bytes
		return hazardUTF8
	case r == '\u2028' || r == '\u2029':
		return hazardSeparator
	}
	return semantics.CtxNone
}

// appendScriptRune appends the escape of the unsafe character at src[i].
func appendScriptRune(dst, src []byte, i int, hazard ctx) []byte {
	if hazard == hazardUTF8 {
		return append(dst, `\ufffd`...)
	}
	return append(dst, '\\', 'u', '2', '0', '2', grammar.HexDigits[src[i+2]&0xF])
}

// ScriptSafeValid returns src, valid JSON as an encoder's output is, with
// every string made script-safe: what AppendScriptSafe appends, from one
// pass that stops only at escapes and at the bytes it rewrites, with no
// check of the grammar. Outside strings valid JSON holds none of those
// bytes, so the pass need not know where strings begin and end. Where
// nothing needs rewriting the result is src itself, and fresh is false;
// otherwise it is a new slice.
func ScriptSafeValid(src []byte) (out []byte, fresh bool) {
	if out, _, fresh = scriptSafeValid(nil, src, false); !fresh {
		return src, false
	}
	return out, true
}

// scriptSafeValid appends src made script-safe to dst, as ScriptSafeValid
// returns it, and returns where it stopped and whether it rewrote a byte.
// With part, src is a part of the text: it stops before an escape or a
// character that src cuts short. Where nothing needs rewriting it appends
// nothing: src up to stop is the text as it is.
func scriptSafeValid(dst, src []byte, part bool) (_ []byte, stop int, rewrote bool) {
	start, i, n := 0, 0, len(src)
	for {
		if i = nextScriptStop(src, i); i >= n {
			i = n
			break
		}
		c := src[i]
		if c == '\\' {
			if part && i+1 == n {
				break
			}
			// The escaped byte is never one to rewrite, and a \u escape's
			// digits are plain.
			i += 2
			continue
		}
		size, hazard := 1, ctx(hazardHTML)
		if c >= utf8.RuneSelf {
			if j := plainMultibyte(src, i); j > i {
				i = j
				continue
			}
			if part && !utf8.FullRune(src[i:]) {
				break
			}
			var r rune
			r, size = utf8.DecodeRune(src[i:])
			if hazard = runeHazard(r, size); hazard == semantics.CtxNone {
				i += size
				continue
			}
		}
		if dst == nil {
			// Room for a few escapes: most texts need less than one for
			// every 16 bytes, and append makes more where one needs more.
			dst = make([]byte, 0, n+n/16+16)
		}
		dst = append(dst, src[start:i]...)
		if c < utf8.RuneSelf { // '<', '>', '&' or '/'
			dst = appendScriptASCII(dst, c)
		} else {
			dst = appendScriptRune(dst, src, i, hazard)
		}
		i += size
		start = i
	}
	if start == 0 { // start moves past each rewrite
		return dst, i, false
	}
	return append(dst, src[start:i]...), i, true
}

// ScriptSafeWriter makes the valid JSON text written to it script-safe, as
// ScriptSafeValid does, and writes it on to its writer a part at a time: a
// part with nothing to rewrite as it is, another escaped in a buffer of its
// own, which it keeps for the next; and it holds back the few bytes of an
// escape or a character that a write cut short.
type ScriptSafeWriter struct {
	w     io.Writer
	buf   []byte // the escaped text of the last write that needed it
	join  []byte // the bytes held back and the next write
	held  [utf8.UTFMax]byte
	nheld int
}

// NewScriptSafeWriter returns a ScriptSafeWriter writing to w.
func NewScriptSafeWriter(w io.Writer) *ScriptSafeWriter { return &ScriptSafeWriter{w: w} }

// Write writes p, made script-safe, to the writer, and reports len(p)
// written or the writer's error.
func (s *ScriptSafeWriter) Write(p []byte) (int, error) {
	src := p
	if s.nheld > 0 {
		s.join = append(append(s.join[:0], s.held[:s.nheld]...), p...)
		src = s.join
	}
	buf, stop, rewrote := scriptSafeValid(s.buf[:0], src, true)
	s.nheld = copy(s.held[:], src[stop:])
	out := src[:stop]
	if rewrote {
		s.buf, out = buf, buf
	}
	if len(out) > 0 {
		if _, err := s.w.Write(out); err != nil {
			return 0, err
		}
	}
	return len(p), nil
}

// Flush writes what a text that ended cut short left held back, as
// ScriptSafeValid writes the end of such a text.
func (s *ScriptSafeWriter) Flush() error {
	if s.nheld == 0 {
		return nil
	}
	out, _ := ScriptSafeValid(s.held[:s.nheld])
	s.nheld = 0
	_, err := s.w.Write(out)
	return err
}

// nextScriptStop returns the index of the first byte at or after src[i]
// that ScriptSafeValid stops at, or len(src).
func nextScriptStop(src []byte, i int) int {
	n := len(src)
	// A stop is often a few bytes after the one before (the slashes of a
	// URL): two words are tried before the block skip, which costs more
	// to start. Non-ASCII text goes on to the block skip, which passes
	// valid UTF-8 32 bytes at a time.
	for range 2 {
		if n-i < 8 {
			break
		}
		m := validScriptMask(binary.LittleEndian.Uint64(src[i:]))
		if m == 0 {
			i += 8
			continue
		}
		if j := i + bits.TrailingZeros64(m)>>3; src[j] < utf8.RuneSelf {
			return j
		}
		break
	}
	if n-i >= 32 {
		i += mem.SkipScriptText(src[i:])
	}
	for n-i >= 8 {
		if m := validScriptMask(binary.LittleEndian.Uint64(src[i:])); m != 0 {
			return i + bits.TrailingZeros64(m)>>3
		}
		i += 8
	}
	for i < n && !validScriptStop[src[i]] {
		i++
	}
	return i
}

// validScriptStop holds the bytes ScriptSafeValid stops at: '\\',
// '<', '>', '&', '/' and every byte of 0x80 or above.
var validScriptStop = func() (t [256]bool) {
	for _, c := range []byte(`\<>&/`) {
		t[c] = true
	}
	for c := 0x80; c < 256; c++ {
		t[c] = true
	}
	return t
}()

// validScriptMask flags the lanes of v that validScriptStop holds; as with
// grammar.PlainMask, the lowest flagged lane is exact.
func validScriptMask(v uint64) uint64 { return hazardLanes(v) & grammar.MSB }

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
