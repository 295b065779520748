// Package escape writes Go strings as quoted JSON strings.
//
// It is a leaf: no reflection, no knowledge of values. A 256-entry table per
// mode says which bytes need attention, a word-at-a-time scan skips clean
// ASCII runs, and each clean run is copied to the output at once.
package escape

import (
	"encoding/binary"
	"math/bits"

	"github.com/safejson/safejson/internal/grammar"
	"github.com/safejson/safejson/internal/mem"
	"github.com/safejson/safejson/internal/semantics"
)

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

// AppendString appends src as a quoted JSON string.
func AppendString(dst []byte, src string, m Mode) []byte {
	if n, l := len(src), len(dst); n >= 4 && n <= 32 && cap(dst)-l >= 34 {
		// Short strings, most of them clean, in one pass: the words are
		// checked and stored as they are loaded, overlapping where the
		// length is not a multiple of theirs, and the quotes put around
		// them. A dirty string leaves only bytes beyond len(dst).
		buf := dst[:cap(dst)]
		buf[l] = '"'
		t := &wordTests[m]
		var x uint64
		if n < 8 {
			lo, hi := mem.Load32(src, 0), mem.Load32(src, n-4)
			x = dirtyWord(uint64(lo)|uint64(hi)<<32, t)
			binary.LittleEndian.PutUint32(buf[l+1:], lo)
			binary.LittleEndian.PutUint32(buf[l+n-3:], hi)
		} else {
			first, last := mem.Load64(src, 0), mem.Load64(src, n-8)
			x = dirtyWord(first, t) | dirtyWord(last, t)
			binary.LittleEndian.PutUint64(buf[l+1:], first)
			binary.LittleEndian.PutUint64(buf[l+n-7:], last)
			if n > 16 {
				w := mem.Load64(src, 8)
				x |= dirtyWord(w, t)
				binary.LittleEndian.PutUint64(buf[l+9:], w)
				if n > 24 {
					w := mem.Load64(src, 16)
					x |= dirtyWord(w, t)
					binary.LittleEndian.PutUint64(buf[l+17:], w)
				}
			}
		}
		if x == 0 {
			buf[l+n+1] = '"'
			return buf[:l+n+2]
		}
		if m == Script && src[0] < utf8Self && cap(dst)-l >= 2*n+10 {
			// Paths, units and short URLs, whose only escapes are '/'.
			// (Text in other scripts, dirty too, mostly starts so.)
			if j, ok := appendSlashed(buf, l+1, src); ok {
				buf[j] = '"'
				return buf[:j+1]
			}
		}
	}
	if n, l := len(src), len(dst); n < 4 && cap(dst)-l >= 5 {
		// Very short strings, keys and codes, without a loop: the first,
		// middle and last bytes are all the bytes of 1 to 3.
		buf := dst[:l+n+2]
		buf[l] = '"'
		if n == 0 {
			buf[l+1] = '"'
			return buf
		}
		tab := &safe[m]
		first, mid, last := src[0], src[n>>1], src[n-1]
		if tab[first] && tab[mid] && tab[last] {
			buf[l+1] = first
			buf[l+1+n>>1] = mid
			buf[l+n] = last
			buf[l+n+1] = '"'
			return buf
		}
	}
	dst = append(dst, '"')
	i := 0
	if len(src) >= 32 {
		// Most long strings are done by this one call.
		if dst, i = mem.AppendClean(dst, src, int(m), &asciiSeqs); i == len(src) {
			return append(dst, '"')
		}
	} else if len(src) >= 4 {
		// Short strings that the word checks found dirty: names and
		// places in other scripts, mostly.
		if dst, i = mem.AppendCleanShort(dst, src, int(m), &asciiSeqs); i == len(src) {
			return append(dst, '"')
		}
	}
	dst = appendContentsFrom(dst, src, i, m)
	return append(dst, '"')
}

