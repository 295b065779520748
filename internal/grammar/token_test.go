package grammar_test

import (
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/safejson/safejson/internal/grammar"
)

// TestAppendUnquotedLoose checks the bodies that only the loose unquoting
// of `,string` values hands over: an unknown escape stands for its byte,
// and a bad or cut-off \u for U+FFFD, without reading past the body.
func TestAppendUnquotedLoose(t *testing.T) {
	for body, want := range map[string]string{`\'`: "'", `a\u12`: "a\uFFFD", `\uzzzz!`: "\uFFFD!", `\ud800\u`: "\uFFFD\uFFFD"} {
		if got := string(grammar.AppendUnquoted(nil, []byte(body))); got != want {
			t.Errorf("AppendUnquoted(%q) = %q, want %q", body, got, want)
		}
	}
}

// TestIsNumber checks IsNumber against encoding/json's Valid: a number is
// a valid text that starts with a minus or a digit and has no space.
func TestIsNumber(t *testing.T) {
	texts := []string{"", "0", "-0", "7", "-", "01", "-01", "1.", "1.5", ".5", "1e", "1e+", "1E-7", "1e5x",
		"12345678901234567890123456789", " 1", "1 ", "+1", "0x1", "1.5.5", "--1", "-a", `"1"`, "true", "Infinity"}
	r := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		b := make([]byte, 1+r.IntN(6))
		for i := range b {
			b[i] = "-+.eE0123456789 x"[r.IntN(17)]
		}
		texts = append(texts, string(b))
	}
	for _, s := range texts {
		want := json.Valid([]byte(s)) && s[0] != ' ' && s[len(s)-1] != ' ' && (s[0] == '-' || s[0] >= '0' && s[0] <= '9')
		if got := grammar.IsNumber([]byte(s)); got != want {
			t.Errorf("IsNumber(%q) = %v, want %v", s, got, want)
		}
	}
}

// TestSkipDigits checks the run of digits found eight bytes at a time
// against a byte at a time: every byte value at every position of runs
// that reach past one word, near the end of the input too.
func TestSkipDigits(t *testing.T) {
	runsWithOneByte("7", func(data []byte) {
		want := 0
		for want < len(data) && data[want]-'0' < 10 {
			want++
		}
		if got := grammar.SkipDigits(data, 0); got != want {
			t.Fatalf("SkipDigits(%q) = %d, want %d", data, got, want)
		}
	})
}

// runsWithOneByte calls f with runs of 0 to 19 copies of fill, then with
// each of them with every byte value at every position: the inputs that
// take a word-at-a-time loop and its byte-at-a-time tail through every
// way out.
func runsWithOneByte(fill string, f func(data []byte)) {
	for n := range 20 {
		for pos := 0; pos <= n; pos++ {
			for c := range 256 {
				data := []byte(strings.Repeat(fill, n))
				if pos < n {
					data[pos] = byte(c)
				}
				f(data)
			}
		}
	}
}

// TestIntEnd checks IntEnd against a byte-at-a-time reading of random
// integers followed by every byte: it must take exactly the JSON integers
// of at most fifteen digits with 24 bytes from their start that nothing
// after them goes on, and end where they do.
func TestIntEnd(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 8))
	taken := 0
	for range 200000 {
		var b strings.Builder
		if r.IntN(3) == 0 {
			b.WriteByte('-')
		}
		for range r.IntN(19) {
			b.WriteByte(byte('0' + r.IntN(10)))
		}
		b.WriteByte(byte(r.IntN(256)))
		b.WriteString(strings.Repeat("1", r.IntN(30)))
		src := []byte(b.String())
		sign := 0
		if src[0] == '-' {
			sign = 1
		}
		want := sign
		for want < len(src) && src[want]-'0' < 10 {
			want++
		}
		digits := want - sign
		wantOK := len(src) >= 24 && digits >= 1 && digits <= 15 && grammar.IsNumber(src[:want]) &&
			(want == len(src) || strings.IndexByte(".eE", src[want]) < 0)
		end, ok := grammar.IntEnd(src, 0)
		if ok != wantOK || ok && end != want {
			t.Fatalf("IntEnd(%q) = %d, %v; want %d, %v", src, end, ok, want, wantOK)
		}
		if ok {
			taken++
		}
	}
	if taken < 10000 {
		t.Errorf("IntEnd took %d of 200000", taken)
	}
}

