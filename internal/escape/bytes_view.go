//go:build !safejson_safe

package escape

import "github.com/safejson/safejson/internal/mem"

// AppendBytes is AppendString for a byte slice, viewed as a string in
// place.
func AppendBytes(dst []byte, src []byte, m Mode) []byte {
	return AppendString(dst, mem.String(src), m)
}
