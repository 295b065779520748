package encoder

import (
	"reflect"
	"testing"

	"github.com/safejson/safejson/internal/escape"
	"github.com/safejson/safejson/internal/randtypes"
)

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

// TestStateAfterSuccess checks what putState relies on to skip the reset
// after a call that succeeded: the call leaves the state as reset would
// make it, over values that take every stack, level and run the encoder
// keeps, and the random type sets of the benchmark.
func TestStateAfterSuccess(t *testing.T) {
	type leaf struct {
		S string
		N int
	}
	type node struct {
		Kids []node
		Ptrs []*leaf
		Any  any
		M    map[string]leaf
	}
	deep := any(nil)
	for range 990 {
		deep = []any{deep}
	}
	values := []any{
		map[string]string{"b": "1", "a": "2"},
		map[string]int{"b": 1, "a": 2},
		map[string]float64{"x": 1.5},
		map[string]any{"b": map[string]any{"c": []any{1.0, "x", map[string]any{"d": true}}}, "a": nil},
		map[int]string{3: "c", 1: "a"},
		map[textKey]int{2: 1, 0: 2},
		map[string]map[string][]int{"a": {"b": {1}}, "c": nil},
		[]any{leaf{"a", 1}, &leaf{"b", 2}, []leaf{{"c", 3}}},
		[]leaf{{"a", 1}, {"b", 2}, {"c", 3}},
		[]*leaf{{"a", 1}, nil, {"c", 3}},
		[3]leaf{{"a", 1}},
		node{Kids: []node{{Ptrs: []*leaf{{"x", 1}}, Any: leaf{"y", 2}}, {M: map[string]leaf{"k": {"z", 3}}}}},
		&node{Any: &node{Any: []node{{}}}},
		deep,
	}
	for _, set := range randtypes.Generate(1, 40) {
		values = append(values, set.Value)
	}
	for i, v := range values {
		st := getState(Options{Escape: escape.HTML})
		if _, err := st.encodeAny(nil, v); err != nil {
			t.Fatalf("value %d (%T): %v", i, v, err)
		}
		if st.err != nil || st.exact || st.retryExact || st.deep {
			t.Errorf("value %d (%T) takes putState's reset, so this test does not cover it", i, v)
		}
		if len(st.ptrSeen) != 0 {
			t.Errorf("value %d (%T): %d pointers left seen", i, v, len(st.ptrSeen))
		}
		after, reset := *st, *st
		reset.reset()
		if !reflect.DeepEqual(after, reset) {
			t.Errorf("value %d (%T): the call left the state\n%+v\nwhere reset gives\n%+v", i, v, after, reset)
		}
		putState(st)
	}
}
