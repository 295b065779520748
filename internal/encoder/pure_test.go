package encoder

import (
	"encoding/json"
	"reflect"
	"testing"
	"time"
)

type pureText struct{}

func (*pureText) MarshalText() ([]byte, error) { return nil, nil }

type pureTree struct {
	Name string
	Kids []pureTree
	Next *pureTree
	Tags map[string][]int
}

// pureHidden's fields are never set or read: only their types matter.
type pureHidden struct {
	n   int             //lint:ignore U1000 only the type is looked at
	raw json.RawMessage //lint:ignore U1000 only the type is looked at
}

func TestPureType(t *testing.T) {
	for _, c := range []struct {
		v    any
		want bool
	}{
		{0, true},
		{"", true},
		{[]string{}, true},
		{map[int]float64{}, true},
		{pureTree{}, true},
		{&pureTree{}, true},
		{json.Number(""), true},
		{struct{ A any }{}, false},
		{[]any{}, false},
		{time.Time{}, false},
		{struct{ T *time.Time }{}, false},
		{pureText{}, false},           // pointer receiver: reachable when addressable
		{map[pureText]int{}, false},   // keys are user code too
		{pureHidden{}, false},         // unexported fields count: encoding/json skips them, this stays cautious
		{[2]json.RawMessage{}, false}, // RawMessage has MarshalJSON
		{make(chan int), true},        // unsupported: an error, no user code
		{struct{ F func() }{}, true},
	} {
		if got := pureType(reflect.TypeOf(c.v), map[reflect.Type]bool{}); got != c.want {
			t.Errorf("pureType(%T) = %v, want %v", c.v, got, c.want)
		}
	}
}
