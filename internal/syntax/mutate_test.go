package syntax_test

import (
	"math/rand/v2"
	"testing"
)

// interesting are bytes that tend to change how a scanner reacts.
var interesting = []byte("{}[],:\"\\ \t\n\r0123456789-+.eEtrufalsn<>&u\x00\x01\x1f\x7f\x80\xe2\xa8\xff")

// mutate returns a copy of src with a few random edits.
func mutate(r *rand.Rand, src []byte) []byte {
	b := append([]byte(nil), src...)
	for range 1 + r.IntN(3) {
		if len(b) == 0 {
			b = append(b, interesting[r.IntN(len(interesting))])
			continue
		}
		i := r.IntN(len(b))
		switch r.IntN(6) {
		case 0: // replace with an interesting byte
			b[i] = interesting[r.IntN(len(interesting))]
		case 1: // replace with any byte
			b[i] = byte(r.Uint32())
		case 2: // insert
			b = append(b[:i], append([]byte{interesting[r.IntN(len(interesting))]}, b[i:]...)...)
		case 3: // delete
			b = append(b[:i], b[i+1:]...)
		case 4: // truncate
			b = b[:i]
		case 5: // duplicate a span
			j := i + r.IntN(min(len(b)-i, 8)+1)
			b = append(b[:j], append(append([]byte(nil), b[i:j]...), b[j:]...)...)
		}
	}
	return b
}

// TestMutations compares every function with the oracle on thousands of
// deterministic mutations of valid documents.
func TestMutations(t *testing.T) {
	var seeds [][]byte
	for _, tc := range cases {
		if len(tc.in) < 4096 {
			seeds = append(seeds, []byte(tc.in))
		}
	}
	// Small windows of the corpora give realistic shapes cheaply.
	for _, data := range loadCorpora(t) {
		seeds = append(seeds, data[:min(len(data), 300)])
	}
	r := rand.New(rand.NewPCG(1, 2))
	n := 20000
	if testing.Short() {
		n = 2000
	}
	for range n {
		src := mutate(r, seeds[r.IntN(len(seeds))])
		checkAll(t, src)
		if t.Failed() {
			t.Fatalf("stopping after first failing input %q", src)
		}
	}
}
