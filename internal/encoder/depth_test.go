package encoder

import (
	"math/rand/v2"
	"testing"
)

// TestStringEnd compares the quote-at-a-time skip with the byte-at-a-time
// loop it replaced, on strings of quotes, backslashes and letters.
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
		for range r.IntN(12) {
			b = append(b, `"\a`[r.IntN(3)])
		}
		if got, want := stringEnd(b, 0), byteLoop(b, 0); got != want {
			t.Fatalf("stringEnd(%q) = %d, want %d", b, got, want)
		}
	}
}