// appendSlashed writes src, of 4 to 32 bytes, to buf from j with each '/'
// as `\/`, and returns where it ended, if '/' is the only byte of src that
// Script mode escapes; else it returns false. It writes whole words: buf
// must have 2*len(src)+8 bytes of room from j.
func appendSlashed(buf []byte, j int, src string) (int, bool) {
	n, t := len(src), &wordTests[HTML]
	// The last n%8 bytes (all of a src shorter than 8), in the low bytes
	// of a word whose others are 0: their flags lie above them, and a flag
	// below them is never false.
	k := n & 7
	var tail uint64
	if n < 8 {
		tail = uint64(mem.Load32(src, 0)) | uint64(mem.Load32(src, n-4)>>(8*(8-n)))<<32
		if dirtyWord(tail, t)&(grammar.MSB>>(8*(8-n))) != 0 {
			return j, false
		}
	} else {
		// Text in other scripts is dirty from its first word on.
		for i := 0; i < n-8; i += 8 {
			if dirtyWord(mem.Load64(src, i), t) != 0 {
				return j, false
			}
		}
		last := mem.Load64(src, n-8)
		if dirtyWord(last, t) != 0 {
			return j, false
		}
		tail = last >> (8 * (8 - k))
	}
	for i := 0; i < n; i += 8 {
		w, left := tail, k
		if i+8 <= n {
			w, left = mem.Load64(src, i), 8
		}
		// Exact flags of the '/' bytes: a byte of v is 0 only where w
		// has '/'.
		v := w ^ '/'*grammar.LSB
		const low7 = ^uint64(grammar.MSB)
		s := ^((v&low7 + low7) | v | low7)
		mem.Store64(buf, j, w)
		for s != 0 {
			// From the '/' on, the word one byte later behind a `\`:
			// all but its last byte, which the store after the loop
			// writes.
			p := bits.TrailingZeros64(s) >> 3
			w >>= 8 * p
			s = s >> (8 * p) &^ 0x80
			mem.Store64(buf, j+p, '\\'|w<<8)
			j += p + 1
			left -= p
		}
		mem.Store64(buf, j, w)
		j += left
	}
	return j, true
}

// AppendContents appends the escaped contents of src, without quotes.
//
// Where the CPU allows, mem.AppendClean checks, escapes and copies 32-byte
// blocks in one pass until it meets invalid UTF-8, U+2028 or U+2029 (or a
// short tail); the bytes from there go through appendChunk, and then
// blocks again.
func AppendContents(dst []byte, src string, m Mode) []byte {
	return appendContentsFrom(dst, src, 0, m)
}

// appendContentsFrom is AppendContents for src[i:].
func appendContentsFrom(dst []byte, src string, i int, m Mode) []byte {
	for {
		var n int
		dst, n = mem.AppendClean(dst, src[i:], int(m), &asciiSeqs)
		if i += n; i == len(src) {
			return dst
		}
		if dst, i = appendChunk(dst, src, i, m); i == len(src) {
			return dst
		}
	}
}

// AppendCleanPrefix appends the escaped form, in mode m, of the longest
// prefix of src that holds only valid UTF-8 other than U+2028 and U+2029,
// where the CPU has the block copy (see mem.AppendClean), and returns the
// prefix's length: 0 elsewhere, and for src shorter than 32 bytes. The
// escapes of ASCII bytes are the same in encoding/json/v2, whose writer
// then takes over from there.
func AppendCleanPrefix(dst []byte, src string, m Mode) ([]byte, int) {
	return mem.AppendClean(dst, src, int(m), &asciiSeqs)
}

// AppendCleanShortPrefix is AppendCleanPrefix for src of 1 to 31 bytes
// (see mem.AppendCleanShort).
func AppendCleanShortPrefix(dst []byte, src string, m Mode) ([]byte, int) {
	return mem.AppendCleanShort(dst, src, int(m), &asciiSeqs)
}

// Clean reports whether src needs no escape in mode m: its quoted form is
// src between quotes, in any JSON writer of that mode.
func Clean(src string, m Mode) bool { return scan(src, 0, m) == len(src) }

// chunkLen is how far appendChunk goes before it hands back to the block
// copy, which stops only at UTF-8 it must change.
const chunkLen = 16

// asciiSeqs[b] is the escape of ASCII byte b for mem.AppendClean: its
// bytes from the lowest, and its length in the top byte.
var asciiSeqs = func() (t [128]uint64) {
	for b := range 128 {
		seq := appendASCIIEscape(nil, byte(b))
		for i, c := range seq {
			t[b] |= uint64(c) << (8 * i)
		}
		t[b] |= uint64(len(seq)) << 56
	}
	return t
}()

