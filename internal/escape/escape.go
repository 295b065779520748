// Package escape writes Go strings as quoted JSON strings.
//
// It is a leaf: no reflection, no knowledge of values. A 256-entry table per
// mode says which bytes need attention, a word-at-a-time scan skips clean
// ASCII runs, and each clean run is copied to the output at once.
package escape

// Mode selects which characters are escaped beyond what JSON requires.
// In every mode, '"', '\\', control bytes, U+2028, U+2029 and invalid UTF-8
// are escaped exactly as encoding/json escapes them.
type Mode uint8

const (
	// Plain is encoding/json with SetEscapeHTML(false).
	Plain Mode = iota
	// HTML also escapes '<', '>' and '&' (encoding/json's default).
	HTML
	// Script is HTML plus '/' written as `\/`, so that no "</script" or
	// "<!--" can appear in the output.
	Script
	numModes
)

const hex = "0123456789abcdef"

// safe[m][b] is true for ASCII bytes that mode m copies unchanged. Bytes
// >= 0x80 are never "safe": they start UTF-8 sequences that must be checked.
var safe = func() (t [numModes][256]bool) {
	for m := range numModes {
		for b := 0x20; b < 0x80; b++ {
			t[m][b] = b != '"' && b != '\\'
		}
		if m >= HTML {
			t[m]['<'], t[m]['>'], t[m]['&'] = false, false, false
		}
		if m >= Script {
			t[m]['/'] = false
		}
	}
	return t
}()

const (
	lsb = 0x0101010101010101
	msb = 0x8080808080808080
)

// dirty reports whether any of the 8 bytes in w may need escaping in mode m.
// It is exact for the bytes it tests, so a false answer means "copy all 8".
func dirty(w uint64, m Mode) bool {
	x := (w - 0x20*lsb) | hasZero(w^('"'*lsb)) | hasZero(w^('\\'*lsb)) | w
	if m >= HTML {
		x |= hasZero(w^('<'*lsb)) | hasZero(w^('>'*lsb)) | hasZero(w^('&'*lsb))
		if m >= Script {
			x |= hasZero(w ^ ('/' * lsb))
		}
	}
	// (w - 0x20*lsb) sets a byte's high bit when that byte is < 0x20, but the
	// borrow can also set it in a higher byte; only the existence of some
	// dirty byte matters here, so a false positive just takes the slow path.
	return x&msb != 0
}

func hasZero(w uint64) uint64 { return (w - lsb) &^ w }

func load64[T ~string | ~[]byte](s T, i int) uint64 {
	_ = s[i+7]
	return uint64(s[i]) | uint64(s[i+1])<<8 | uint64(s[i+2])<<16 | uint64(s[i+3])<<24 |
		uint64(s[i+4])<<32 | uint64(s[i+5])<<40 | uint64(s[i+6])<<48 | uint64(s[i+7])<<56
}

// AppendString appends src as a quoted JSON string.
func AppendString[T ~string | ~[]byte](dst []byte, src T, m Mode) []byte {
	dst = append(dst, '"')
	dst = AppendContents(dst, src, m)
	return append(dst, '"')
}

// AppendContents appends the escaped contents of src, without quotes.
func AppendContents[T ~string | ~[]byte](dst []byte, src T, m Mode) []byte {
	tab := &safe[m]
	start, i := 0, 0
	for i < len(src) {
		for i+8 <= len(src) && !dirty(load64(src, i), m) {
			i += 8
		}
		for i < len(src) && tab[src[i]] {
			i++
		}
		if i >= len(src) {
			break
		}
		b := src[i]
		if b < 0x80 {
			dst = append(dst, src[start:i]...)
			dst = appendASCIIEscape(dst, b)
			i++
			start = i
			continue
		}
		n := runeLen(src, i)
		switch {
		case n == 0:
			dst = append(dst, src[start:i]...)
			dst = append(dst, `\ufffd`...)
			i++
			start = i
		case n == 3 && b == 0xE2 && src[i+1] == 0x80 && src[i+2]&0xFE == 0xA8:
			dst = append(dst, src[start:i]...)
			dst = append(dst, '\\', 'u', '2', '0', '2', hex[src[i+2]&0xF])
			i += 3
			start = i
		default:
			i += n
		}
	}
	return append(dst, src[start:]...)
}

func appendASCIIEscape(dst []byte, b byte) []byte {
	switch b {
	case '"', '\\':
		return append(dst, '\\', b)
	case '/':
		return append(dst, '\\', '/')
	case '\b':
		return append(dst, '\\', 'b')
	case '\f':
		return append(dst, '\\', 'f')
	case '\n':
		return append(dst, '\\', 'n')
	case '\r':
		return append(dst, '\\', 'r')
	case '\t':
		return append(dst, '\\', 't')
	}
	return append(dst, '\\', 'u', '0', '0', hex[b>>4], hex[b&0xF])
}

// runeLen returns the length of the valid UTF-8 sequence starting at s[i]
// (s[i] >= 0x80), or 0 if it is not valid UTF-8.
func runeLen[T ~string | ~[]byte](s T, i int) int {
	b := s[i]
	rest := len(s) - i
	cont := func(c byte) bool { return c&0xC0 == 0x80 }
	switch {
	case b < 0xC2:
		return 0
	case b < 0xE0:
		if rest >= 2 && cont(s[i+1]) {
			return 2
		}
	case b < 0xF0:
		if rest < 3 || !cont(s[i+2]) {
			return 0
		}
		c := s[i+1]
		if (b == 0xE0 && c >= 0xA0 && c <= 0xBF) || (b == 0xED && c >= 0x80 && c <= 0x9F) ||
			(b != 0xE0 && b != 0xED && cont(c)) {
			return 3
		}
	case b < 0xF5:
		if rest < 4 || !cont(s[i+2]) || !cont(s[i+3]) {
			return 0
		}
		c := s[i+1]
		if (b == 0xF0 && c >= 0x90 && c <= 0xBF) || (b == 0xF4 && c >= 0x80 && c <= 0x8F) ||
			(b != 0xF0 && b != 0xF4 && cont(c)) {
			return 4
		}
	}
	return 0
}
