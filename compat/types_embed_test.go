package compat_test

// Types used by the encoding tests: embedded fields and cycles.

import (
	"fmt"
	"time"
)

type Inner struct{ A, B int }

type depthWins struct {
	Inner
	A string
}

type TaggedX struct {
	X int `json:"X"`
}

type TaggedX2 struct {
	X int `json:"X"`
}

type PlainX struct{ X int }

type PlainX2 struct{ X int }

type taggedBeatsPlain struct {
	PlainX
	TaggedX
}

type plainConflict struct {
	PlainX
	PlainX2
}

// WrapTagged holds a tagged X one level deeper than shallowerWins.X.
type WrapTagged struct{ TaggedX }

type shallowerWins struct {
	WrapTagged
	X string
}

type Leaf struct{ L int }

type PathA struct{ Leaf }

type PathB struct{ Leaf }

type twoPaths struct {
	PathA
	PathB
}

type twoPathsShadowed struct {
	PathA
	PathB
	L string
}

type tagRenamesOver struct {
	A int `json:"B"`
	B int
}

type ptrEmbed struct {
	*Inner
	C int
}

// groupInner's members are left out when empty, so a group of them can
// write nothing (see the encoder's groupEmbedded).
type groupInner struct {
	S string   `json:"s,omitempty"`
	P *int     `json:"p,omitempty"`
	L []string `json:"l,omitempty"`
	J failableJSON
	*groupDeep
}

type groupDeep struct {
	D1 int `json:"d1,omitempty"`
	D2 string
	D3 []int `json:"d3,omitempty"`
}

// failableJSON's MarshalJSON fails when Fail is set.
type failableJSON struct{ Fail bool }

func (f failableJSON) MarshalJSON() ([]byte, error) {
	if f.Fail {
		return nil, errBoom
	}
	return []byte(`"ok"`), nil
}

// groupOuter has members behind two embedded pointers, one shadowed, at
// the start and in the middle.
type groupOuter struct {
	*Inner
	X int `json:"x,omitempty"`
	*groupInner
	D2 string `json:"D2,omitempty"`
}

type inner struct {
	X int
	y int
}

type unexportedPtrEmbed struct {
	*inner
	C int
}

type unexportedEmbed struct {
	inner
	C int
}

type nonStructEmbed struct {
	MyString
	*MyInt
	myInt
	C int
}

type ifaceEmbed struct {
	fmt.Stringer
	N int
}

type anyEmbed struct {
	MyAny
	N int
}

type promotedValJSON struct {
	valJSON
	N int
}

type promotedPtrJSON struct {
	ptrJSON
	N int
}

type promotedNilPtrJSON struct {
	*valJSON
	N int
}

type promotedText struct {
	valText
	N int
}

type promotedTime struct {
	time.Time
	N int
}

type namedEmbed struct {
	Inner `json:"inner"`
	C     int
}

type skippedEmbed struct {
	Inner `json:"-"`
	C     int
}

type optionsOnlyEmbed struct {
	Inner `json:",omitempty"`
	C     int
}

type Rec struct {
	*Rec
	X int
}

// Cycles.

type node struct {
	Name string
	Next *node
}

type cycleAny struct{ V any }

type cycleMap map[string]cycleMap

type cycleSlice []cycleSlice
