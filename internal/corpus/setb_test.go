package corpus

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/safejson/safejson/internal/corpus/setb"
)

// diffValues is cmp.Diff with cmpOptions, after a reflect.DeepEqual that
// answers most comparisons far faster: values it finds equal are equal to
// cmp too.
func diffValues(x, y any) string {
	if reflect.DeepEqual(x, y) {
		return ""
	}
	return cmp.Diff(x, y, cmpOptions())
}

// cmpOptions compares setb values: json.RawMessage by its compacted text
// (it keeps the document's indentation, which encoding/json drops when it
// writes it back), and trees of setb.Node as lists, since cmp diffs every
// slice before comparing its elements, which doubles the work at each level
// of a tree of values: golang_source, 16 levels deep, would take hours.
func cmpOptions() cmp.Option {
	return cmp.Options{cmp.Comparer(equalCompacted), cmp.Transformer("flatten", flatten)}
}

func equalCompacted(x, y json.RawMessage) bool {
	if x == nil || y == nil {
		return x == nil && y == nil
	}
	var cx, cy bytes.Buffer
	if json.Compact(&cx, x) != nil || json.Compact(&cy, y) != nil {
		return false
	}
	return bytes.Equal(cx.Bytes(), cy.Bytes())
}

// flatNode is a setb.Node without its kids, and where it is in the tree.
type flatNode struct {
	Path              string
	Name              string
	Touches           uint32
	CLWeight          float64
	MinT, MaxT, MeanT setb.UnixTime
	Kids              int
	NilKids           bool
}

func flatten(n setb.Node) []flatNode {
	var list []flatNode
	var walk func(path string, n setb.Node)
	walk = func(path string, n setb.Node) {
		list = append(list, flatNode{
			Path: path, Name: n.Name, Touches: n.Touches, CLWeight: n.CLWeight,
			MinT: n.MinT, MaxT: n.MaxT, MeanT: n.MeanT, Kids: len(n.Kids), NilKids: n.Kids == nil,
		})
		for i, k := range n.Kids {
			walk(fmt.Sprintf("%s/%d", path, i), k)
		}
	}
	walk("", n)
	return list
}

func TestTypedBCases(t *testing.T) {
	names := checkCases(t, TypedB(), "b")
	// Set B must be other types than set A, not the same ones listed
	// twice.
	for _, c := range TypedB() {
		for _, ca := range Typed() {
			if ca.Name == c.Name && reflect.TypeOf(ca.New()) == reflect.TypeOf(c.New()) {
				t.Errorf("%s: set B has set A's type %T", c.Name, c.New())
			}
		}
	}
	// Every corpus has a type in set B.
	if !slices.Equal(names, Names()) {
		t.Errorf("TypedB() names = %q, want %q", names, Names())
	}
}

// TestTypedBCoverage checks that each type of set B covers its corpus as
// set A's do (see TestTypedCoverage), and that re-encoding with
// encoding/json and decoding again gives back an equal Go value.
func TestTypedBCoverage(t *testing.T) {
	forEachCase(t, TypedB(), func(t *testing.T, c Case, data []byte) {
		typed, err := c.Decode()
		if err != nil {
			t.Fatal(err)
		}
		out := checkCovers(t, c, data, typed, diffValues)

		again := c.New()
		if err := json.Unmarshal(out, again); err != nil {
			t.Fatalf("decoding the re-encoded JSON into %T: %v", again, err)
		}
		if d := diffValues(typed, again); d != "" {
			t.Errorf("decode, encode, decode is not a fixed point of %T (-first +second):\n%.3000s", typed, d)
		}
		if out2, err := json.Marshal(again); err != nil || !bytes.Equal(out2, out) {
			t.Errorf("encoding the value decoded again gives other bytes (err %v)", err)
		}
	})
}
