//go:build goexperiment.jsonv2 && go1.27

package decoder_test

// The v2 decoding tests over many inputs at once: random types and values,
// the benchmark corpora, fuzzing, and concurrent use.

import (
	"math/rand"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/leanovate/gopter"

	"github.com/safejson/safejson/conformance"
	"github.com/safejson/safejson/internal/corpus"
)

func TestRandomValuesV2(t *testing.T) {
	gen := conformance.Values()
	params := gopter.DefaultGenParameters()
	params.Rng = rand.New(rand.NewSource(12))
	params.MaxSize = 24
	cases, decoded := 2000, 0
	if testing.Short() {
		cases = 300
	}
	for range cases {
		v, ok := gen(params).Retrieve()
		if !ok || v == nil {
			continue
		}
		data, err := stdMarshal(v)
		if err != nil {
			continue
		}
		typ := reflect.TypeOf(v)
		if check(t, string(data), func() any { return reflect.New(typ).Interface() }) {
			decoded++
		}
	}
	if decoded < cases/10 {
		t.Errorf("Unmarshal decoded only %d of %d random values", decoded, cases)
	}
	t.Logf("Unmarshal decoded %d of %d random values", decoded, cases)
}

// TestCorporaV2 decodes the benchmark documents into both type sets and
// into any.
func TestCorporaV2(t *testing.T) {
	for _, c := range append(corpus.Typed(), corpus.TypedB()...) {
		data, err := corpus.Load(c.Name)
		if err != nil {
			t.Fatal(err)
		}
		ok := check(t, string(data), c.New)
		t.Logf("%s (set %s): decoded here: %v", c.Name, c.Set, ok)
	}
	for _, name := range corpus.Names() {
		data, err := corpus.Load(name)
		if err != nil {
			t.Fatal(err)
		}
		if !check(t, string(data), newOf[any]()) {
			t.Errorf("%s into any: left to v2", name)
		}
	}
}

func FuzzUnmarshalV2(f *testing.F) {
	for _, in := range inputs {
		f.Add(in)
	}
	// Past the size up to which short strings are interned.
	f.Add(`{"pad":"` + strings.Repeat("p", 5000) + `","":{"":[""]}}`)
	for _, in := range methodInputs {
		f.Add(in)
	}
	for _, in := range mergeInputs {
		f.Add(in)
	}
	for _, in := range embedInputs {
		f.Add(in)
	}
	for _, in := range sliceInputs {
		f.Add(in)
	}
	f.Fuzz(func(t *testing.T, in string) {
		checkAll(t, []string{in}, slices.Concat(targets, methodTargets, mergeTargets, embedTargets))
		checkSlices(t, in)
	})
}

// TestConcurrentV2 decodes from several goroutines, first use included:
// under -race it finds unsynchronized caches and scratch space.
func TestConcurrentV2(t *testing.T) {
	type node struct {
		Name string
		Kids []*node
		Attr map[uint16]any
		At   time.Time
	}
	in := `{"Name":"root","Kids":[{"Name":"a","Attr":{"1":[1.5,{"x":null}]}},{"Name":"b","At":"2001-02-03T04:05:06Z"}]}`
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			for range 40 {
				if !check(t, in, newOf[node]()) {
					t.Error("Unmarshal left the tree to v2")
					return
				}
			}
		})
	}
	wg.Wait()
}
