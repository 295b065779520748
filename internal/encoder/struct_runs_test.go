package encoder

import (
	"math"
	"reflect"
	"testing"
)

type runInner struct {
	X int
	S string `json:",omitempty"`
}

type runEmbedded struct{ E int }

type runOuter struct {
	*runEmbedded
	In    runInner
	Ins   []runInner
	P     *runInner
	Ps    []*runInner
	Arr   [2]runInner
	F     float64
	Any   any
	Empty struct{}
}

type runNode struct {
	Name string
	Kids []*runNode
}

// TestStructRuns covers slices and arrays of structs, which appendElems
// hands to the struct encoder as one run: every element is written once,
// nested structs and runs inside an element are not taken for more of the
// run, and an error in any element is encoding/json's.
func TestStructRuns(t *testing.T) {
	inner := func(n int) []runInner {
		s := make([]runInner, n)
		for i := range s {
			s[i] = runInner{X: i, S: string(rune('a' + i%26))}
		}
		return s
	}
	outer := func(n int) []runOuter {
		s := make([]runOuter, n)
		for i := range s {
			s[i] = runOuter{
				In:  runInner{X: -i},
				Ins: inner(i % 4),
				Ps:  []*runInner{nil, {X: i}},
				Arr: [2]runInner{{X: 1}, {S: "<>"}},
				F:   float64(i) / 3,
				Any: runInner{X: i * 10},
			}
			if i%2 == 1 {
				s[i].runEmbedded = &runEmbedded{E: i}
				s[i].P = &runInner{X: i}
			}
		}
		return s
	}
	withNaN := outer(5)
	withNaN[3].F = math.NaN()
	nestedNaN := outer(4)
	nestedNaN[2].Any = []runOuter{{}, {F: math.Inf(1)}}
	tree := &runNode{Name: "root", Kids: []*runNode{
		{Name: "a"}, nil, {Name: "b", Kids: []*runNode{nil, nil, {Name: "c", Kids: []*runNode{}}}}, nil,
	}}
	cycle := &runNode{Name: "loop"}
	cycle.Kids = []*runNode{{Name: "x"}, cycle}
	deep := &runNode{Name: "leaf"}
	for i := range 1100 {
		deep = &runNode{Name: string(rune('a' + i%26)), Kids: []*runNode{nil, deep}}
	}
	cases := []struct {
		name string
		v    any
	}{
		{"nil slice", []runInner(nil)},
		{"empty slice", []runInner{}},
		{"one", inner(1)},
		{"many", inner(40)},
		{"array", [3]runInner{{X: 1}, {}, {S: "z"}}},
		{"empty array", [0]runInner{}},
		{"empty structs", make([]struct{}, 3)},
		{"outer", outer(9)},
		{"outer pointer", &struct{ O []runOuter }{outer(3)}},
		{"slices of slices", [][]runInner{inner(2), nil, inner(3)}},
		{"pointers", []*runInner{{X: 1}, nil, {S: "<"}, nil}},
		{"pointers after nil", []*runInner{nil, {X: 2}}},
		{"nil pointers", make([]*runInner, 3)},
		{"array of pointers", [3]*runInner{{X: 1}, nil, {X: 3}}},
		{"pointers to outer", []*runOuter{&withNaN[0], nil, &withNaN[1]}},
		{"pointers with NaN", []*runOuter{&withNaN[2], &withNaN[3]}},
		{"tree", tree},
		{"cycle through pointers", cycle},
		{"past the cycle check depth", deep},
		{"NaN in element 3", withNaN},
		{"Inf in a nested run", nestedNaN},
	}
	for _, c := range cases {
		checkSame(t, c.name, c.v)
	}
	// A run that failed leaves nothing behind for the next value.
	checkSame(t, "single after failure", runOuter{In: runInner{X: 7}})
}

// TestCompiledFieldSize holds a struct member to three words and 40 bytes:
// 64 bytes on 64-bit platforms, where the struct loop reaches a member's
// parts from its index shifted once (another size costs two instructions
// a load).
func TestCompiledFieldSize(t *testing.T) {
	word := reflect.TypeFor[uintptr]().Size()
	if n, want := reflect.TypeFor[compiledField]().Size(), 3*word+40; n != want {
		t.Errorf("compiledField is %d bytes, not %d", n, want)
	}
}
