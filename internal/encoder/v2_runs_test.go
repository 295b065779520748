//go:build goexperiment.jsonv2 && go1.27

package encoder_test

import (
	"math"
	"testing"
)

type runItemV2 struct {
	N int
	S string  `json:",omitempty"`
	P *string `json:",omitempty"`
}

type runNodeV2 struct {
	Name string
	Kids []*runNodeV2
	Vals []runItemV2
}

// TestStructRunsV2 covers the v2 preset's slices and arrays of structs and
// of pointers to them, which the element loops hand to the struct
// encoder as one run: every element written once, runs inside an element
// kept apart from the outer one, nil pointers as null, and a value the
// preset leaves to v2 (NaN, nesting past its depth) left whole.
func TestStructRunsV2(t *testing.T) {
	empty, word := "", "w"
	items := func(n int) []runItemV2 {
		s := make([]runItemV2, n)
		for i := range s {
			s[i] = runItemV2{N: i, S: string(rune('a' + i%26))}
			switch i % 3 {
			case 1:
				s[i].P = &empty
			case 2:
				s[i].P = &word
			}
		}
		return s
	}
	tree := &runNodeV2{Name: "root", Vals: items(3), Kids: []*runNodeV2{
		{Name: "a", Vals: items(1)}, nil,
		{Name: "b", Kids: []*runNodeV2{nil, nil, {Name: "c", Kids: []*runNodeV2{}}}}, nil,
	}}
	cases := []struct {
		name string
		v    any
	}{
		{"empty slice", []runItemV2{}},
		{"nil slice", []runItemV2(nil)},
		{"one", items(1)},
		{"many", items(40)},
		{"array", [3]runItemV2{{N: 1}, {}, {S: "z"}}},
		{"slices of slices", [][]runItemV2{items(2), nil, items(3)}},
		{"pointers", []*runItemV2{{N: 1}, nil, {S: "<"}, nil}},
		{"pointers after nil", []*runItemV2{nil, {N: 2}}},
		{"nil pointers", make([]*runItemV2, 3)},
		{"tree", tree},
		{"trees", []runNodeV2{*tree, {Name: "d"}, *tree}},
	}
	for _, c := range cases {
		if !check(t, c.v) {
			t.Errorf("%s: the preset left %#v to v2", c.name, c.v)
		}
	}
	deep, deepFirst := &runNodeV2{Name: "leaf"}, &runNodeV2{Name: "leaf"}
	for range 1100 {
		deep = &runNodeV2{Kids: []*runNodeV2{nil, deep}}
		deepFirst = &runNodeV2{Kids: []*runNodeV2{deepFirst, nil}}
	}
	cycle := &runNodeV2{Name: "loop"}
	cycle.Kids = []*runNodeV2{{Name: "x"}, cycle}
	type withFloat struct{ F float64 }
	for name, v := range map[string]any{
		"past the depth":      deep,
		"past it in runs":     deepFirst,
		"cycle":               cycle,
		"NaN in element 2":    []withFloat{{1}, {2}, {math.NaN()}},
		"Inf behind pointers": []*withFloat{{1}, nil, {math.Inf(-1)}},
	} {
		if check(t, v) {
			t.Errorf("%s: the preset wrote a value v2 refuses or checks for cycles", name)
		}
	}
}
