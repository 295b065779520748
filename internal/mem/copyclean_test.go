//go:build amd64 && !safejson_safe

package mem

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"
)

// escapeRef is the escape of ASCII byte b that a JSON string writer in
// mode uses, or "" if it copies b.
func escapeRef(b byte, mode int) string {
	if !dirtyRef(b, mode >= 1, mode >= 2) {
		return ""
	}
	switch b {
	case '"', '\\', '/':
		return `\` + string(b)
	case '\n':
		return `\n`
	case '\t':
		return `\t`
	}
	return fmt.Sprintf(`\u%04x`, b)
}

// testSeqs is escapeRef as AppendClean takes it.
var testSeqs = func() (t [128]uint64) {
	for b := range 128 {
		seq := escapeRef(byte(b), 2)
		for i := range len(seq) {
			t[b] |= uint64(seq[i]) << (8 * i)
		}
		t[b] |= uint64(len(seq)) << 56
	}
	return t
}()

// escapedRef is s escaped by escapeRef, its UTF-8 copied as it is.
func escapedRef(s string, mode int) string {
	var b strings.Builder
	for i := range len(s) {
		if c := s[i]; c < 0x80 && escapeRef(c, mode) != "" {
			b.WriteString(escapeRef(c, mode))
		} else {
			b.WriteByte(c)
		}
	}
	return b.String()
}

// validRef reports whether s holds only valid UTF-8 other than U+2028 and
// U+2029, allowing it to end inside a character that could still be
// completed validly.
func validRef(s string) bool {
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n <= 1 {
			return i+n == len(s) && completable(s[i:])
		}
		if r == 0x2028 || r == 0x2029 {
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

// appendCleanAll calls AppendClean until it takes no more, as its callers
// do: it may stop early for want of room in dst.
func appendCleanAll(dst []byte, s string, mode int) ([]byte, int) {
	i := 0
	for {
		var n int
		dst, n = AppendClean(dst, s[i:], mode, &testSeqs)
		if i += n; n == 0 || i == len(s) {
			return dst, i
		}
	}
}

// cleanPieces are what the random strings of the AppendClean tests are
// made of: clean text, escapes, U+2028 and U+2029, valid characters near
// the edges of the ranges, and invalid or cut-short UTF-8.
var cleanPieces = []string{"a", "b", "z", " ", "0", "~", "\x7f", "é", "ü", "日", "本", "😀", "/", "\u2027", "\u202a",
	`"`, `\`, "<", ">", "&", "\n", "\x00", "\x1f", "\u2028", "\u2029",
	"\xff", "\xc0\xaf", "\xc2", "\xe2\x80", "\xe3\x81", "\xed\xa0\x80", "\xed\x9f\xbf", "\xe0\x80\x80", "\xe0\xa0\x80",
	"\xf0\x8f\xbf\xbf", "\xf0\x90\x80\x80", "\xf4\x8f\xbf\xbf", "\xf4\x90\x80\x80", "\xf5\x80\x80\x80", "\x80", "\xbf"}

// cleanPieces[:cleanPiecesValid] are valid UTF-8; the last two of them are
// U+2028 and U+2029.
const cleanPiecesValid = 25

func TestAppendClean(t *testing.T) {
	if !hasAVX2 {
		t.Skip("no AVX2 here: AppendClean appends nothing, which the escape tests cover")
	}
	pieces, valid := cleanPieces, cleanPiecesValid
	r := rand.New(rand.NewPCG(3, 4))
	for range 100000 {
		var b strings.Builder
		n := r.IntN(200)
		if r.IntN(20) == 0 {
			n = 300 + r.IntN(300) // long enough to run out of room when escapes abound
		}
		kind := r.IntN(4)
		for b.Len() < n {
			switch {
			case kind == 0: // anything
				b.WriteString(pieces[r.IntN(len(pieces))])
			case kind == 1: // escapes abound
				b.WriteString(pieces[r.IntN(valid-2)])
			case r.IntN(40) != 0: // mostly clean text
				b.WriteString(pieces[r.IntN(15)])
			default:
				b.WriteString(pieces[r.IntN(len(pieces))])
			}
		}
		checkAppendClean(t, b.String())
	}
}

// TestAppendCleanBoundaries puts characters, whole and cut short, across
// and just before the ends of blocks, with ASCII after them: a character
// left open at the end of a block must not pass because the next block
// is plain ASCII.
func TestAppendCleanBoundaries(t *testing.T) {
	if !hasAVX2 {
		t.Skip("no AVX2 here: AppendClean appends nothing, which the escape tests cover")
	}
	pieces := []string{"é", "日", "😀", "\u2028", "\xc2", "\xe2\x80", "\xe3\x81", "\xf0\x90\x80", "\xf0\x90", "\x80", "\xed\xa0\x80"}
	for _, piece := range pieces {
		for end := 28; end <= 100; end++ {
			for _, after := range []int{0, 1, 3, 31, 32, 33, 40, 64, 70} {
				if end < len(piece) {
					continue
				}
				s := strings.Repeat("a", end-len(piece)) + piece + strings.Repeat("b", after)
				checkAppendClean(t, s)
				checkAppendClean(t, strings.Repeat("日", (end-len(piece))/3)+strings.Repeat("a", (end-len(piece))%3)+piece+strings.Repeat("b", after))
			}
		}
	}
}

// checkAppendClean checks AppendClean's output for s in every mode, and
// that the prefix it takes is valid and the longest it may take.
func checkAppendClean(t *testing.T, s string) {
	t.Helper()
	for mode := range 3 {
		dst, got := appendCleanAll([]byte("x"), s, mode)
		if want := "x" + escapedRef(s[:got], mode); string(dst) != want {
			t.Fatalf("AppendClean(%q, %d) = %q for %d bytes, want %q", s, mode, dst, got, want)
		}
		if !validRef(s[:got]) || incompleteTail(s[:got]) != 0 && got != len(s) {
			t.Fatalf("AppendClean(%q, %d) = %d, taking bytes it must not", s, mode, got)
		}
		// The prefix is the longest: the character after it is a
		// UTF-8 problem, or is cut short by the end of s. (A string
		// of 33 or 34 bytes may keep its last bytes, and so may one
		// whose escapes used up the room, when too few are left.)
		short := len(s) >= 32 && len(s) < 35 && got >= 32-incompleteTail(s[:32])
		roomStop := len(s)-got < 35
		if len(s) >= 32 && got < len(s) && !short && !roomStop {
			r, size := utf8.DecodeRuneInString(s[got:])
			if invalid := r == utf8.RuneError && size == 1; !invalid && validRef(s[got:got+size]) {
				t.Fatalf("AppendClean(%q, %d) = %d, stopping before %q", s, mode, got, s[got:got+size])
			}
		}
	}
}

func TestAppendCleanEscapes(t *testing.T) {
	if !hasAVX2 {
		t.Skip("no AVX2 here: AppendClean appends nothing, which the escape tests cover")
	}
	for n := 32; n <= 300; n++ {
		for _, fill := range []string{"/", "a/", "<\"", "日/", "abcdefg\n", "\x00<&\\"} {
			s := strings.Repeat(fill, n/len(fill)+1)[:n]
			for mode := range 3 {
				dst, got := appendCleanAll(make([]byte, 0, 1), s, mode)
				// After a stop for room, fewer than 35 bytes may be left.
				if want := escapedRef(s[:got], mode); string(dst) != want || got < n-34 {
					t.Fatalf("AppendClean(%q, %d) = %q, %d; want %q", s, mode, dst, got, want)
				}
			}
		}
	}
}

// TestAppendCleanShort checks strings of 1 to 31 bytes, which go through a
// block padded with spaces: the escaped prefix, valid and whole, and a stop
// only before a character that may not be copied.
func TestAppendCleanShort(t *testing.T) {
	if !hasAVX2 {
		t.Skip("no AVX2 here: AppendCleanShort appends nothing, which the escape tests cover")
	}
	r := rand.New(rand.NewPCG(5, 6))
	for range 100000 {
		var b strings.Builder
		n := 1 + r.IntN(31)
		for b.Len() < n {
			if r.IntN(3) == 0 {
				b.WriteString(cleanPieces[r.IntN(len(cleanPieces))])
			} else {
				b.WriteString(cleanPieces[r.IntN(15)])
			}
		}
		s := b.String()
		if len(s) >= 32 {
			s = s[:31]
		}
		for mode := range 3 {
			dst, got := AppendCleanShort([]byte("x"), s, mode, &testSeqs)
			if want := "x" + escapedRef(s[:got], mode); string(dst) != want {
				t.Fatalf("AppendCleanShort(%q, %d) = %q for %d bytes, want %q", s, mode, dst, got, want)
			}
			if !validRef(s[:got]) || incompleteTail(s[:got]) != 0 {
				t.Fatalf("AppendCleanShort(%q, %d) = %d, taking bytes it must not", s, mode, got)
			}
			if got < len(s) {
				r, size := utf8.DecodeRuneInString(s[got:])
				if invalid := r == utf8.RuneError && size == 1; !invalid && validRef(s[got:got+size]) {
					t.Fatalf("AppendCleanShort(%q, %d) = %d, stopping before %q", s, mode, got, s[got:got+size])
				}
			}
		}
	}
}

// skipRef is the length of the longest prefix of b that a skip function
// may take: valid UTF-8 with no ASCII byte that stops, and with seps no
// U+2028 or U+2029.
func skipRef(b []byte, stops func(c byte) bool, seps bool) int {
	i := 0
	for i < len(b) {
		c := b[i]
		if c < utf8.RuneSelf {
			if stops(c) {
				break
			}
			i++
			continue
		}
		r, size := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && size == 1 || seps && (r == '\u2028' || r == '\u2029') {
			break
		}
		i += size
	}
	return i
}

// TestSkipPlain compares SkipPlain and SkipScriptText with skipRef on text
// of every kind of character and of UTF-8 error, quotes, backslashes,
// control bytes and the bytes and characters script safety escapes: in the whole blocks
// they read they must stop exactly where skipRef does, and past them give
// back no more than a character cut short.
func TestSkipPlain(t *testing.T) {
	valid := []string{"a", "Z", " ", "/", "<", ">", "&", "é", "ß", "あ", "語", "\u2028", "\u2029", "\U0001F600", "\u07ff", "\uffff", "\U0010FFFF", "~\x7f", "\xe2\x80\xa7"}
	bad := []string{`"`, `\`, "\x00", "\x1f", "\n", "\x80", "\xbf", "\xc0\xaf", "\xc1\xbf", "\xe0\x80\xaf", "\xed\xa0\x80", "\xed\xbf\xbf",
		"\xf0\x80\x80\xaf", "\xf4\x90\x80\x80", "\xf5\x80\x80\x80", "\xff", "\xe3\x81", "\xe3", "\xf0\x9f\x98", "\xc3"}
	for _, skip := range []struct {
		name  string
		fn    func([]byte) int
		stops func(c byte) bool
		seps  bool
	}{
		{"SkipPlain", SkipPlain, func(c byte) bool { return c < 0x20 || c == '"' || c == '\\' }, false},
		{"SkipScriptText", SkipScriptText, func(c byte) bool { return strings.IndexByte(`\<>&/`, c) >= 0 }, true},
	} {
		r := rand.New(rand.NewPCG(11, 29))
		for range 20000 {
			var sb strings.Builder
			n := r.IntN(200)
			for sb.Len() < n {
				if r.IntN(40) == 0 {
					sb.WriteString(bad[r.IntN(len(bad))])
				} else {
					sb.WriteString(valid[r.IntN(len(valid))])
				}
			}
			b := []byte(sb.String())
			got, want := skip.fn(b), skipRef(b, skip.stops, skip.seps)
			if !hasAVX2 || len(b) < 32 {
				if got != 0 {
					t.Fatalf("%s(%q) = %d, want 0 without blocks to read", skip.name, b, got)
				}
				continue
			}
			blocks := len(b) / 32 * 32
			switch {
			case got > want || !utf8.Valid(b[:got]):
				t.Fatalf("%s(%q) = %d, past the plain prefix of %d", skip.name, b, got, want)
			case want < blocks && got != want:
				t.Fatalf("%s(%q) = %d, want %d", skip.name, b, got, want)
			case want >= blocks && got < blocks-3:
				t.Fatalf("%s(%q) = %d, want at least %d of the %d in whole blocks", skip.name, b, got, blocks-3, want)
			}
		}
	}
}
