package escape

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"
)

// stdString is encoding/json's quoting of s, the oracle for every mode.
// Script mode writes each byte of invalid UTF-8 as \ufffd on every
// toolchain (Go 1.27's encoding/json writes U+FFFD itself): its oracle is
// encoding/json's quoting of the valid runs between those bytes.
func stdString(t testing.TB, s string, m Mode) []byte {
	t.Helper()
	if m == Script {
		out := []byte{'"'}
		for s != "" {
			i := 0
			for i < len(s) {
				if r, n := utf8.DecodeRuneInString(s[i:]); r == utf8.RuneError && n == 1 {
					break
				} else {
					i += n
				}
			}
			q := stdQuote(t, s[:i], true)
			out = append(out, bytes.ReplaceAll(q[1:len(q)-1], []byte("/"), []byte(`\/`))...)
			if i < len(s) {
				out = append(out, `\ufffd`...)
				i++
			}
			s = s[i:]
		}
		return append(out, '"')
	}
	return stdQuote(t, s, m != Plain)
}

func stdQuote(t testing.TB, s string, escapeHTML bool) []byte {
	t.Helper()
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(escapeHTML)
	if err := enc.Encode(s); err != nil {
		t.Fatal(err)
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n"))
}

func checkString(t *testing.T, s string) {
	t.Helper()
	for m := range numModes {
		want := stdString(t, s, m)
		if got := AppendString(nil, s, m); !bytes.Equal(got, want) {
			t.Errorf("AppendString(%q, mode %d) = %s, want %s", s, m, got, want)
		}
		if Clean(s, m) && string(want) != `"`+s+`"` {
			t.Errorf("Clean(%q, mode %d) = true, but it is written %s", s, m, want)
		}
		if got := AppendBytes([]byte("x"), []byte(s), m); !bytes.Equal(got[1:], want) {
			t.Errorf("AppendString([]byte %q, mode %d) = %s, want %s", s, m, got[1:], want)
		}
		// With room to spare, short strings take the one-pass path, which
		// stores words beyond len(dst) before it knows they are clean.
		for _, spare := range []int{34, 200} {
			dst := append(make([]byte, 0, 3+spare), "x:"...)
			full := dst[:cap(dst)]
			for i := len(dst); i < len(full); i++ {
				full[i] = '#'
			}
			if got := AppendString(dst, s, m); string(got[:2]) != "x:" || !bytes.Equal(got[2:], want) {
				t.Errorf("AppendString(%d spare, %q, mode %d) = %s, want x:%s", spare, s, m, got, want)
			}
		}
	}
}

// TestClean checks that Clean takes plain ASCII text as it is; checkString
// checks every string it does take against encoding/json.
func TestClean(t *testing.T) {
	for m := range numModes {
		for _, s := range []string{"", "a", "Mon Jan 02 15:04:05 -0700 2006", strings.Repeat("id-42 ", 20)} {
			if !Clean(s, m) {
				t.Errorf("Clean(%q, mode %d) = false", s, m)
			}
		}
	}
}

// TestAppendStringEveryPosition puts each kind of byte that needs
// attention at every position of strings of every length the word and
// vector scans treat differently.
func TestAppendStringEveryPosition(t *testing.T) {
	for n := 1; n <= 70; n++ {
		for i := range n {
			for _, bad := range []string{`"`, `\`, "<", "&", "/", "\n", "\x00", "\x7f", "é", "\xff", "\u2028"} {
				s := strings.Repeat("a", i) + bad + strings.Repeat("b", n)
				checkString(t, s[:n+len(bad)-1])
				checkString(t, s)
			}
		}
		checkString(t, strings.Repeat("c", n))
	}
}

// TestAppendStringSlashes checks strings whose only escapes in Script
// mode are '/', which short strings write a word at a time: every mix of
// '/' and '.' (where a borrow from a '/' could flag the byte above it) up
// to 12 bytes, and random mixes up to 34, some with one byte that makes
// them take the general path.
func TestAppendStringSlashes(t *testing.T) {
	for n := 1; n <= 12; n++ {
		for bits := range 1 << n {
			b := make([]byte, n)
			for i := range b {
				b[i] = "./"[bits>>i&1]
			}
			checkString(t, string(b))
		}
	}
	r := rand.New(rand.NewPCG(5, 6))
	for n := 13; n <= 34; n++ {
		for range 300 {
			b := make([]byte, n)
			for i := range b {
				b[i] = "a./"[r.IntN(3)]
			}
			checkString(t, string(b))
			b[r.IntN(n)] = "<\\\x00\xc3"[r.IntN(4)]
			checkString(t, string(b))
		}
	}
}

func TestAppendStringTable(t *testing.T) {
	cases := []string{
		"", "a", "hello world", `"`, `\`, "</script>", "<!--<script>", "a&b", "a/b",
		"\u2028", "\u2029", "x\u2028y\u2029z", "\u2027\u202a", "日本語テキスト",
		"\xff", "\xc0\xaf", "\xed\xa0\x80", "\xe2\x80", "\xf0\x9f\x98", "\xf0\x9f\x98\x80",
		"\xf4\x90\x80\x80", "\xe0\x80\x80", "\xc2", "\x7f", "abc\xffdef",
		strings.Repeat("clean ascii run ", 100), strings.Repeat("é", 50) + "\x00",
	}
	for b := range 0x20 {
		cases = append(cases, string(rune(b)), "abcdefgh"+string(rune(b))+"ijklmnop")
	}
	for _, s := range cases {
		checkString(t, s)
	}
}

// TestAppendStringShortText puts every lead byte from 0x80 up, with
// second and third bytes at the edges of the ranges UTF-8 allows after it
// (U+2028 and U+2029 among them), into strings of 4 to 32 bytes, cut
// short at the end too: the lengths whose copy the one-pass path keeps
// when the text holds nothing to escape.
func TestAppendStringShortText(t *testing.T) {
	edges := []byte{0x7f, 0x80, 0x8f, 0x90, 0x9f, 0xa0, 0xa8, 0xa9, 0xbf, 0xc0}
	for c := 0x80; c <= 0xff; c++ {
		for _, c1 := range edges {
			for _, c2 := range edges {
				seq := string([]byte{byte(c), c1, c2, 0x80})
				for _, s := range []string{"ab" + seq[:2] + "cd", "ab" + seq[:3] + "cd", "abcd" + seq + "é", "日本" + seq[:3],
					strings.Repeat("x", 29) + seq[:3], "xx" + seq[:1], "é<" + seq[:3]} {
					checkString(t, s)
				}
			}
		}
	}
}

func TestAppendStringRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	alphabet := []string{"a", "Z", " ", "<", ">", "&", "/", `"`, `\`, "\n", "\x00", "\x1f", "\x7f",
		"é", "日", "😀", "\u2028", "\u2029", "\xff", "\xe2\x80", "\xed\xa0\x80", "\x80"}
	for range 20000 {
		var sb strings.Builder
		for range r.IntN(40) {
			if r.IntN(3) == 0 {
				sb.WriteString(strings.Repeat("x", r.IntN(20)))
			}
			sb.WriteString(alphabet[r.IntN(len(alphabet))])
		}
		checkString(t, sb.String())
	}
}

func FuzzAppendString(f *testing.F) {
	for _, s := range []string{"", "</script>", "\u2028", "\xff", "日本", `a"b\c`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) { checkString(t, s) })
}

// TestDirtyWord checks the word test on its own, over words of the bytes
// where it could go wrong: every byte a mode must look at is flagged, and
// the lowest flag is always on such a byte, whatever borrows do above it.
func TestDirtyWord(t *testing.T) {
	alphabet := []byte{0x00, 0x01, 0x1f, 0x20, 0x21, '"', '#', '%', '&', '\'', '/', '0', '<', '=', '>', '@',
		'\\', ']', 'a', 0x7e, 0x7f, 0x80, 0x81, 0xa0, 0xbf, 0xc0, 0xe2, 0xfe, 0xff,
		0xa2, 0xa6, 0xaf, 0xbc, 0xbe, 0xdc} // the last six: a byte a test looks for, with 0x80 added
	r := rand.New(rand.NewPCG(7, 8))
	for range 200000 {
		var w uint64
		for i := range 8 {
			w |= uint64(alphabet[r.IntN(len(alphabet))]) << (8 * i)
		}
		for m := range numModes {
			x := dirtyWord(w, &wordTests[m])
			lowest := -1
			for i := range 8 {
				c := byte(w >> (8 * i))
				flagged := x>>(8*i+7)&1 == 1
				if !safe[m][c] && !flagged {
					t.Fatalf("mode %d, word %#016x: byte %d (%#x) not flagged", m, w, i, c)
				}
				if flagged && lowest < 0 {
					lowest = i
				}
			}
			if lowest >= 0 && safe[m][byte(w>>(8*lowest))] {
				t.Fatalf("mode %d, word %#016x: lowest flag on byte %d, which is clean", m, w, lowest)
			}
		}
	}
}