// scan returns the index of the first byte at or after i that mode m must
// look at, or len(src). One word is checked first, since in mixed text the
// next dirty byte is often close; then long runs go to the vector scan and
// shorter ones are checked a word at a time, the last word loaded so that
// it ends at len(src): its bytes before the tail were just found clean, so
// its lowest flag is still a true one.
func scan(src string, i int, m Mode) int {
	n, t := len(src), &wordTests[m]
	if n-i < 8 {
		if i == 0 && n >= 4 {
			// A short string: its first and last 4 bytes, overlapping, as
			// one word. A clean low half lends no borrow to the high one.
			w := uint64(mem.Load32(src, 0)) | uint64(mem.Load32(src, n-4))<<32
			if x := dirtyWord(w, t); x != 0 {
				if k := bits.TrailingZeros64(x) >> 3; k < 4 {
					return k
				} else {
					return n - 8 + k
				}
			}
			return n
		}
		// Too short for a word of its own, and the bytes before i may be
		// dirty, so an overlapping word's flags could be false.
		tab := &safe[m]
		for i < n && tab[src[i]] {
			i++
		}
		return i
	}
	if x := dirtyWord(mem.Load64(src, i), t); x != 0 {
		return i + bits.TrailingZeros64(x)>>3
	}
	i += 8
	if mem.VectorScan && n-i >= 16 {
		return i + mem.IndexDirty(src[i:], int(m))
	}
	for i+8 <= n {
		if x := dirtyWord(mem.Load64(src, i), t); x != 0 {
			return i + bits.TrailingZeros64(x)>>3
		}
		i += 8
	}
	if i < n {
		j := n - 8
		if x := dirtyWord(mem.Load64(src, j), t); x != 0 {
			return j + bits.TrailingZeros64(x)>>3
		}
	}
	return n
}

// dirtyWord has the high bit set in each of the 8 bytes of w that may need
// attention under the tests t of a mode. The lowest flagged byte always
// truly does; flags above it may be false positives from borrows, which
// only send a clean byte the slow way. It is small enough to inline.
//
// Each test for a byte value c subtracts 1 from the bytes of w^c, which
// sets the high bit of a byte that was 0 (w held c). It also sets it for
// bytes from 0x81 up, but those are where w holds a byte that is not
// ASCII (c is), which is flagged anyway; and a byte borrows only from one
// that was 0, itself flagged.
func dirtyWord(w uint64, t *wordTest) uint64 {
	return ((w - 0x20*grammar.LSB) | w | ((w ^ '\\'*grammar.LSB) - grammar.LSB) | (((w | t.orA) ^ t.eqA) - grammar.LSB) |
		(((w | t.orC) ^ t.eqC) - grammar.LSB) | ((w ^ t.eqD) - grammar.LSB)) & grammar.MSB
}

// wordTest holds the constants of dirtyWord for one mode: besides control
// bytes, non-ASCII bytes and '\\', a byte x is flagged when x|orA == eqA,
// x|orC == eqC or x == eqD. In the HTML modes 0x04|'"' == 0x04|'&' and
// 0x02|'<' == 0x02|'>', so one test covers two bytes; tests a mode does
// not need repeat one it does.
type wordTest struct{ orA, eqA, orC, eqC, eqD uint64 }

var wordTests = [numModes]wordTest{
	Plain:  {0, '"' * grammar.LSB, 0, '\\' * grammar.LSB, '\\' * grammar.LSB},
	HTML:   {0x04 * grammar.LSB, '&' * grammar.LSB, 0x02 * grammar.LSB, '>' * grammar.LSB, '\\' * grammar.LSB},
	Script: {0x04 * grammar.LSB, '&' * grammar.LSB, 0x02 * grammar.LSB, '>' * grammar.LSB, '/' * grammar.LSB},
}

