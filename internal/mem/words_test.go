package mem

import (
	"strings"
	"testing"
)

// TestAppendShortBytes checks that the word stores of AppendShort,
// AppendWords16 and AppendWords32 write s itself, in every build and byte order: words
// stored in the wrong order wrote field names reversed in blocks of 8 on
// big-endian machines.
func TestAppendShortBytes(t *testing.T) {
	const text = `,"abcdefghijklmnopqrstuvwxyz0123456789":`
	for n := 0; n <= len(text); n++ {
		s := text[:n]
		w := Words(s)
		for _, room := range []int{0, 64} {
			b := make([]byte, 3, 3+room)
			copy(b, "pre")
			if got := string(AppendShort(b, s, &w)); got != "pre"+s {
				t.Errorf("AppendShort(%q) with room %d = %q", s, room, got)
			}
			if n > 32 {
				continue
			}
			if got := string(AppendWords32(b, &w, n)); got != "pre"+s {
				t.Errorf("AppendWords32(%q) with room %d = %q", s, room, got)
			}
			if n > 16 {
				continue
			}
			w16 := [2]uint64{w[0], w[1]}
			if got := string(AppendWords16(b, &w16, n)); got != "pre"+s {
				t.Errorf("AppendWords16(%q) with room %d = %q", s, room, got)
			}
		}
	}
	if w := Words(strings.Repeat("x", 40)); w != Words(strings.Repeat("x", 32)) {
		t.Errorf("Words reads past 32 bytes: %x", w)
	}
}
