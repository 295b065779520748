//go:build amd64 && !safejson_safe

package mem

import (
	"slices"
	"unsafe"
)

// blockRoom is the room copyClean32 wants before each block: 32 bytes can
// become 192, and stores run up to 32 bytes past what they keep. It is the
// 224 of copyclean_amd64.s.
const blockRoom = 224

//go:noescape
func copyClean32(dst *byte, room int, src *byte, n int, mode int, tables *[3][32]byte, seqs *[128]uint64) (consumed, written int)

// AppendClean appends to dst the escaped form of the longest prefix of s
// that holds only valid UTF-8 other than U+2028 and U+2029. The bytes a
// JSON string writer in the given mode (as for IndexDirty) escapes are
// written as seqs gives them: seqs[b] holds the escape of ASCII byte b,
// its bytes from the lowest, and its length in the top byte. (Of a string
// of 33 or 34 bytes it takes at most the first 32.) The prefix ends on a
// character boundary. AppendClean returns the extended dst and the
// prefix's length. Where there is no AVX2, or s is shorter than 32 bytes,
// it appends nothing.
//
// It checks and copies in one pass, straight into dst's spare capacity,
// which it grows by len(s) and a little: where escapes lengthen the text
// it may stop early for want of room, and is called again.
func AppendClean(dst []byte, s string, mode int, seqs *[128]uint64) ([]byte, int) {
	if !hasAVX2 || len(s) < 32 {
		return dst, 0
	}
	dst = slices.Grow(dst, len(s)+blockRoom)
	l := len(dst)
	c, w := copyClean32(unsafe.SliceData(dst[l:cap(dst)]), cap(dst)-l, unsafe.StringData(s), len(s), mode, &utf8Tables, seqs)
	// A character cut short where the copy stopped was judged with only its
	// first bytes; give it back to the caller.
	k := incompleteTail(s[:c])
	return dst[:l+w-k], c - k
}
