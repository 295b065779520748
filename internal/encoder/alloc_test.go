//go:build !safejson_safe && !race

package encoder

// Allocation counts hold for the default build only: the safe build
// (-tags safejson_safe) reads values through reflection, and under -race
// sync.Pool drops some of what it is given, on purpose.

import (
	"io"
	"testing"
)

// textName is a map key written as the text of its MarshalText and (under
// Go 1.27) AppendText, neither of which allocates.
type textName struct{ n int }

func (k textName) MarshalText() ([]byte, error) { return keyNames[k.n%len(keyNames)], nil }

func (k textName) AppendText(b []byte) ([]byte, error) {
	return append(b, keyNames[k.n%len(keyNames)]...), nil
}

var keyNames = [][]byte{[]byte("zero"), []byte("one"), []byte("two")}

// TestEncodeAllocatesNothing encodes values with every kind of map path
// (string keys written in key order from copied values, integer keys, keys
// written by their text methods, map[string]any, maps of strings), leaf
// slices, runs of structs and of
// pointers to them, and nested structs to a reused writer, which must not
// allocate once the types are compiled.
func TestEncodeAllocatesNothing(t *testing.T) {
	type leafy struct {
		N  []int
		I  []int64
		F  []float64
		S  []string
		In inner
	}
	big := map[string]inner{}
	for i := range 40 {
		big[string(rune('a'+i%26))+string(rune('a'+i/26))] = inner{A: i, B: "<b>"}
	}
	strs := map[string]string{}
	for i := range 20 {
		strs[string(rune('a'+i))] = "<v>"
	}
	v := &struct {
		Strs  map[string]string
		Ptrs  []*inner
		Small map[string]int
		Big   map[string]inner
		Ints  map[int64]string
		Any   map[string]any
		Leafy []leafy
		Texts map[textName]int
	}{
		Strs:  strs,
		Ptrs:  []*inner{{A: 1}, nil, {B: "b"}},
		Small: map[string]int{"x": 1, "y": 2},
		Big:   big,
		Ints:  map[int64]string{3: "c", -1: "a", 20: "b"},
		Any:   map[string]any{"k": []any{1.5, "s", map[string]any{"n": nil}}},
		Leafy: []leafy{{N: []int{1, 2}, I: []int64{3}, F: []float64{0.5}, S: []string{"s"}}},
		Texts: map[textName]int{{0}: 0, {1}: 1, {2}: 2},
	}
	s := NewStream(io.Discard)
	if err := s.Encode(v, Options{}); err != nil {
		t.Fatal(err)
	}
	if n := testing.AllocsPerRun(100, func() { s.Encode(v, Options{}) }); n != 0 {
		t.Errorf("Encode made %v allocations, want 0", n)
	}
}
