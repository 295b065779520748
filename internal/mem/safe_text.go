//go:build safejson_safe

package mem

import "encoding/binary"

// AppendShort appends s; w, the words of s that the default build stores
// directly, is not needed here.
func AppendShort(b []byte, s string, _ *[4]uint64) []byte { return append(b, s...) }

// AppendWords16 appends the first n <= 16 bytes held in w, the first two
// of Words' words.
func AppendWords16(b []byte, w *[2]uint64, n int) []byte {
	var p [16]byte
	binary.NativeEndian.PutUint64(p[:], w[0])
	binary.NativeEndian.PutUint64(p[8:], w[1])
	return append(b, p[:n]...)
}

// AppendWords32 appends the first n <= 32 bytes held in w, Words' words.
func AppendWords32(b []byte, w *[4]uint64, n int) []byte { return appendWords(b, w, n) }

// String returns b as a string (a copy, in this build).
func String(b []byte) string { return string(b) }

// Load64 returns the 8 bytes of s at i as a little-endian word.
func Load64(s string, i int) uint64 {
	_ = s[i+7]
	return uint64(s[i]) | uint64(s[i+1])<<8 | uint64(s[i+2])<<16 | uint64(s[i+3])<<24 |
		uint64(s[i+4])<<32 | uint64(s[i+5])<<40 | uint64(s[i+6])<<48 | uint64(s[i+7])<<56
}

// Store64 writes w to b at i as 8 little-endian bytes.
func Store64(b []byte, i int, w uint64) { binary.LittleEndian.PutUint64(b[i:], w) }

// Load32 is Load64 for 4 bytes.
func Load32(s string, i int) uint32 {
	_ = s[i+3]
	return uint32(s[i]) | uint32(s[i+1])<<8 | uint32(s[i+2])<<16 | uint32(s[i+3])<<24
}
