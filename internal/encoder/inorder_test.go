package encoder

import (
	"encoding/json"
	"reflect"
	"testing"
	"time"
)

type textPtr struct{}

func (*textPtr) MarshalText() ([]byte, error) { return nil, nil }

type mapTree struct {
	Name string
	Kids []mapTree
	Next *mapTree
	Tags map[string][]int
}

// hiddenMap's field is never set or read: only its type matters.
type hiddenMap struct {
	m map[string]int //lint:ignore U1000 only the type is looked at
}

func TestInOrderType(t *testing.T) {
	type plainTree struct {
		Name string
		Kids []plainTree
		Next *plainTree
		When time.Time
	}
	for _, c := range []struct {
		v    any
		want bool
	}{
		{0, true},
		{"", true},
		{[]string{}, true},
		{map[int]float64{}, false},
		{mapTree{}, false}, // Tags, deep in the tree
		{&mapTree{}, false},
		{plainTree{}, true},
		{[]*plainTree{}, true},
		{json.Number(""), true},
		{struct{ A any }{}, false},
		{[]any{}, false},
		{time.Time{}, true},
		{struct{ T *time.Time }{}, true},
		{textPtr{}, true},
		{map[textPtr]int{}, false},
		{hiddenMap{}, false}, // encoding/json skips it; this stays cautious
		{[2]json.RawMessage{}, true},
		{make(chan int), true}, // unsupported: an error, no user code
		{struct{ F func() }{}, true},
	} {
		if got := inOrderType(reflect.TypeOf(c.v), map[reflect.Type]bool{}); got != c.want {
			t.Errorf("inOrderType(%T) = %v, want %v", c.v, got, c.want)
		}
	}
}
