package encoder

import "testing"

// TestSpareStates checks where putState keeps a state: in the spare slots
// only after a large output, so that a small call after large ones, whose
// state still holds a large buffer, takes the pool's cheaper path.
func TestSpareStates(t *testing.T) {
	drain := func() {
		for {
			select {
			case <-spareStates:
			default:
				return
			}
		}
	}
	drain()
	defer drain()

	st := getState(Options{})
	st.buf = make([]byte, largeBuf, 2*largeBuf)
	putState(st)
	if len(spareStates) != 1 {
		t.Fatalf("after a large output: %d spare states, want 1", len(spareStates))
	}
	if got := <-spareStates; got != st || len(got.buf) != 0 || cap(got.buf) != 2*largeBuf {
		t.Fatalf("spare state %p with buffer len %d cap %d; want %p, 0, %d", got, len(got.buf), cap(got.buf), st, 2*largeBuf)
	}

	st.buf = st.buf[:100]
	putState(st)
	if len(spareStates) != 0 {
		t.Fatalf("after a small output into a large buffer: %d spare states, want 0", len(spareStates))
	}
}
