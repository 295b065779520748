package decoder

import (
	"bytes"
	"testing"
)

// TestArenaKeep checks what keep hands out: an equal copy with no room to
// append in place, from the chunk at hand while it fits, and a long string
// that does not fit in an allocation of its own, which leaves the chunk at
// hand to the strings after it.
func TestArenaKeep(t *testing.T) {
	var a arena
	short := []byte("short")
	long := bytes.Repeat([]byte{'x'}, ownBytes)
	end := 1 << 20

	first := a.keep(short, 0, end)
	if !bytes.Equal(first, short) || cap(first) != len(first) {
		t.Fatalf("keep(short) = %q with cap %d", first, cap(first))
	}
	chunk := &a.buf[:1][0]
	got := a.keep(long, 100, end)
	if !bytes.Equal(got, long) || cap(got) != len(got) {
		t.Fatalf("keep(long) = %d bytes with cap %d", len(got), cap(got))
	}
	if &a.buf[:1][0] != chunk || len(a.buf) != len(short) {
		t.Errorf("keep(long) replaced or grew the chunk at hand")
	}
	second := a.keep(short, 200, end)
	if &a.buf[:1][0] != chunk || &second[0] != &a.buf[len(short)] {
		t.Errorf("the string after a long one is not in the same chunk")
	}
	got[0], second[0] = 'y', 'z'
	if first[0] != 's' || !bytes.Equal(short, []byte("short")) {
		t.Errorf("writing to a kept string changed another")
	}
}
