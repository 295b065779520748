package mem

import "testing"

// arenaUse copies strings of length n, one every gap bytes of an input of
// size bytes, into an arena sized by Chunks, as the decoders' keepBytes
// does, and returns the bytes allocated and the bytes kept.
func arenaUse(size, n, gap int) (allocated, kept int) {
	var c Chunks
	var used, capacity int
	for at := gap; at <= size; at += gap {
		if n > capacity-used {
			capacity = c.Next(used, n, at, size-at)
			allocated += capacity
			used = 0
		}
		used += n
		kept += n
	}
	return allocated, kept
}

// TestChunksWaste checks that an arena's chunks are not much larger than
// what an input of even density needs, at every size and density: a
// last chunk of MaxChunk would be mostly unused.
func TestChunksWaste(t *testing.T) {
	for _, size := range []int{1 << 10, 3 << 10, 100 << 10, 2 << 20, 30 << 20} {
		for _, c := range []struct{ n, gap int }{{8, 400}, {20, 60}, {40, 48}, {300, 320}} {
			allocated, kept := arenaUse(size, c.n, c.gap)
			if kept == 0 {
				continue
			}
			waste := allocated - kept
			// A chunk is cut short by the rest of the input's likely
			// need, with a quarter to spare, or by FirstChunk/4.
			if limit := kept/3 + FirstChunk; waste > limit {
				t.Errorf("%d bytes, %d-byte strings every %d: allocated %d for %d, %d unused (want at most %d)", size, c.n, c.gap, allocated, kept, waste, limit)
			}
		}
	}
}

// TestChunksNeed checks that a chunk always has room for what it must
// hold now, however little the input read so far needed.
func TestChunksNeed(t *testing.T) {
	for _, need := range []int{1, 100, FirstChunk, MaxChunk, 4 * MaxChunk} {
		for _, read := range []int{0, 1, 1 << 20} {
			var c Chunks
			if got := c.Next(0, need, read, 1<<20); got < need {
				t.Errorf("Next(0, %d, %d, 1<<20) = %d, less than need", need, read, got)
			}
		}
	}
}

// TestChunksFirst checks that the first chunk is small whatever the
// input's length, unless what it must hold now is larger, and that the
// chunks after it follow the usual rule.
func TestChunksFirst(t *testing.T) {
	for _, c := range []struct{ need, read, left, want int }{
		{8, 10, 100, 110},
		{8, 10, 1 << 20, StartChunk},
		{8, 1 << 20, 0, StartChunk},
		{200, 10, 1 << 20, 400},
		{5000, 0, 1 << 20, 10000},
	} {
		var ch Chunks
		if got := ch.Next(0, c.need, c.read, c.left); got != c.want {
			t.Errorf("first Next(0, %d, %d, %d) = %d, want %d", c.need, c.read, c.left, got, c.want)
		}
	}
	var ch Chunks
	ch.Next(0, 8, 0, 1<<20)
	if got := ch.Next(StartChunk, 8, 0, 1<<20); got != FirstChunk {
		t.Errorf("second Next with nothing read = %d, want FirstChunk (%d)", got, FirstChunk)
	}
	// Near the end of the input, little is likely to be needed: the
	// second chunk is twice what the first held, not FirstChunk/4.
	ch = Chunks{}
	ch.Next(0, 8, 10, 1090)
	if got := ch.Next(250, 10, 1000, 100); got != 500 {
		t.Errorf("second Next near the end = %d, want 500", got)
	}
}
