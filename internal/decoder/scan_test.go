package decoder

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/safejson/safejson/internal/grammar"
)

// skipSpace, and grammar.SkipSpace, which has its indentation path, must
// stop where a byte-by-byte scan does, whatever mix of spaces, tabs and
// line breaks they meet, wherever they start and however near the end of
// the input the whitespace ends.
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
						d := decodeState{data: data, i: start}
						d.skipSpace()
						want := reference(data, start)
						if d.i != want {
							t.Fatalf("skipSpace(%q) from %d stopped at %d, want %d", data, start, d.i, want)
						}
						if got := grammar.SkipSpace(data, start); got != want {
							t.Fatalf("grammar.SkipSpace(%q, %d) = %d, want %d", data, start, got, want)
						}
					}
				}
			}
		}
	}
}
