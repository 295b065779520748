//go:build safejson_safe

package escape

import "unicode/utf8"

// AppendBytes is AppendString for a byte slice. The safe build cannot view
// src as a string without copying it, which for a large MarshalText
// result or map key would cost as much memory again, so it escapes src
// where it is, a character at a time.
func AppendBytes(dst []byte, src []byte, m Mode) []byte {
	dst = append(dst, '"')
	start := 0
	for i := 0; i < len(src); {
		b := src[i]
		if b < utf8.RuneSelf {
			i++
			if !safe[m][b] {
				dst = appendASCIIEscape(append(dst, src[start:i-1]...), b)
				start = i
			}
			continue
		}
		r, n := utf8.DecodeRune(src[i:])
		switch {
		case r == utf8.RuneError && n == 1:
			dst = appendInvalid(append(dst, src[start:i]...), m)
			start = i + 1
		case r == '\u2028' || r == '\u2029':
			dst = append(append(dst, src[start:i]...), '\\', 'u', '2', '0', '2', hex[r&0xF])
			start = i + n
		}
		i += n
	}
	return append(append(dst, src[start:]...), '"')
}
