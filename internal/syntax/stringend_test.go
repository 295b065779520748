package syntax_test

import (
	"math/rand/v2"
	"testing"

	"github.com/safejson/safejson/internal/syntax"
)

// TestStringEnd compares the quote-at-a-time skip with a byte-at-a-time
// loop, on strings of quotes, backslashes and letters.
func TestStringEnd(t *testing.T) {
	byteLoop := func(b []byte, i int) int {
		for i++; i < len(b) && b[i] != '"'; i++ {
			if b[i] == '\\' {
				i++
			}
		}
		return min(i, len(b))
	}
	r := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		b := []byte{'"'}
		// Quotes far apart as well as near.
		letters := `"\a`
		if r.IntN(2) == 0 {
			letters = `"\aaaaaaaaaaaaaaaaaaaaaaaaaaaaa`
		}
		for range r.IntN(60) {
			b = append(b, letters[r.IntN(len(letters))])
		}
		if got, want := syntax.StringEnd(b, 0), byteLoop(b, 0); got != want {
			t.Fatalf("StringEnd(%q) = %d, want %d", b, got, want)
		}
	}
}