// TestClasses holds each byte class to its definition, for every byte.
func TestClasses(t *testing.T) {
	for i := range 256 {
		c := byte(i)
		plain := c >= 0x20 && c != '"' && c != '\\'
		want := map[grammar.Class]bool{
			grammar.StopPlain:  !plain,
			grammar.StopHTML:   !plain || c == '<' || c == '>' || c == '&' || c == 0xE2,
			grammar.HTMLOnly:   c == '<' || c == '>' || c == '&' || c == 0xE2,
			grammar.StopScript: !plain || c == '<' || c == '>' || c == '&' || c == '/' || c >= 0x80,
			grammar.Space:      c == ' ' || c == '\t' || c == '\n' || c == '\r',
			grammar.PlainASCII: plain && c < 0x80,
			grammar.InNumber:   c >= '0' && c <= '9' || strings.IndexByte(".eE+-", c) >= 0,
		}
		for k, w := range want {
			if got := grammar.Is(c, k); got != w {
				t.Errorf("Is(%#x, %b) = %v, want %v", c, k, got, w)
			}
		}
		if grammar.IsSpace(c) != want[grammar.Space] {
			t.Errorf("IsSpace(%#x) = %v", c, grammar.IsSpace(c))
		}
	}
}

// TestPlainASCIIRun checks the run found a word at a time against a byte
// at a time: every byte value at every position of runs that reach past
// one word.
func TestPlainASCIIRun(t *testing.T) {
	runsWithOneByte("a", func(data []byte) {
		for i := 0; i <= len(data); i++ {
			want := i
			for want < len(data) && grammar.Is(data[want], grammar.PlainASCII) {
				want++
			}
			if got := grammar.PlainASCIIRun(data, i); got != want-i {
				t.Fatalf("PlainASCIIRun(%q, %d) = %d, want %d", data, i, got, want-i)
			}
		}
	})
}

// SkipSpace, which reads indentation a word at a time, must stop where a
// byte-by-byte scan does, whatever mix of spaces, tabs and line breaks it
// meets, wherever it starts and however near the end of the input the
// whitespace ends.
func TestSkipSpaceMatchesByteByByte(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	space := []byte(" \t\n\r")
	// whitespace returns n bytes of whitespace in one of several shapes:
	// the line breaks and indentation of indented text, and random mixes.
	whitespace := func(n, shape int) string {
		var b []byte
		switch shape {
		case 0:
			b = []byte("\n" + strings.Repeat(" ", n))
		case 1:
			b = []byte("\r\n" + strings.Repeat("\t", n))
		case 2:
			b = []byte("\n" + strings.Repeat("\t", n))
		case 3:
			b = []byte(strings.Repeat(" ", n))
		case 4: // indentation that other whitespace breaks
			b = []byte("\n" + strings.Repeat(" ", n))
			b[r.IntN(len(b))] = space[r.IntN(len(space))]
		default:
			for len(b) < n {
				b = append(b, space[r.IntN(len(space))])
				if r.IntN(3) == 0 {
					b = append(b, "\r\n"...)
				}
			}
		}
		return string(b[:n])
	}
	reference := func(data []byte, i int) int {
		for i < len(data) && strings.IndexByte(" \t\n\r", data[i]) >= 0 {
			i++
		}
		return i
	}
	ends := []string{"", "}", `"`, "x", "\x00", "\x1f", "\xff"}
	for n := 0; n <= 40; n++ {
		for shape := range 8 {
			ws := whitespace(n, shape)
			for start := range 8 {
				for _, end := range ends {
					for tail := 0; tail <= 40; tail++ {
						data := []byte(strings.Repeat("a", start) + ws + end + strings.Repeat("b", tail))
						want := reference(data, start)
						if got := grammar.SkipSpace(data, start); got != want {
							t.Fatalf("SkipSpace(%q, %d) = %d, want %d", data, start, got, want)
						}
					}
				}
			}
		}
	}
}
