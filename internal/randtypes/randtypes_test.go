package randtypes

import (
	"bytes"
	"encoding/json"
	"reflect"
	"sync"
	"testing"

	"github.com/safejson/safejson/internal/jsontest"
)

// runSets are the sets a benchmark run of 200 from seed 1 measures,
// drawn once for the tests that look at them.
var runSets = sync.OnceValue(func() []Set { return Generate(1, 200) })

func TestDeterministic(t *testing.T) {
	a := Generate(7, 30)
	b := Generate(7, 30)
	tail := Generate(7, 40)[10:30]
	for i := range a {
		if a[i].Type != b[i].Type || !reflect.DeepEqual(a[i].Value, b[i].Value) {
			t.Fatalf("set %d: two runs with seed 7 differ", i)
		}
		if i >= 10 && (tail[i-10].Type != a[i].Type || !reflect.DeepEqual(tail[i-10].Value, a[i].Value)) {
			t.Fatalf("set %d depends on the number of sets drawn", i)
		}
	}
	other := Generate(8, 30)
	same := 0
	for i := range a {
		if a[i].Type == other[i].Type {
			same++
		}
	}
	if same == len(a) {
		t.Fatal("seeds 7 and 8 gave the same types")
	}
}

// TestCoverage checks that 200 sets, as a benchmark run draws, hold
// every field kind, every class, narrow and wide records, and every tag
// option.
func TestCoverage(t *testing.T) {
	classes := map[Class]int{}
	kindsSeen := map[string]int{}
	minFields, maxFields := 1000, 0
	var omitEmpty, omitZero, quoted, pointers int
	for _, s := range runSets() {
		classes[s.Class]++
		for k, n := range s.Shape.Kinds {
			kindsSeen[k] += n
		}
		if s.Class == Records {
			minFields = min(minFields, s.Shape.Fields)
			maxFields = max(maxFields, s.Shape.Fields)
		}
		omitEmpty += s.Shape.OmitEmpty
		omitZero += s.Shape.OmitZero
		quoted += s.Shape.Quoted
		if s.Type.Kind() == reflect.Pointer {
			pointers++
		}
		if s.Class == MostlyZero && s.Shape.OmitEmpty+s.Shape.OmitZero > 0 {
			t.Errorf("set %d: a mostly-zero set has omitempty or omitzero", s.Index)
		}
	}
	for _, c := range []Class{Records, MostlyZero, Recursive} {
		if classes[c] == 0 {
			t.Errorf("no %s set", c)
		}
	}
	for _, k := range fieldKinds() {
		if kindsSeen[k.name] == 0 {
			t.Errorf("no field of kind %s", k.name)
		}
	}
	if kindsSeen["embedded Base"] == 0 {
		t.Error("no record embeds Base")
	}
	if minFields > 4 || maxFields < 100 {
		t.Errorf("records have %d to %d fields; want some narrow and some over 100", minFields, maxFields)
	}
	if omitEmpty == 0 || omitZero == 0 || quoted == 0 {
		t.Errorf("tag options: omitempty %d, omitzero %d, string %d; want each", omitEmpty, omitZero, quoted)
	}
	if pointers == 0 || pointers == 200 {
		t.Errorf("%d of 200 sets are pointers to one record; want some", pointers)
	}
}

// TestRoundTrip checks what a benchmark relies on: encoding/json
// marshals every value, and unmarshals its output into a value that it
// marshals to the same bytes.
func TestRoundTrip(t *testing.T) {
	for _, s := range Generate(3, 40) {
		data, err := json.Marshal(s.Value)
		if err != nil {
			t.Fatalf("set %d (%s): %v", s.Index, s.Shape, err)
		}
		p := reflect.New(s.Type)
		if err := json.Unmarshal(data, p.Interface()); err != nil {
			t.Fatalf("set %d (%s): %v", s.Index, s.Shape, err)
		}
		again, err := json.Marshal(p.Elem().Interface())
		if err != nil || !bytes.Equal(again, data) {
			t.Fatalf("set %d (%s): the decoded value marshals differently (error %v)", s.Index, s.Shape, err)
		}
	}
}

func TestDeepSets(t *testing.T) {
	deepest := 0
	for _, s := range runSets() {
		if s.Class != Recursive {
			continue
		}
		data, err := json.Marshal(s.Value)
		if err != nil {
			t.Fatal(err)
		}
		deepest = max(deepest, jsontest.BracketDepth(data))
	}
	if deepest < 30 {
		t.Errorf("the deepest recursive value nests %d levels; want 30 or more", deepest)
	}
}
