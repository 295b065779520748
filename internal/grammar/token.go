package grammar

import (
	"encoding/binary"
	"math/bits"

	"github.com/safejson/safejson/internal/semantics"
)

// MaxDepth is encoding/json's nesting limit, the same in both
// implementations: opening container number MaxDepth+1 is an error.
const MaxDepth = 10000

// HexDigits are the digits of lower-case hexadecimal, by value.
const HexDigits = "0123456789abcdef"

// Class is a set of reasons a byte of a string body needs attention from
// a loop that copies or checks string bodies a run at a time.
type Class uint8

// The byte classes. Every byte in StopPlain is in StopHTML and StopScript.
const (
	StopPlain  Class = 1 << iota // ends the string, starts an escape, or is a control byte
	StopHTML                     // StopPlain, or <, >, & or 0xE2, the lead byte of U+2028 and U+2029
	HTMLOnly                     // <, >, & or 0xE2: what HTMLEscape looks for
	StopScript                   // StopPlain, or <, >, &, / or any byte of 0x80 and above
	Space                        // JSON whitespace
	PlainASCII                   // ASCII a string holds as it is: not StopPlain
	InNumber                     // may continue a number: a digit, '.', 'e', 'E', '+' or '-'
)

var classes = func() (t [256]Class) {
	for c := range 0x20 {
		t[c] = StopPlain | StopHTML
	}
	t['"'] = StopPlain | StopHTML
	t['\\'] = StopPlain | StopHTML
	for _, c := range []byte{'<', '>', '&', 0xE2} {
		t[c] = StopHTML | HTMLOnly
	}
	for c := range t {
		if t[c]&StopPlain != 0 || c == '<' || c == '>' || c == '&' || c == '/' || c >= 0x80 {
			t[c] |= StopScript
		}
		if t[c]&StopPlain == 0 && c < 0x80 {
			t[c] |= PlainASCII
		}
	}
	for _, c := range []byte(" \t\r\n") {
		t[c] |= Space
	}
	for _, c := range []byte("0123456789.eE+-") {
		t[c] |= InNumber
	}
	return t
}()

// Is reports whether c is in any of the classes k.
func Is(c byte, k Class) bool { return classes[c]&k != 0 }

// SWAR constants: a byte replicated into every lane of a word. LSB*c is c
// in every lane; MSB is the top bit of every lane.
const (
	LSB = 0x0101010101010101
	MSB = 0x8080808080808080
)

// PlainMask flags (in the lane's top bit) every lane of the little-endian
// word v holding '"', '\\' or a byte below 0x20. False positives can only
// appear above the lowest true positive, so the lowest flagged lane is exact.
func PlainMask(v uint64) uint64 {
	q := v ^ (LSB * '"')
	b := v ^ (LSB * '\\')
	return ((v-LSB*0x20)&^v | (q-LSB)&^q | (b-LSB)&^b) & MSB
}

// HTMLMask is PlainMask that also flags '<', '>', '&' and 0xE2.
func HTMLMask(v uint64) uint64 {
	q := v ^ (LSB * '"')
	b := v ^ (LSB * '\\')
	lt := v ^ (LSB * '<')
	gt := v ^ (LSB * '>')
	amp := v ^ (LSB * '&')
	e2 := v ^ (LSB * 0xE2)
	return ((v-LSB*0x20)&^v | (q-LSB)&^q | (b-LSB)&^b |
		(lt-LSB)&^lt | (gt-LSB)&^gt | (amp-LSB)&^amp | (e2-LSB)&^e2) & MSB
}

// ASCIIMask flags (in the lane's top bit) the lanes of the little-endian
// word v that hold '"', '\\', a control byte or a byte of 0x80 and above:
// the bytes a string cannot hold as they are, read as ASCII. Only the
// lowest flagged lane is exact.
func ASCIIMask(v uint64) uint64 {
	q := v ^ (LSB * '"')
	b := v ^ (LSB * '\\')
	return ((v - LSB*0x20) | (q - LSB) | (b - LSB) | v) & MSB
}

// Lane is the byte lane, counted from the low end, of the lowest top bit
// set in the mask m.
func Lane(m uint64) int { return bits.TrailingZeros64(m) >> 3 }

// PlainASCIIRun returns how many bytes from b[i:] are PlainASCII.
func PlainASCIIRun(b []byte, i int) int {
	j := i
	for len(b)-j >= 8 {
		if m := ASCIIMask(binary.LittleEndian.Uint64(b[j:])); m != 0 {
			return j + Lane(m) - i
		}
		j += 8
	}
	for j < len(b) && Is(b[j], PlainASCII) {
		j++
	}
	return j - i
}

// IsSpace reports whether c is JSON insignificant whitespace.
func IsSpace(c byte) bool {
	const mask uint64 = 1<<' ' | 1<<'\t' | 1<<'\n' | 1<<'\r'
	return c <= ' ' && mask>>c&1 != 0
}

// spaces and tabs are eight of each as a little-endian word: indentation.
const (
	spaces = LSB * ' '
	tabs   = LSB * '\t'
)

