//go:build goexperiment.jsonv2 && go1.27

package encoder_test

// The v2 encoding tests over many values at once: random types and values,
// the benchmark corpora, and concurrent use.

import (
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/safejson/safejson/conformance"
	"github.com/safejson/safejson/internal/corpus"
	"github.com/safejson/safejson/internal/encoder"
	"github.com/safejson/safejson/internal/v2opts"
)

// TestRandomValues runs conformance's random types and values, with every
// tag option, marshalers and hostile strings, through both.
func TestRandomValues(t *testing.T) {
	cases, wrote := 2000, 0
	if testing.Short() {
		cases = 300
	}
	conformance.Draw(conformance.Values(), 12, cases, func(_ int, v any) {
		if check(t, v) {
			wrote++
		}
	})
	// The generator favours what this package leaves alone (marshalers,
	// `string` tags); a share too small would mean the test checks little.
	if wrote < cases/10 {
		t.Errorf("Append wrote only %d of %d random values", wrote, cases)
	}
	t.Logf("Append wrote %d of %d random values", wrote, cases)
}

func TestTypesOfRandomValues(t *testing.T) {
	conformance.Draw(conformance.Types(), 34, 300, func(_ int, typ any) {
		check(t, reflect.New(typ.(reflect.Type)).Elem().Interface())
	})
}

// TestCorpora checks the benchmark documents, typed and as any: Append
// must write all of them, as v2 does.
func TestCorpora(t *testing.T) {
	var values []any
	for _, c := range corpus.Typed() {
		v, err := corpus.DecodeTyped(c.Name)
		if err != nil {
			t.Fatal(err)
		}
		values = append(values, v)
	}
	for _, name := range []string{"twitter_status", "citm_catalog", "golang_source"} {
		v, err := corpus.DecodeAny(name)
		if err != nil {
			t.Fatal(err)
		}
		values = append(values, v)
	}
	for i, v := range values {
		if !check(t, v) {
			t.Errorf("Append left corpus value %d (%T) to encoding/json/v2", i, v)
		}
	}
}

// TestConcurrent marshals shared values from several goroutines, first use
// included: under -race it finds unsynchronized caches and scratch space;
// without it, one call's state leaking into another's output.
func TestConcurrent(t *testing.T) {
	type node struct {
		Name string
		Kids []*node         `json:",omitempty"`
		Attr map[uint16]any  `json:",omitzero"`
		At   time.Time       `json:",omitzero"`
		Tags map[string]bool `json:",omitempty"`
	}
	tree := &node{Name: "root", Attr: map[uint16]any{2: "b", 1: []any{1.5, map[string]any{"x": nil}}}}
	for i := range 50 {
		tree.Kids = append(tree.Kids, &node{Name: strings.Repeat("k", i), Tags: map[string]bool{"a": i%2 == 0, "b": true}})
	}
	values := []any{tree, map[string]any{"t": tree, "n": 1.0}, []map[int64]string{{3: "c", -1: "a"}}}
	want := make([]string, len(values))
	for i, v := range values {
		b, err := stdMarshal(v)
		if err != nil {
			t.Fatal(err)
		}
		want[i] = string(b)
	}
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Go(func() {
			for iter := range 40 {
				i := (g + iter) % len(values)
				got, ok := encoder.AppendV2(nil, values[i], encoder.OptionsV2{Flags: v2opts.Sorted})
				if !ok || string(got) != want[i] {
					t.Errorf("goroutine %d: Append(value %d) = %s, %v; want %s", g, i, got, ok, want[i])
					return
				}
			}
		})
	}
	wg.Wait()
}
