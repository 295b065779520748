//go:build amd64 && !safejson_safe

package mem

import (
	"slices"
	"unsafe"
)

//go:noescape
func copyClean32(dst, src *byte, n int, mode int, tables *[3][32]byte) int

// AppendClean appends to dst the longest prefix of s that a JSON string
// writer in the given mode (as for IndexDirty) copies unchanged: bytes
// needing no escape, in valid UTF-8 other than U+2028 and U+2029. (Of a
// string of 33 or 34 bytes it copies at most the first 32.) The prefix
// ends on a character boundary. AppendClean returns the extended
// dst and the prefix's length. Where there is no AVX2, or s is shorter
// than 32 bytes, it appends nothing.
//
// It checks and copies in one pass, straight into dst's spare capacity.
func AppendClean(dst []byte, s string, mode int) ([]byte, int) {
	if !hasAVX2 || len(s) < 32 {
		return dst, 0
	}
	dst = slices.Grow(dst, len(s))
	l := len(dst)
	n := copyClean32(unsafe.SliceData(dst[l:l+len(s)]), unsafe.StringData(s), len(s), mode, &utf8Tables)
	// A character cut short where the copy stopped was judged with only its
	// first bytes; give it back to the caller.
	n -= incompleteTail(s[:n])
	return dst[:l+n], n
}