// SkipSpace returns the index of the first non-whitespace byte at or after
// src[i]. Most values have no whitespace before them: that test is small
// enough to inline, and the loops of the decoders call this at every
// place whitespace may stand.
func SkipSpace(src []byte, i int) int {
	if i < len(src) && src[i] <= ' ' {
		return skipSpaceRun(src, i)
	}
	return i
}

// skipSpaceRun is SkipSpace past its first test.
func skipSpaceRun(src []byte, i int) int {
	// The first test lets the compiler slice src[i:] with no bounds check.
	if uint(i) < uint(len(src)) && len(src)-i >= 32 {
		// Indented text: a line break, "\n" or "\r\n", and then spaces
		// or tabs, once a line. Read as words at offsets into one array,
		// it needs no bounds checks, and the whole run is skipped unless
		// it is longer than the array or other whitespace follows it.
		b := (*[32]byte)(src[i:])
		w := binary.LittleEndian.Uint64(b[:8])
		var nl uint64 // the line break's bytes in w, taken as padding
		switch {
		case b[0] == '\n':
			nl = 0xff
		case w&0xffff == '\r'|'\n'<<8:
			nl = 0xffff
		}
		pad := uint64(spaces)
		if b[2] == '\t' { // indentation after either line break, but for one byte after "\n"
			pad = tabs
		}
		x, n := (w^pad)&^nl, 0
		if x == 0 {
			x, n = binary.LittleEndian.Uint64(b[8:])^pad, 8
		}
		if x == 0 {
			x, n = binary.LittleEndian.Uint64(b[16:])^pad, 16
		}
		if x == 0 {
			x, n = binary.LittleEndian.Uint64(b[24:])^pad, 24
		}
		n += bits.TrailingZeros64(x) >> 3
		// n is 32 if all of b is padding: b[n&31] is then b[0], white
		// space, and the loop below goes on from i+32.
		if b[n&31] > ' ' {
			return i + n
		}
		i += n
	}
	for i < len(src) {
		c := src[i]
		if c == ' ' {
			// Whole words of spaces, then the spaces that open the last
			// word all at once, not one loop round each.
			for len(src)-i >= 8 {
				if x := binary.LittleEndian.Uint64(src[i:]) ^ spaces; x != 0 {
					i += bits.TrailingZeros64(x) >> 3
					break
				}
				i += 8
			}
			for len(src)-i < 8 && i < len(src) && src[i] == ' ' {
				i++
			}
			continue
		}
		if !IsSpace(c) {
			return i
		}
		i++
	}
	return i
}

// EndsPlainRun reports whether a string body must stop at c: it ends the
// string, starts an escape, or is a control byte.
func EndsPlainRun(c byte) bool { return Is(c, StopPlain) }

// IsDigit reports whether c is an ASCII digit.
func IsDigit(c byte) bool { return c-'0' < 10 }

// IsHex reports whether c is a hexadecimal digit of either case.
func IsHex(c byte) bool {
	return c-'0' < 10 || (c|0x20)-'a' < 6
}

// ScanString returns the index just past the closing quote of the string
// whose body starts at src[i], or the position and context of its first
// error.
func ScanString(src []byte, i int) (int, semantics.SyntaxCtx) {
	for {
		for len(src)-i >= 8 {
			if m := PlainMask(binary.LittleEndian.Uint64(src[i:])); m != 0 {
				i += bits.TrailingZeros64(m) >> 3
				break
			}
			i += 8
		}
		for i < len(src) && !Is(src[i], StopPlain) {
			i++
		}
		if i >= len(src) {
			return i, semantics.CtxString
		}
		switch src[i] {
		case '"':
			return i + 1, semantics.CtxNone
		case '\\':
			// \uXXXX, the escape of whole escaped texts, checked inline
			// with one table lookup per digit and one branch.
			if len(src)-i >= 6 && src[i+1] == 'u' &&
				hexValue[src[i+2]]|hexValue[src[i+3]]|hexValue[src[i+4]]|hexValue[src[i+5]] >= 0 {
				i += 6
				continue
			}
			var c semantics.SyntaxCtx
			if i, c = ScanEscape(src, i+1); c != semantics.CtxNone {
				return i, c
			}
		default:
			return i, semantics.CtxString
		}
	}
}

// ScanEscape checks the escape sequence after a backslash at src[i-1] and
// returns the index just past it, or the position and context of its error
// (the position is len(src) when src ends inside the escape).
func ScanEscape(src []byte, i int) (int, semantics.SyntaxCtx) {
	if i >= len(src) {
		return i, semantics.CtxEscape
	}
	switch src[i] {
	case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
		return i + 1, semantics.CtxNone
	case 'u':
		for j := i + 1; j < i+5; j++ {
			if j >= len(src) || !IsHex(src[j]) {
				return j, semantics.CtxHexEscape
			}
		}
		return i + 5, semantics.CtxNone
	}
	return i, semantics.CtxEscape
}

