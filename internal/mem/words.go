package mem

import "encoding/binary"

// Words returns the first 32 bytes of s, zero-padded, as the words that
// AppendShort and AppendWords16 store. They are in the machine's own byte
// order, so that those stores are plain word stores on every platform:
// little-endian words stored on a big-endian machine would write each
// 8 bytes reversed.
func Words(s string) (w [4]uint64) {
	var pad [32]byte
	copy(pad[:], s)
	for i := range w {
		w[i] = binary.NativeEndian.Uint64(pad[8*i:])
	}
	return w
}

// appendWords appends the first n <= 32 bytes held in w, Words' words,
// through a copy on the stack.
func appendWords(b []byte, w *[4]uint64, n int) []byte {
	var p [32]byte
	for i, x := range w {
		binary.NativeEndian.PutUint64(p[8*i:], x)
	}
	return append(b, p[:n]...)
}

// Bits are the unsigned types a ScalarMap reads values as: one of each
// size a bool, integer or float has.
type Bits interface {
	uint8 | uint16 | uint32 | uint64 | uint
}

// Integer is the integer kinds, the keys of an IntStringMap.
type Integer interface {
	~int | ~int8 | ~int16 | ~int32 | ~int64 | ~uint | ~uint8 | ~uint16 | ~uint32 | ~uint64 | ~uintptr
}
