package encoder

import (
	"bytes"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/safejson/safejson/internal/semantics"
)

// TestLimit holds each element and member loop to Options.Limit: past it
// the call gives the value up with errTooLong, at its limit and above it
// writes the same text as without one. Leaf arrays are checked after each
// run of leafRun elements, so theirs are longer than two runs.
func TestLimit(t *testing.T) {
	type item struct{ A, B string }
	word := strings.Repeat("x", 40)
	const n = 3*leafRun + 1
	items := make([]item, 30)
	pointers := make([]*item, 30)
	strPointers := make([]*string, 30)
	nestedItems := make([][]item, 30)
	strs := make([]string, n)
	ints := make([]int, n)
	uints := make([]uint32, n)
	floats := make([]float64, n)
	nested := make([][]string, n)
	anys := make([]any, 30)
	anyMap := map[string]any{}
	strMap := map[string]string{}
	intStrMap := map[int]string{}
	intMap := map[int]item{}
	itemMap := map[string]item{}
	for i := range n {
		strs[i] = fmt.Sprint(i)
		ints[i] = -i
		uints[i] = uint32(i)
		floats[i] = float64(i) / 4
		nested[i] = []string{"a"}
	}
	for i := range 30 {
		items[i] = item{word, "b"}
		pointers[i] = &items[i]
		strPointers[i] = &word
		nestedItems[i] = []item{{word, "c"}}
		anys[i] = word
		key := fmt.Sprint("k", i)
		anyMap[key] = word
		strMap[key] = word
		intStrMap[i] = word
		intMap[i] = item{word, "c"}
		itemMap[key] = item{word, "d"}
	}
	values := []any{
		items, pointers, strPointers, nestedItems, strs, ints, uints, floats, nested, [n]string(strs),
		anys, anyMap, strMap, intStrMap, intMap, itemMap,
		struct{ L []item }{items}, struct{ S []string }{strs}, map[string][]int{"a": ints, "b": ints},
	}
	if semantics.OnV2 {
		floatMap := map[float64]item{}
		for i := range 30 {
			floatMap[float64(i)/2] = item{word, "e"}
		}
		values = append(values, floatMap)
	}
	for _, v := range values {
		whole, err := Marshal(v, Options{})
		if err != nil {
			t.Fatalf("%T: Marshal without a limit: %v", v, err)
		}
		for _, limit := range []int{1, len(whole) / 2, len(whole), len(whole) + 1} {
			got, err := Marshal(v, Options{Limit: limit})
			switch {
			case limit < len(whole) && err != errTooLong:
				t.Errorf("%T, limit %d of %d bytes: error %v; want errTooLong", v, limit, len(whole), err)
			case limit >= len(whole) && (err != nil || !bytes.Equal(got, whole)):
				t.Errorf("%T, limit %d of %d bytes: %v, text differs: %v", v, limit, len(whole), err, !bytes.Equal(got, whole))
			}
		}
	}
}

// TestLimitKeepsFloatErrors checks that a float JSON cannot hold in a
// long leaf array is reported as without a limit, at whichever run it
// stands.
func TestLimitKeepsFloatErrors(t *testing.T) {
	for _, at := range []int{0, leafRun - 1, leafRun, 2*leafRun + 3} {
		floats := make([]float64, 3*leafRun)
		floats[at] = math.Inf(1)
		_, want := Marshal(floats, Options{})
		_, got := Marshal(floats, Options{Limit: 1 << 20})
		if want == nil || got == nil || got.Error() != want.Error() {
			t.Errorf("infinity at %d: error %v; want %v", at, got, want)
		}
	}
}
