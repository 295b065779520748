package decoder

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestSliceLengthHint decodes arrays of many lengths, in random order, into
// the same slice types, fresh and pre-filled: the length a type last
// decoded to sizes its next growth, which must change no value or length.
func TestSliceLengthHint(t *testing.T) {
	type big struct {
		A string
		B [40]int // over hintedSize bytes in all
		C []int
	}
	r := rand.New(rand.NewPCG(4, 2))
	for range 400 {
		n := r.IntN(300)
		if r.IntN(4) == 0 {
			n = r.IntN(6)
		}
		ints := make([]string, n)
		objs := make([]string, n)
		for i := range n {
			ints[i] = fmt.Sprint(i)
			objs[i] = fmt.Sprintf(`{"A":"%d","C":[%d]}`, i, i)
		}
		intText := "[" + strings.Join(ints, ",") + "]"
		objText := "[" + strings.Join(objs, ",") + "]"
		for _, c := range []struct {
			data string
			mk   func() any
		}{
			{intText, func() any { return new([]int) }},
			{intText, func() any { s := []int{7, 8, 9}; return &s }},
			{objText, func() any { return new([]big) }},
			{objText, func() any { s := make([]big, 2, 40); s[1].A = "old"; return &s }},
			{`{"X":` + intText + `}`, func() any { return new(struct{ X []int }) }},
		} {
			if d := diffUnmarshal([]byte(c.data), c.mk, Options{}); d != "" {
				t.Fatalf("%.80s: %s", c.data, d)
			}
		}
	}
}
