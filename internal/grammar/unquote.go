package grammar

import (
	"encoding/binary"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/safejson/safejson/internal/mem"
)

// Decoding the body of a string literal, shared by the decoder and the
// stream re-encoder.

// SkipUTF8 skips the run of valid non-ASCII characters at data[i:] and
// returns where it ends: at an ASCII byte or the end of data, with ok, or
// at a byte that does not start valid UTF-8 (invalid as one byte, as
// utf8.DecodeRune has it), without. Stopping there lets callers go on past
// that byte without scanning the rest of the run again. Where 32 bytes or
// more follow, it first takes what mem.SkipPlain can, which passes the
// ASCII in the run as well, up to a '"', '\\' or control byte: text in
// scripts other than Latin, mixed with spaces and punctuation, is checked
// 32 bytes at a time. Two- and three-byte characters, which is most text,
// are checked inline.
func SkipUTF8(data []byte, i int) (int, bool) {
	if len(data)-i >= 32 {
		i += mem.SkipPlain(data[i:])
	}
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
				return i, false
			}
			i += size
		}
	}
	return i, true
}

// PlainEnd returns the index of the first byte at or after src[i] that a
// string body does not hold as it is: '"', '\\', a control byte, or a byte
// that starts no valid UTF-8 character; or len(src). A body that ends
// there at a '"' needs no unquoting.
func PlainEnd(src []byte, i int) int {
	for i < len(src) {
		if c := src[i]; c < utf8.RuneSelf {
			if !Is(c, PlainASCII) {
				break
			}
			i += PlainASCIIRun(src, i)
			continue
		}
		k, ok := SkipUTF8(src, i)
		if i = k; !ok {
			break
		}
	}
	return i
}

// AppendBody appends to dst the rest of the string body at src[i:],
// unquoted, and returns it with the index just past the closing quote; ok
// is false if the string is bad or not closed. Escapes of lone surrogates
// and bytes that start no valid UTF-8 character each become U+FFFD, as
// encoding/json has them, unless strict, as jsontext has them: then they
// fail.
func AppendBody(dst, src []byte, i int, strict bool) (_ []byte, end int, ok bool) {
	for {
		if i >= len(src) {
			return dst, 0, false
		}
		switch c := src[i]; {
		case c == '"':
			return dst, i + 1, true
		case c == '\\':
			if len(src)-i < 2 {
				return dst, 0, false
			}
			if e := SimpleEscape(src[i+1]); e != 0 {
				dst, i = append(dst, e), i+2
				continue
			}
			if src[i+1] != 'u' {
				return dst, 0, false
			}
			if len(src)-i >= 6 {
				// Most \u escapes stand for one character of their own.
				if r := Hex4(src[i+2:]); r >= 0 && !utf16.IsSurrogate(r) {
					dst, i = utf8.AppendRune(dst, r), i+6
					continue
				}
			}
			// A pair, or U+FFFD; a bad escape after it fails next.
			r, n := UnicodeEscape(src[i:])
			if r < 0 || r == utf8.RuneError && strict && n == 6 && utf16.IsSurrogate(Hex4(src[i+2:])) {
				return dst, 0, false
			}
			dst, i = utf8.AppendRune(dst, r), i+n
		case c < 0x20:
			return dst, 0, false
		case c < utf8.RuneSelf:
			if n := len(dst); len(src)-i >= 8 && cap(dst)-n >= 8 {
				// Most runs between escapes are short: the run's first
				// word is stored whole, and dst keeps what of it is run.
				w := binary.LittleEndian.Uint64(src[i:])
				binary.LittleEndian.PutUint64(dst[n:n+8], w)
				if m := ASCIIMask(w); m != 0 {
					k := Lane(m)
					dst, i = dst[:n+k], i+k
					continue
				}
				// A run longer than a word is most often text: blocks
				// of 32 bytes, then the words left.
				j := i + 8
				if len(src)-j >= 32 {
					j += mem.SkipPlain(src[j:])
				}
				j += PlainASCIIRun(src, j)
				dst, i = append(dst[:n+8], src[i+8:j]...), j
				continue
			}
			j := i + PlainASCIIRun(src, i)
			dst, i = append(dst, src[i:j]...), j
		default:
			k, ok := SkipUTF8(src, i)
			dst, i = append(dst, src[i:k]...), k
			if !ok {
				if strict {
					return dst, 0, false
				}
				dst, i = utf8.AppendRune(dst, utf8.RuneError), i+1
			}
		}
	}
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

// Hex4 decodes four hex digits, or returns -1.
func Hex4(s []byte) rune {
	s = s[:4]
	a, b, c, d := hexValue[s[0]], hexValue[s[1]], hexValue[s[2]], hexValue[s[3]]
	if a|b|c|d < 0 {
		return -1
	}
	return rune(a)<<12 | rune(b)<<8 | rune(c)<<4 | rune(d)
}

// simpleEscapes maps the byte after a backslash to the byte the escape
// stands for; 'u' and bytes that start no escape map to 0.
var simpleEscapes = [256]byte{'"': '"', '\\': '\\', '/': '/', 'b': '\b', 'f': '\f', 'n': '\n', 'r': '\r', 't': '\t'}

// SimpleEscape returns the byte that the escape of c (a backslash, then
// c) stands for, or 0 for \u and for a c that starts no escape.
func SimpleEscape(c byte) byte { return simpleEscapes[c] }

// UnicodeEscape decodes the \uXXXX escape s starts with, and the low half
// of a surrogate pair after it: the rune, U+FFFD for a lone surrogate, and
// the bytes it took. The rune is -1 if the escape's hex digits are bad (6
// bytes taken) or cut off (all of s).
func UnicodeEscape(s []byte) (rune, int) {
	if len(s) < 6 {
		return -1, len(s)
	}
	r := Hex4(s[2:6])
	if r < 0 || !utf16.IsSurrogate(r) {
		return r, 6
	}
	r2 := rune(-1)
	if len(s) >= 12 && s[6] == '\\' && s[7] == 'u' {
		r2 = Hex4(s[8:12])
	}
	if pair := utf16.DecodeRune(r, r2); pair != utf8.RuneError {
		return pair, 12
	}
	return utf8.RuneError, 6
}

// AppendUnquoted appends the body of a checked string literal to dst with escapes
// decoded, and invalid UTF-8 and lone surrogates replaced by U+FFFD, as
// encoding/json does.
func AppendUnquoted(dst, body []byte) []byte {
	for i := 0; i < len(body); {
		// Copy what needs no change in one piece.
		j := i
		for j < len(body) && body[j] != '\\' {
			if body[j] < utf8.RuneSelf {
				j++
				continue
			}
			k, ok := SkipUTF8(body, j)
			if j = k; !ok {
				break // the byte at j becomes U+FFFD below
			}
		}
		dst = append(dst, body[i:j]...)
		if i = j; i >= len(body) {
			break
		}
		c := body[i]
		switch {
		case c == '\\':
			if e := body[i+1]; e != 'u' {
				// Any other byte stands for itself, as the loose
				// unquoting of `,string` values wants.
				if u := SimpleEscape(e); u != 0 {
					e = u
				}
				dst = append(dst, e)
				i += 2
				continue
			}
			r, n := UnicodeEscape(body[i:])
			dst = utf8.AppendRune(dst, r) // U+FFFD for -1
			i += n
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
