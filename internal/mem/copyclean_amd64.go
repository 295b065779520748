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
func copyClean32(dst *byte, room int, src *byte, n int, nibbles *[3][32]byte, tables *[3][32]byte, seqs *[128]uint64) (consumed, written int)

//go:noescape
func skipPlain32(src *byte, n int, nibbles *[3][32]byte, tables *[3][32]byte) int

//go:noescape
func skipText32(src *byte, n int, nibbles *[3][32]byte, tables *[3][32]byte) int

// SkipPlain returns how many bytes at the start of b a string literal's
// body holds as they are: valid UTF-8 with no '"', '\\' or control byte,
// ending on a character boundary; b must start at one. It reads blocks of
// 32 bytes, and so leaves to the caller the last bytes of a b whose length
// is not a multiple of 32, and all of a b shorter than 32 or a machine
// without AVX2, for which it returns 0.
func SkipPlain(b []byte) int {
	if !hasAVX2 || len(b) < 32 {
		return 0
	}
	n := skipPlain32(unsafe.SliceData(b), len(b), &escapeNibbles[0], &utf8Tables)
	return n - incompleteTail(unsafe.String(unsafe.SliceData(b), n))
}

// SkipScriptText is SkipPlain for JSON text that script safety leaves as
// it is: valid UTF-8 other than U+2028 and U+2029 with no '\\', '<', '>',
// '&' or '/'.
func SkipScriptText(b []byte) int {
	if !hasAVX2 || len(b) < 32 {
		return 0
	}
	n := skipText32(unsafe.SliceData(b), len(b), &scriptTextNibbles, &utf8Tables)
	return n - incompleteTail(unsafe.String(unsafe.SliceData(b), n))
}

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
	c, w := copyClean32(unsafe.SliceData(dst[l:cap(dst)]), cap(dst)-l, unsafe.StringData(s), len(s), &escapeNibbles[mode], &utf8Tables, seqs)
	// A character cut short where the copy stopped was judged with only its
	// first bytes; give it back to the caller.
	k := incompleteTail(s[:c])
	return dst[:l+w-k], c - k
}

// AppendCleanShort is AppendClean for s of 1 to 31 bytes, which are too
// few for its blocks: s is copied into a block padded with spaces, clean
// in every mode, and the copies of the padding are dropped from dst.
func AppendCleanShort(dst []byte, s string, mode int, seqs *[128]uint64) ([]byte, int) {
	if !hasAVX2 || len(s) >= 32 {
		return dst, 0
	}
	block := spaces
	copy(block[:], s)
	dst = slices.Grow(dst, len(block)+blockRoom)
	l := len(dst)
	c, w := copyClean32(unsafe.SliceData(dst[l:cap(dst)]), cap(dst)-l, &block[0], len(block), &escapeNibbles[mode], &utf8Tables, seqs)
	if c > len(s) {
		// Beyond s, only padding was copied, byte for byte.
		w -= c - len(s)
		c = len(s)
	}
	k := incompleteTail(s[:c])
	return dst[:l+w-k], c - k
}

// doubledShuffles[m] is the shuffle by which copyClean32 writes 8 bytes
// whose escapes are flagged in the bits of m, each a backslash and itself:
// it takes byte i of the 8 for i, a backslash for 8, and 0 past the end.
//
//lint:ignore U1000 copyclean_amd64.s reads it by its symbol
var doubledShuffles = func() (t [256][16]byte) {
	for m := range 256 {
		j := 0
		for i := range 8 {
			if m>>i&1 != 0 {
				t[m][j] = 8
				j++
			}
			t[m][j] = byte(i)
			j++
		}
		for ; j < 16; j++ {
			t[m][j] = 0x80
		}
	}
	return t
}()

var spaces = func() (b [32]byte) {
	for i := range b {
		b[i] = ' '
	}
	return b
}()

// escapeNibbles[mode] holds the nibble lookups of the ASCII bytes a mode
// escapes (as for IndexDirty), as nibblesOf makes them.
var escapeNibbles = func() (t [3][3][32]byte) {
	for mode := range 3 {
		t[mode] = nibblesOf(func(b byte) bool { return escapesASCII(b, mode) })
	}
	return t
}()

// scriptTextNibbles flags the ASCII bytes SkipScriptText stops at.
var scriptTextNibbles = nibblesOf(func(b byte) bool {
	return b == '\\' || b == '<' || b == '>' || b == '&' || b == '/'
})

// nibblesOf returns the lookups by which copyClean32 and skipPlain32 flag,
// with one AND, the ASCII bytes flagged and every byte that is not ASCII:
// [0] by low nibble, [1] by high nibble, each repeated for both lanes. The
// bytes flagged are grouped by the set of low nibbles that goes with their
// high nibble, apart for those written as a backslash and themselves ('"',
// '\\', '/'), one bit of 0x7F for each group; 0x80 marks the bytes that are
// not ASCII. [2] has, in every byte, the bits of the groups of the other
// escapes.
func nibblesOf(flagged func(b byte) bool) (t [3][32]byte) {
	// Per high nibble, its low nibbles flagged: [0] those written doubled,
	// [1] the others.
	var lows [16][2]uint16
	for b := range 0x80 {
		if flagged(byte(b)) {
			kind := 1
			if doubled(byte(b)) {
				kind = 0
			}
			lows[b>>4][kind] |= 1 << (b & 15)
		}
	}
	var lo, hi [16]byte
	var others byte
	type group struct {
		set   uint16
		other bool
	}
	groups := map[group]byte{}
	for h := range lows {
		for kind, set := range lows[h] {
			if set == 0 {
				continue
			}
			g := group{set, kind == 1}
			bit, ok := groups[g]
			if !ok {
				bit = 1 << len(groups)
				groups[g] = bit
			}
			if g.other {
				others |= bit
			}
			hi[h] |= bit
			for l := range 16 {
				if set&(1<<l) != 0 {
					lo[l] |= bit
				}
			}
		}
	}
	if len(groups) > 7 {
		panic("mem: too many groups of bytes to flag for the nibble lookups")
	}
	for i := range 16 {
		lo[i] |= 0x80
		if i >= 8 {
			hi[i] |= 0x80
		}
	}
	for lane := range 2 {
		copy(t[0][16*lane:], lo[:])
		copy(t[1][16*lane:], hi[:])
	}
	for i := range t[2] {
		t[2][i] = others
	}
	return t
}

// doubled reports whether the escape of b is a backslash and b.
func doubled(b byte) bool { return b == '"' || b == '\\' || b == '/' }

// escapesASCII reports whether a JSON string writer in mode escapes the
// ASCII byte b: control bytes, '"' and '\\'; from mode 1 '<', '>' and '&';
// in mode 2 also '/'.
func escapesASCII(b byte, mode int) bool {
	switch {
	case b < 0x20 || b == '"' || b == '\\':
		return true
	case mode >= 1 && (b == '<' || b == '>' || b == '&'):
		return true
	}
	return mode >= 2 && b == '/'
}
