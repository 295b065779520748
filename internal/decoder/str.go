package decoder

import (
	"encoding/binary"
	"math/bits"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/safejson/safejson/internal/mem"
)

// SWAR constants: a byte replicated into every lane of a word.
const (
	lsb = 0x0101010101010101
	msb = 0x8080808080808080
)

// attention flags (in the lane's top bit) the lanes of the little-endian word
// v that hold '"', '\\', a control byte or a non-ASCII byte. Only the lowest
// flagged lane is exact.
func attention(v uint64) uint64 {
	q := v ^ (lsb * '"')
	b := v ^ (lsb * '\\')
	return ((v - lsb*0x20) | (q - lsb) | (b - lsb) | v) & msb
}

// scanString consumes the string literal at d.i (its opening quote) and
// returns the bounds of its body. plain is false if the body has escapes or
// invalid UTF-8, so that it must be unquoted rather than used as it is.
func (d *decodeState) scanString() (start int, plain bool, err error) {
	data := d.data
	i := d.i + 1
	start, plain = i, true
	for {
		for len(data)-i >= 8 {
			if m := attention(binary.LittleEndian.Uint64(data[i:])); m != 0 {
				i += bitIndex(m)
				break
			}
			i += 8
		}
		for i < len(data) && class[data[i]]&classPlain != 0 {
			i++
		}
		if i >= len(data) {
			return 0, false, errSyntax
		}
		switch c := data[i]; {
		case c == '"':
			d.i = i + 1
			return start, plain, nil
		case c == '\\':
			plain = false
			n, ok := escapeLen(data[i:])
			if !ok {
				return 0, false, errSyntax
			}
			i += n
		case c < 0x20:
			return 0, false, errSyntax
		default:
			var ok bool
			if i, ok = skipUTF8(data, i); !ok {
				plain = false
			}
		}
	}
}

// skipUTF8 skips the run of non-ASCII characters at data[i:]; ok is false if
// it holds invalid UTF-8. Two- and three-byte characters, which is most
// text, are checked inline.
func skipUTF8(data []byte, i int) (int, bool) {
	ok := true
	for i < len(data) && data[i] >= utf8.RuneSelf {
		c := data[i]
		switch {
		case c >= 0xE1 && c <= 0xEC && len(data)-i >= 3 &&
			data[i+1]&0xC0 == 0x80 && data[i+2]&0xC0 == 0x80:
			i += 3
		case c >= 0xC2 && c <= 0xDF && len(data)-i >= 2 && data[i+1]&0xC0 == 0x80:
			i += 2
		default:
			r, size := utf8.DecodeRune(data[i:])
			if r == utf8.RuneError && size == 1 {
				ok = false
			}
			i += size
		}
	}
	return i, ok
}

// bitIndex is the byte lane of the lowest set top bit of m.
func bitIndex(m uint64) int { return bits.TrailingZeros64(m) >> 3 }

// escapeLen checks the escape sequence at the start of s and returns its
// length.
func escapeLen(s []byte) (int, bool) {
	if len(s) < 2 {
		return 0, false
	}
	switch s[1] {
	case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
		return 2, true
	case 'u':
		if len(s) >= 6 && hex4(s[2:6]) >= 0 {
			return 6, true
		}
	}
	return 0, false
}

// hexValue maps hex digits to their values and other bytes to -1.
var hexValue = func() (t [256]int8) {
	for c := range t {
		t[c] = -1
	}
	for c := '0'; c <= '9'; c++ {
		t[c] = int8(c - '0')
	}
	for c := 'a'; c <= 'f'; c++ {
		t[c] = int8(c - 'a' + 10)
		t[c-'a'+'A'] = int8(c - 'a' + 10)
	}
	return t
}()

// hex4 decodes four hex digits, or returns -1.
func hex4(s []byte) rune {
	s = s[:4]
	a, b, c, d := hexValue[s[0]], hexValue[s[1]], hexValue[s[2]], hexValue[s[3]]
	if a|b|c|d < 0 {
		return -1
	}
	return rune(a)<<12 | rune(b)<<8 | rune(c)<<4 | rune(d)
}

// unquote appends the body of a checked string literal to dst with escapes
// decoded, and invalid UTF-8 and lone surrogates replaced by U+FFFD, as
// encoding/json does.
func unquote(dst, body []byte) []byte {
	for i := 0; i < len(body); {
		// Copy what needs no change in one piece.
		j := i
		for j < len(body) && body[j] != '\\' {
			if body[j] < utf8.RuneSelf {
				j++
				continue
			}
			k, ok := skipUTF8(body, j)
			if !ok {
				break
			}
			j = k
		}
		dst = append(dst, body[i:j]...)
		if i = j; i >= len(body) {
			break
		}
		c := body[i]
		switch {
		case c == '\\':
			switch c = body[i+1]; c {
			case 'b':
				dst = append(dst, '\b')
			case 'f':
				dst = append(dst, '\f')
			case 'n':
				dst = append(dst, '\n')
			case 'r':
				dst = append(dst, '\r')
			case 't':
				dst = append(dst, '\t')
			case 'u':
				r := hex4(body[i+2:])
				i += 6
				if utf16.IsSurrogate(r) {
					r2 := rune(-1)
					if len(body)-i >= 6 && body[i] == '\\' && body[i+1] == 'u' {
						r2 = hex4(body[i+2:])
					}
					if pair := utf16.DecodeRune(r, r2); pair != utf8.RuneError {
						r = pair
						i += 6
					} else {
						r = utf8.RuneError
					}
				}
				dst = utf8.AppendRune(dst, r)
				continue
			default: // '"', '\\', '/'
				dst = append(dst, c)
			}
			i += 2
		case c < utf8.RuneSelf:
			dst = append(dst, c)
			i++
		default:
			r, size := utf8.DecodeRune(body[i:])
			dst = utf8.AppendRune(dst, r)
			i += size
		}
	}
	return dst
}

// stringBytes consumes a string literal and returns its unquoted body,
// which stays valid only until the next call (it may be d.scratch or d.data).
func (d *decodeState) stringBytes() ([]byte, error) {
	start, plain, err := d.scanString()
	if err != nil {
		return nil, err
	}
	body := d.data[start : d.i-1]
	if plain {
		return body, nil
	}
	d.scratch = unquote(d.scratch[:0], body)
	return d.scratch, nil
}

// str consumes a string literal and returns it as a string of its own.
func (d *decodeState) str() (string, error) {
	b, err := d.stringBytes()
	if err != nil {
		return "", err
	}
	return d.keep(b), nil
}

// Strings are copied into an arena: a few large allocations instead of one
// per string. A string keeps its whole chunk alive, as goccy/go-json's keep
// their whole input. The first chunk is at most the input's size and later
// ones double, so small inputs pay for small chunks.
const (
	firstArena = 4 << 10
	maxArena   = 256 << 10
)

// keep returns b as a string that no later write changes.
func (d *decodeState) keep(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	if len(b) > cap(d.arena)-len(d.arena) {
		if len(b) > maxArena/4 {
			return string(b)
		}
		d.arenaSz = min(max(2*d.arenaSz, min(len(d.data), firstArena)), maxArena)
		d.arena = make([]byte, 0, max(d.arenaSz, 2*len(b)))
	}
	n := len(d.arena)
	d.arena = append(d.arena, b...)
	return mem.String(d.arena[n:len(d.arena):len(d.arena)])
}
