package compat_test

// Encoding table tests: deep values and cycles through pointers, maps and
// slices, with encoding/json's depth counting.

import (
	"fmt"
	"strconv"
	"testing"
)

func deepList(n int) *node {
	var head *node
	for i := range n {
		head = &node{Name: strconv.Itoa(i), Next: head}
	}
	return head
}

func deepAnySlice(n int) any {
	var v any = "leaf"
	for range n {
		v = []any{v}
	}
	return v
}

func deepAnyMap(n int) any {
	var v any = "leaf"
	for i := range n {
		v = map[string]any{strconv.Itoa(i): v}
	}
	return v
}

// deepShared puts the same pointer twice on one path deeper than the depth at
// which encoding/json starts looking for cycles. That is not a cycle.
func deepShared(n int) any {
	leaf := &node{Name: "leaf"}
	var v any = []any{leaf, leaf}
	for range n {
		v = &cycleAny{V: v}
	}
	return v
}

func TestEncodeCycles(t *testing.T) {
	self := &node{Name: "self"}
	self.Next = self
	a, b := &node{Name: "a"}, &node{Name: "b"}
	a.Next, b.Next = b, a
	ca := &cycleAny{}
	ca.V = ca
	m := map[string]any{"k": 1}
	m["self"] = m
	s := make([]any, 2)
	s[0], s[1] = 1, s
	cm := cycleMap{}
	cm["x"] = cm
	cs := make(cycleSlice, 1)
	cs[0] = cs
	long := deepList(1500)
	tail := long
	for tail.Next != nil {
		tail = tail.Next
	}
	tail.Next = long
	runEncodeCasesModes(t, []encodeCase{
		{"selfPtr", self},
		{"twoNodes", a},
		{"anyField", ca},
		{"map", m},
		{"slice", s},
		{"namedMap", cm},
		{"namedSlice", cs},
		{"longLoop", long},
		{"insideStruct", struct {
			OK  int
			Bad *node
		}{1, self}},
		{"insideMapValue", map[string]any{"a": 1, "b": ca}},
	}, encodeModes)
	tail.Next = nil // let the garbage collector take the loop
}

// TestEncodeMixedCycles builds cycles through pointers, maps and slices in
// several orders. encoding/json names in its error the first value it sees
// again after 1000 levels, so the level counting must match too.
func TestEncodeMixedCycles(t *testing.T) {
	var cases []encodeCase
	for _, order := range []string{"pm", "ps", "ms", "pms", "psm", "mps", "spm", "ppm", "mss", "pmsp"} {
		for _, prefix := range []int{0, 1, 2, 7} {
			cases = append(cases, encodeCase{fmt.Sprintf("%s/prefix%d", order, prefix), mixedCycle(order, prefix)})
		}
	}
	runEncodeCasesModes(t, cases, compactModes)

	// Not cycles: the same values shared between siblings, just above and
	// below the depth where checking starts.
	var ok []encodeCase
	for _, depth := range []int{998, 999, 1000, 1001, 1002} {
		ok = append(ok, encodeCase{fmt.Sprintf("sharedSiblings/%d", depth), deepShared(depth)})
		ok = append(ok, encodeCase{fmt.Sprintf("list/%d", depth), deepList(depth)})
	}
	runEncodeCasesModes(t, ok, compactModes)
}

// mixedCycle returns a value whose cycle passes through a pointer (p), a
// map (m) and a slice (s) in the given order, reached after prefix
// non-cyclic levels.
func mixedCycle(order string, prefix int) any {
	head := &cycleAny{}
	var cur any = head
	link := func(next any) {
		switch c := cur.(type) {
		case *cycleAny:
			c.V = next
		case map[string]any:
			c["k"] = next
		case []any:
			c[0] = next
		}
		cur = next
	}
	for _, k := range order[1:] {
		switch k {
		case 'p':
			link(&cycleAny{})
		case 'm':
			link(map[string]any{"other": 1})
		case 's':
			link(make([]any, 1))
		}
	}
	switch order[0] {
	case 'm':
		m := map[string]any{"k": head}
		link(m)
		return wrap(m, prefix)
	case 's':
		s := []any{head}
		link(s)
		return wrap(s, prefix)
	}
	link(head)
	return wrap(head, prefix)
}

func wrap(v any, n int) any {
	for range n {
		v = []any{v}
	}
	return v
}