// appendChunk appends the escaped contents of src from i, which starts a
// character, to at least i+chunkLen, and returns where it stopped: at the
// end of src or the start of a character.
//
// It is the encoder's hottest loop: the likely cases come first.
func appendChunk(dst []byte, src string, i int, m Mode) ([]byte, int) {
	start, limit := i, i+chunkLen
	for i = scan(src, i, m); i < len(src); i = scan(src, i, m) {
		b := src[i]
		if b < utf8Self {
			dst = append(dst, src[start:i]...)
			dst = appendASCIIEscape(dst, b)
			i++
			start = i
			if i >= limit {
				break
			}
			continue
		}
		// A run of multi-byte characters: validate it here rather than
		// going back through the ASCII checks for every character. The
		// second byte's range depends on the first (no overlongs, no
		// surrogates, nothing above U+10FFFF); the rest are continuations.
		for i < len(src) {
			c := src[i]
			if c < utf8Self {
				break
			}
			// Two 3-byte sequences at a time, the shape of most CJK text,
			// while both lead bytes need no range check (see plain3).
			for i+8 <= len(src) {
				w := mem.Load64(src, i)
				if w&0xC0C0F0C0C0F0 != 0x8080E08080E0 || !plain3[byte(w)] || !plain3[byte(w>>24)] {
					break
				}
				i += 6
			}
			if i >= len(src) || src[i] < utf8Self {
				break
			}
			c = src[i]
			if i+4 <= len(src) {
				// Valid 2-, 3- and 4-byte sequences, checked on a 32-bit
				// load: the continuation-bit pattern, then the lead bytes
				// whose second byte has a narrower range. U+2028 and
				// U+2029 (E2 80 A8/A9) are left to the general path.
				w := mem.Load32(src, i)
				c1 := src[i+1]
				switch {
				case w&0xC0C0F0 == 0x8080E0:
					if plain3[c] || (c == 0xE0 && c1 >= 0xA0) || (c == 0xED && c1 < 0xA0) || (c == 0xE2 && w&0xFEFFFF != 0xA880E2) {
						i += 3
						continue
					}
				case w&0xC0E0 == 0x80C0:
					if c >= 0xC2 {
						i += 2
						continue
					}
				case w&0xC0C0C0F8 == 0x808080F0:
					if c <= 0xF4 && (c != 0xF0 || c1 >= 0x90) && (c != 0xF4 || c1 < 0x90) {
						i += 4
						continue
					}
				}
			}
			x := first[c]
			n := int(x & 7)
			valid := n != 0 && i+n <= len(src)
			if valid {
				r := ranges[x>>4]
				c1 := src[i+1]
				valid = r.lo <= c1 && c1 <= r.hi &&
					(n < 3 || src[i+2]&0xC0 == 0x80) && (n < 4 || src[i+3]&0xC0 == 0x80)
			}
			if !valid {
				dst = append(dst, src[start:i]...)
				dst = appendInvalid(dst, m)
				i++
				start = i
				continue
			}
			if c == 0xE2 && src[i+1] == 0x80 && src[i+2]&0xFE == 0xA8 {
				dst = append(dst, src[start:i]...)
				dst = append(dst, '\\', 'u', '2', '0', '2', hex[src[i+2]&0xF])
				start = i + 3
			}
			i += n
		}
		if i >= limit {
			break
		}
	}
	return append(dst, src[start:i]...), i
}

const utf8Self = 0x80

// appendInvalid writes the replacement of a byte of invalid UTF-8: the
// toolchain's in the modes of encoding/json, the escape in Script mode,
// whose output must hold only ASCII replacements (DESIGN.md).
func appendInvalid(dst []byte, m Mode) []byte {
	if m == Script {
		return append(dst, `\ufffd`...)
	}
	return append(dst, semantics.InvalidUTF8...)
}

// shortEscapes[b] is the letter of b's two-byte escape, or 0 where b is
// written as \u00XX.
var shortEscapes = [256]byte{'"': '"', '\\': '\\', '/': '/', '\b': 'b', '\f': 'f', '\n': 'n', '\r': 'r', '\t': 't'}

func appendASCIIEscape(dst []byte, b byte) []byte {
	if c := shortEscapes[b]; c != 0 {
		return append(dst, '\\', c)
	}
	return append(dst, '\\', 'u', '0', '0', hex[b>>4], hex[b&0xF])
}

// first[b] describes a leading byte b >= 0x80: the low 3 bits are the
// sequence length (0: invalid), the high 4 bits index ranges.
var first = func() (t [256]uint8) {
	for b := 0xC2; b <= 0xDF; b++ {
		t[b] = 2
	}
	for b := 0xE0; b <= 0xEF; b++ {
		t[b] = 3
	}
	t[0xE0] |= 1 << 4
	t[0xED] |= 2 << 4
	for b := 0xF0; b <= 0xF4; b++ {
		t[b] = 4
	}
	t[0xF0] |= 3 << 4
	t[0xF4] |= 4 << 4
	return t
}()

// plain3[c] is true for the lead bytes of 3-byte sequences whose second
// byte may be any continuation byte and which cannot start U+2028/U+2029:
// all of E0..EF except E0, ED and E2.
var plain3 = func() (t [256]bool) {
	for c := 0xE1; c <= 0xEF; c++ {
		t[c] = c != 0xED && c != 0xE2
	}
	return t
}()

var ranges = [5]struct{ lo, hi byte }{
	{0x80, 0xBF},
	{0xA0, 0xBF},
	{0x80, 0x9F},
	{0x90, 0xBF},
	{0x80, 0x8F},
}
