//go:build goexperiment.jsonv2 && go1.27

package encoder_test

// The v2 encoding tests of struct members: the omitempty and omitzero tests,
// and the groups of members behind embedded pointers.

import (
	"errors"
	"testing"
	"time"
)

// TestOmitZeroTimePointer: v2's omitzero calls IsZero through a non-nil
// *time.Time.
func TestOmitZeroTimePointer(t *testing.T) {
	zero, later := time.Time{}, time.Unix(1, 0).UTC()
	type times struct {
		P *time.Time `json:",omitzero"`
	}
	for _, v := range []times{{}, {&zero}, {&later}} {
		if !check(t, v) {
			t.Errorf("Append left %+v to encoding/json/v2", v)
		}
	}
}

// omitted has each kind of test omitempty and omitzero make before a
// member is written: one word's (strings, slices, pointers, interfaces),
// and the long way's (maps, omitzero, members behind embedded pointers).
type omitted struct {
	S   string           `json:",omitempty"`
	Sl  []int            `json:",omitempty"`
	P   *int             `json:",omitempty"`
	I   any              `json:",omitempty"`
	M   map[string]int   `json:",omitempty"`
	SZ  string           `json:",omitempty,omitzero"`
	MZ  map[string]int   `json:",omitempty,omitzero"`
	PZ  *[]int           `json:",omitzero"`
	Arr [0]int           `json:",omitempty"`
	Any map[string][]any `json:",omitempty"`
	*omittedEmbedded
}

type omittedEmbedded struct {
	ES  string `json:",omitempty"`
	EI  any    `json:",omitempty"`
	ESl []byte `json:",omitempty"`
	EN  int
}

// TestOmitTests writes each of omitted's members empty, and beside it
// holding a value that is or is not empty once written.
func TestOmitTests(t *testing.T) {
	one := 1
	empty := []int{}
	values := []omitted{
		{},
		{Sl: []int{}, I: "", M: map[string]int{}, MZ: map[string]int{}, PZ: &empty, Any: map[string][]any{},
			omittedEmbedded: &omittedEmbedded{EI: []any{}, ESl: []byte{}}},
		{S: "s", Sl: []int{0}, P: &one, I: 0, M: map[string]int{"": 0}, SZ: "z", MZ: map[string]int{"a": 1}, PZ: new([]int),
			Any: map[string][]any{"k": nil}, omittedEmbedded: &omittedEmbedded{ES: "e", EI: map[string]any{}, ESl: []byte{0}, EN: 1}},
		{I: (*int)(nil), omittedEmbedded: &omittedEmbedded{EI: nil}},
	}
	for _, v := range values {
		if !check(t, v) {
			t.Errorf("Append left %+v to encoding/json/v2", v)
		}
		if !check(t, &v) {
			t.Errorf("Append left &%+v to encoding/json/v2", v)
		}
	}
}

// groupDeep's members are behind a second embedded pointer, so that they
// form a group inside groupInner's; its s is shadowed by groupInner's.
type groupDeep struct {
	D1 int `json:"d1,omitempty"`
	D2 string
	D3 []int  `json:"d3,omitempty"`
	S  string `json:"s"`
}

// groupInner's members are left out when empty, so that a group of them
// can write nothing; Q is alone behind its embedded pointer.
type groupInner struct {
	S string    `json:"s,omitempty"`
	P *int      `json:"p,omitempty"`
	Z zeroIf    `json:"z,omitzero"`
	T time.Time `json:"t,omitzero"`
	F failIf    `json:"f,omitempty"`
	*groupDeep
	*single
}

type single struct{ Q int }

// failIf's MarshalJSON fails when it is true, and writes "" otherwise,
// which omitempty leaves out.
type failIf bool

func (f failIf) MarshalJSON() ([]byte, error) {
	if f {
		return nil, errors.New("no")
	}
	return []byte(`""`), nil
}

// allOmitted writes no member when its members are empty.
type allOmitted struct {
	A string            `json:",omitempty"`
	B []int             `json:",omitempty"`
	C int               `json:",omitzero"`
	E *struct{ N bool } `json:",omitzero"`
	O *struct {
		N string `json:",omitempty"`
	} `json:",omitempty"`
}

// groupOuter has members behind embedded pointers at its start, in its
// middle and at its end; its D2 shadows groupDeep's.
type groupOuter struct {
	*Embedded
	X int `json:"x,omitempty"`
	*groupInner
	D2 string `json:"D2,omitempty"`
	*allOmitted
}

// adjacent has groups behind different embedded pointers side by side.
type adjacent struct {
	*Embedded
	*allOmitted
	*groupInner
}

// TestEmbeddedGroups writes members reached through one embedded pointer,
// which the engine writes as one group, around nil pointers, empty
// members, nested groups, shadowed members and a method that fails.
func TestEmbeddedGroups(t *testing.T) {
	one := 1
	full := &groupInner{"s", &one, zeroIf{10}, time.Unix(1, 0).UTC(), false, &groupDeep{2, "d", []int{3}, "shadowed"}, &single{4}}
	emptyO := &struct {
		N string `json:",omitempty"`
	}{}
	cases := []struct {
		name   string
		v      any
		writes bool
	}{
		{"nil", groupOuter{}, true},
		{"nilAddressed", &groupOuter{X: 1}, true},
		{"set", groupOuter{&Embedded{1, 2}, 3, full, "outer", &allOmitted{"a", []int{4}, 5, &struct{ N bool }{}, &struct {
			N string `json:",omitempty"`
		}{"n"}}}, true},
		{"allOmitted", groupOuter{allOmitted: &allOmitted{B: []int{}, O: emptyO}}, true},
		{"onlyAllOmitted", struct{ *allOmitted }{&allOmitted{O: emptyO}}, true},
		{"onlyAllOmittedNil", struct{ *allOmitted }{}, true},
		{"innerEmpty", groupOuter{groupInner: &groupInner{Z: zeroIf{9}}}, true},
		{"deepEmpty", groupOuter{X: 1, groupInner: &groupInner{groupDeep: &groupDeep{}}}, true},
		{"deepOnly", struct{ *groupInner }{&groupInner{groupDeep: &groupDeep{D1: 1}, single: &single{}}}, true},
		{"singleOnly", struct{ *groupInner }{&groupInner{single: &single{5}}}, true},
		{"firstOmitted", struct {
			*groupInner
			Y int
		}{&groupInner{P: &one}, 2}, true},
		{"adjacentNil", adjacent{}, true},
		{"adjacentSet", adjacent{&Embedded{1, 2}, &allOmitted{C: 3}, full}, true},
		{"adjacentMiddleEmpty", &adjacent{&Embedded{}, &allOmitted{}, &groupInner{S: "s"}}, true},
		{"inSlice", []groupOuter{{}, {X: 1, groupInner: &groupInner{S: "a"}}, {Embedded: &Embedded{}}, {allOmitted: &allOmitted{}}}, true},
		{"inPtrSlice", []*groupOuter{{}, nil, {Embedded: &Embedded{1, 2}, groupInner: full}}, true},
		{"inMap", map[string]groupOuter{"a": {groupInner: full}, "b": {}}, true},
		{"failing", groupOuter{X: 1, groupInner: &groupInner{S: "s", F: true}}, false},
		{"failingDeep", []groupOuter{{groupInner: full}, {groupInner: &groupInner{F: true, groupDeep: &groupDeep{}}}}, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := check(t, c.v); got != c.writes {
				t.Errorf("Append wrote it: %v, want %v", got, c.writes)
			}
		})
	}
}
