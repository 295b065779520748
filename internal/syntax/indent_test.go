package syntax

import (
	"math"
	"testing"
)

// TestIndentRoomNeverNegative: the growth hint for a src longer than 2/3
// of the address space overflowed int on 32-bit machines, and a negative
// hint makes slices.Grow panic.
func TestIndentRoomNeverNegative(t *testing.T) {
	for _, n := range []int{0, 1, 100, math.MaxInt/3*2 - 1, math.MaxInt / 3 * 2, math.MaxInt/3*2 + 1, math.MaxInt - 1, math.MaxInt} {
		if r := IndentRoom(n); r < n {
			t.Errorf("IndentRoom(%d) = %d, less than n", n, r)
		}
	}
}
