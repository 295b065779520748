package mem

// Chunks sizes the chunks of an arena that holds what is decoded from one
// input (strings' bytes, carved arrays). The first is StartChunk, or the
// input's length if smaller: where the first string starts says little
// about how many follow, and an input that holds few pays for few. The
// rest double from FirstChunk, or the input's length if smaller, up to
// MaxChunk. A chunk is also no larger than the rest of the input is likely
// to need, judged by what the part read so far needed, but no smaller than
// twice the chunk before it, up to FirstChunk/4: the last chunk of a
// document would otherwise be up to MaxChunk, most of it never used, and
// the collector's work grows with every byte allocated.
type Chunks struct {
	size int // the last chunk's planned size
	kept int // the bytes that earlier chunks hold
}

const (
	StartChunk = 256
	FirstChunk = 4 << 10
	MaxChunk   = 256 << 10
)

// Next returns the capacity of a new chunk that must hold need bytes now,
// given the bytes the chunk before it keeps (used), and the bytes of the
// input before (read) and after (left) the point reached. What the read
// part gave, the used bytes of every chunk and need, judges the rest.
func (c *Chunks) Next(used, need, read, left int) int {
	c.kept += used
	if c.size == 0 {
		c.size = min(read+left, StartChunk)
		return max(c.size, 2*need)
	}
	c.size = min(max(2*c.size, min(read+left, FirstChunk)), MaxChunk)
	n := c.size
	if read > 0 {
		// A quarter more than the rate so far, in floating point: the
		// product overflows an int on 32-bit platforms.
		if likely := 1.25 * float64(c.kept+need) * float64(left) / float64(read); likely < float64(n) {
			// The floor, for the guess's misses, is no more than the
			// planned size, which a small input's length bounds, or
			// than twice what the chunk before held.
			n = max(int(likely), min(FirstChunk/4, n, max(2*used, StartChunk)))
		}
	}
	return max(n, 2*need)
}
