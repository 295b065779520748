package mem

import (
	"math/rand/v2"
	"testing"
)

func dirtyRef(b byte, html, slash bool) bool {
	switch {
	case b < 0x20 || b >= 0x80 || b == '"' || b == '\\':
		return true
	case html && (b == '<' || b == '>' || b == '&'):
		return true
	case slash && b == '/':
		return true
	}
	return false
}

func TestIndexDirty(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 9))
	alphabet := []byte("abcXYZ 019~\x7f\x00\x1f\"\\<>&/\x80\xff\xe3")
	for range 200000 {
		n := r.IntN(70)
		b := make([]byte, n)
		for i := range b {
			if r.IntN(8) == 0 {
				b[i] = alphabet[r.IntN(len(alphabet))]
			} else {
				b[i] = 'a' + byte(r.IntN(26))
			}
		}
		s := string(b)
		for m, mode := range [][2]bool{{false, false}, {true, false}, {true, true}} {
			got := IndexDirty(s, m)
			if got < 0 || got > len(s) {
				t.Fatalf("IndexDirty(%q) = %d out of range", s, got)
			}
			// Every byte before got is clean, and the vector scan of a
			// string of 16 bytes or more stops only at a dirty byte.
			for i := 0; i < got; i++ {
				if dirtyRef(s[i], mode[0], mode[1]) {
					t.Fatalf("IndexDirty(%q, %v) = %d skips dirty byte %d", s, mode, got, i)
				}
			}
			if VectorScan && len(s) >= 16 && got < len(s) && !dirtyRef(s[got], mode[0], mode[1]) {
				t.Fatalf("IndexDirty(%q, %v) = %d stops at a clean byte", s, mode, got)
			}
		}
	}
}