// ScanNumber returns the index just past the number at src[i]:
// -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
// Where no number starts at src[i], it fails there in CtxNumber, as it
// does after a '-' with no digit.
func ScanNumber(src []byte, i int) (int, semantics.SyntaxCtx) {
	n := len(src)
	if i < n && src[i] == '-' {
		i++
	}
	switch {
	case i < n && src[i] == '0':
		i++
	case i < n && src[i]-'1' < 9:
		i = SkipDigits(src, i+1)
	default:
		return i, semantics.CtxNumber
	}
	if i < n && src[i] == '.' {
		i++
		if i >= n || !IsDigit(src[i]) {
			return i, semantics.CtxDecimal
		}
		i = SkipDigits(src, i+1)
	}
	if i < n && src[i]|0x20 == 'e' {
		i++
		if i < n && (src[i] == '+' || src[i] == '-') {
			i++
		}
		if i >= n || !IsDigit(src[i]) {
			return i, semantics.CtxExponent
		}
		for i++; i < n && IsDigit(src[i]); i++ {
		}
	}
	return i, semantics.CtxNone
}

// IsNumber reports whether src is one JSON number and nothing else.
func IsNumber(src []byte) bool {
	end, fail := ScanNumber(src, 0)
	return fail == semantics.CtxNone && end == len(src)
}

// IntEnd returns the index just past the integer at src[i], if one of at
// most fifteen digits is there, nothing after it goes on a number, and 24
// bytes or more are there from i: the usual ids, counts and timestamps,
// read as words at offsets into one array, with no test of the length of
// their own. Otherwise ok is false, and ScanNumber decides.
func IntEnd(src []byte, i int) (end int, ok bool) {
	if i < 0 || len(src)-i < 24 {
		return 0, false
	}
	b := (*[24]byte)(src[i:])
	j := 0
	if b[0] == '-' {
		j = 1
	}
	k := bits.TrailingZeros64(NonDigits(binary.LittleEndian.Uint64(b[j:]))) >> 3
	if k == 8 {
		k += bits.TrailingZeros64(NonDigits(binary.LittleEndian.Uint64(b[j+8:]))) >> 3
	}
	switch c := b[j+k&15]; {
	case k == 0 || k == 16, k > 1 && b[j] == '0', c == '.', c|0x20 == 'e':
		return 0, false
	}
	return i + j + k, true
}

// NonDigits flags the bytes of v, eight bytes of text with the first in
// the low byte, that are not ASCII digits: their bytes of the result are
// not zero. Past the first non-digit the flags are meaningless, but the
// lowest flagged byte is exactly the first non-digit.
func NonDigits(v uint64) uint64 {
	// A byte is a digit iff its high nibble is 3 and adding 6 leaves it
	// 3. A carry out of a byte only comes from a non-digit byte.
	const hi, three, six = LSB * 0xF0, LSB * 0x30, LSB * 0x06
	return (v&hi ^ three) | ((v+six)&hi ^ three)
}

// SkipDigits returns the index of the first non-digit at or after src[i].
// Long fractions are common (coordinates), and so are ten-digit timestamps
// and long ids, so it checks eight at a time.
func SkipDigits(src []byte, i int) int {
	for len(src)-i >= 8 {
		if m := NonDigits(binary.LittleEndian.Uint64(src[i:])); m != 0 {
			return i + bits.TrailingZeros64(m)>>3
		}
		i += 8
	}
	for i < len(src) && IsDigit(src[i]) {
		i++
	}
	return i
}

// Little-endian words of the literals' first four bytes.
const (
	wordTrue = 't' | 'r'<<8 | 'u'<<16 | 'e'<<24
	wordNull = 'n' | 'u'<<8 | 'l'<<16 | 'l'<<24
	wordFals = 'f' | 'a'<<8 | 'l'<<16 | 's'<<24
)

// Literal reports which literal is whole at src[i], read as a word: 't'
// (true), 'f' (false) or 'n' (null), with the index just past it; or 0 if
// none is.
func Literal(src []byte, i int) (kind byte, end int) {
	if len(src)-i >= 4 {
		switch binary.LittleEndian.Uint32(src[i:]) {
		case wordTrue:
			return 't', i + 4
		case wordNull:
			return 'n', i + 4
		case wordFals:
			if len(src)-i >= 5 && src[i+4] == 'e' {
				return 'f', i + 5
			}
		}
	}
	return 0, 0
}

// ScanLiteral matches the literal true, false or null that starts with
// src[i] (one of 't', 'f', 'n'). It returns the index after the literal,
// or the error position and context.
//
//go:noinline
func ScanLiteral(src []byte, i int) (int, semantics.SyntaxCtx) {
	if kind, end := Literal(src, i); kind != 0 {
		return end, semantics.CtxNone
	}
	return badLiteral(src, i)
}

// badLiteral is the position of the first byte of src[i:] that breaks the
// literal whose first byte is src[i], and the literal's context; it is an
// error path, kept out of the loops.
func badLiteral(src []byte, i int) (int, semantics.SyntaxCtx) {
	lit, c := "null", semantics.CtxNull
	switch src[i] {
	case 't':
		lit, c = "true", semantics.CtxTrue
	case 'f':
		lit, c = "false", semantics.CtxFalse
	}
	k := 1
	for k < len(lit) && i+k < len(src) && src[i+k] == lit[k] {
		k++
	}
	return i + k, c
}
