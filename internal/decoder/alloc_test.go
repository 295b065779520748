//go:build !safejson_safe && !race

package decoder

// Allocation counts hold for the default build only: the safe build
// (-tags safejson_safe) reads values through reflection, and under -race
// sync.Pool drops some of what it is given, on purpose.

import "testing"

// TestMapIntoExistingAllocatesNothing decodes objects into maps that
// already hold their keys, with integer keys read from the input's own
// bytes: the key and element holders are reused, so nothing is allocated
// once the types are compiled.
func TestMapIntoExistingAllocatesNothing(t *testing.T) {
	type point struct{ X, Y float64 }
	var v struct {
		Counts map[int]int
		Points map[uint8]point
	}
	v.Counts = map[int]int{1: 0, 2: 0}
	v.Points = map[uint8]point{7: {}}
	data := []byte(`{"Counts":{"1":5,"2":6},"Points":{"7":{"X":1.5,"Y":-2}}}`)
	if err := Unmarshal(data, &v, Options{}); err != nil {
		t.Fatal(err)
	}
	if n := testing.AllocsPerRun(100, func() { Unmarshal(data, &v, Options{}) }); n != 0 {
		t.Errorf("Unmarshal made %v allocations, want 0", n)
	}
	if v.Counts[2] != 6 || v.Points[7] != (point{1.5, -2}) {
		t.Errorf("decoded %+v", v)
	}
}

// TestQuotedStringsAllocateFew decodes `,string` strings that hold quoted
// strings with escapes: they are unquoted through scratch space and kept
// in the arena's few chunks, not allocated one by one.
func TestQuotedStringsAllocateFew(t *testing.T) {
	type record struct {
		S string `json:",string"`
	}
	var b []byte
	b = append(b, '[')
	for i := range 100 {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"S":"\"a \\\"quoted\\\" word\""}`...)
	}
	b = append(b, ']')
	v := make([]record, 100)
	if err := Unmarshal(b, &v, Options{}); err != nil {
		t.Fatal(err)
	}
	if n := testing.AllocsPerRun(20, func() { Unmarshal(b, &v, Options{}) }); n > 8 {
		t.Errorf("Unmarshal made %v allocations for 100 strings, want at most 8", n)
	}
	if v[99].S != `a "quoted" word` {
		t.Errorf("decoded %q", v[99].S)
	}
}
