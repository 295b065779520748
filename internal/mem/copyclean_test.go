//go:build amd64 && !safejson_safe

package mem

import (
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"
)

// cleanRef reports whether s is what a JSON string writer in mode copies
// unchanged but for '/', allowing s to end inside a character that could
// still be completed validly.
func cleanRef(s string, mode int) bool {
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n <= 1 {
			return i+n == len(s) && completable(s[i:])
		}
		if r < 0x80 && dirtyRef(byte(r), mode >= 1, false) || r == 0x2028 || r == 0x2029 {
			return false
		}
		i += n
	}
	return true
}

// completable reports whether p, a cut-short sequence, begins a valid one.
func completable(p string) bool {
	for _, second := range []string{"\x80", "\x90", "\xa0", "\xbf"} {
		full := p + second + "\x80\x80"
		if len(p) > 1 {
			full = p + "\x80\x80"
		}
		if r, n := utf8.DecodeRuneInString(full); r != utf8.RuneError && n > len(p) {
			return true
		}
	}
	return false
}

func TestAppendClean(t *testing.T) {
	if !hasAVX2 {
		t.Skip("no AVX2 here: AppendClean appends nothing, which the escape tests cover")
	}
	pieces := []string{"a", "b", "z", " ", "0", "~", "\x7f", "é", "ü", "日", "本", "😀", "/", "\u2027", "\u202a", "\u2028", "\u2029",
		`"`, `\`, "<", ">", "&", "/", "\n", "\x00", "\x1f",
		"\xff", "\xc0\xaf", "\xc2", "\xe2\x80", "\xe3\x81", "\xed\xa0\x80", "\xed\x9f\xbf", "\xe0\x80\x80", "\xe0\xa0\x80",
		"\xf0\x8f\xbf\xbf", "\xf0\x90\x80\x80", "\xf4\x8f\xbf\xbf", "\xf4\x90\x80\x80", "\xf5\x80\x80\x80", "\x80", "\xbf"}
	r := rand.New(rand.NewPCG(3, 4))
	for range 100000 {
		var b strings.Builder
		n := r.IntN(200)
		if r.IntN(20) == 0 {
			n = 300 + r.IntN(300) // long enough to run out of room when '/' abounds
		}
		clean := r.IntN(4) != 0
		for b.Len() < n {
			if clean && r.IntN(40) != 0 {
				b.WriteString(pieces[r.IntN(13)])
			} else {
				b.WriteString(pieces[r.IntN(len(pieces))])
			}
		}
		s := b.String()
		for mode := range 3 {
			dst, got := appendCleanAll([]byte("x"), s, mode)
			want := s[:got]
			if mode == 2 {
				want = strings.ReplaceAll(want, "/", `\/`)
			}
			if string(dst) != "x"+want {
				t.Fatalf("AppendClean(%q, %d): dst %q does not hold the %d bytes it reports", s, mode, dst, got)
			}
			if got > 0 && !cleanRef(s[:got], mode) || got > 0 && incompleteTail(s[:got]) != 0 && got != len(s) {
				t.Fatalf("AppendClean(%q, %d) = %d, copying bytes it must not", s, mode, got)
			}
			// The prefix is the longest: the character after it needs
			// attention, or is cut short by the end of s. (A string of
			// 33 or 34 bytes may keep its last bytes, and so may one
			// whose '/' used up the room, when too few are left.)
			roomStop := mode == 2 && len(s)-got < 35
			if len(s) >= 32 && got < len(s) && (len(s) >= 35 || got < 32-incompleteTail(s[:32])) && !roomStop {
				r, size := utf8.DecodeRuneInString(s[got:])
				if invalid := r == utf8.RuneError && size == 1; !invalid && cleanRef(s[got:got+size], mode) {
					t.Fatalf("AppendClean(%q, %d) = %d, stopping before the clean %q", s, mode, got, s[got:got+size])
				}
			}
		}
	}
}

// appendCleanAll calls AppendClean until it takes no more, as its callers
// do: it may stop early for want of room in dst.
func appendCleanAll(dst []byte, s string, mode int) ([]byte, int) {
	i := 0
	for {
		var n int
		dst, n = AppendClean(dst, s[i:], mode)
		if i += n; n == 0 || i == len(s) {
			return dst, i
		}
	}
}

func TestAppendCleanSlashes(t *testing.T) {
	if !hasAVX2 {
		t.Skip("no AVX2 here: AppendClean appends nothing, which the escape tests cover")
	}
	for n := 32; n <= 300; n++ {
		for _, fill := range []string{"/", "a/", "ab/", "日/", "abcdefg/"} {
			s := strings.Repeat(fill, n/len(fill)+1)[:n]
			dst, got := appendCleanAll(make([]byte, 0, 1), s, 2)
			want := strings.ReplaceAll(s[:got], "/", `\/`)
			// After a stop for room, fewer than 35 bytes may be left.
			if string(dst) != want || got < n-34 {
				t.Fatalf("AppendClean(%q, Script) = %q, %d; want %q", s, dst, got, want)
			}
		}
	}
}
