package compat_test

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// soakModes mix the entry points, escaping modes and indentation, so that
// calls with different options run side by side on the same types.
var soakModes = modesNamed("Marshal", "MarshalIndent/prefix", "Encoder/noEscapeHTML", "Encoder/twice/toggleEscapeHTML")

// soakValues returns values of the typed-differential types, of struct
// types that this test builds with reflect.StructOf and that no encoding
// has seen yet, and of any.
func soakValues() []any {
	g := &valueGen{rand.New(rand.NewPCG(0x50a4, 1))}
	var values []any
	for _, typ := range diffTypes {
		p := reflect.New(typ)
		g.fill(p.Elem(), 0)
		values = append(values, p.Interface())
	}
	for i := range 60 {
		// A field no other test uses makes each type new to the cache.
		typ := reflect.StructOf([]reflect.StructField{
			{Name: fmt.Sprintf("Soak%d", i), Type: reflect.TypeFor[int](), Tag: `json:"soak,omitempty"`},
			{Name: "Body", Type: g.structType(0)},
			{Name: "Ptr", Type: reflect.PointerTo(g.structType(0))},
		})
		p := reflect.New(typ)
		g.fill(p.Elem(), 0)
		values = append(values, p.Elem().Interface(), p.Interface())
	}
	for range 20 {
		values = append(values, g.tree(0))
	}
	return values
}

// TestSoakConcurrent encodes many values in many modes from many goroutines
// at once, each in its own order, while the struct types among them are
// compiled for the first time, and checks every result against
// encoding/json's, computed beforehand. Run it with -race.
func TestSoakConcurrent(t *testing.T) {
	values := soakValues()
	want := make([][]outcome, len(values))
	for i, v := range values {
		for _, m := range soakModes {
			want[i] = append(want[i], callMode(m, stdAPI, v))
		}
	}
	workers, rounds := 8, 20
	if testing.Short() {
		rounds = 2
	}
	var (
		mu       sync.Mutex
		failures []string
		wg       sync.WaitGroup
	)
	for w := range workers {
		wg.Go(func() {
			r := rand.New(rand.NewPCG(uint64(w), 2))
			for range rounds {
				for _, i := range r.Perm(len(values)) {
					for j, m := range soakModes {
						got := callMode(m, compatAPI, values[i])
						if reflect.DeepEqual(want[i][j], got) {
							continue
						}
						mu.Lock()
						failures = append(failures, fmt.Sprintf("worker %d, value %d (%T), %s (-want +got):\n%s",
							w, i, values[i], m.name, cmp.Diff(want[i][j], got)))
						mu.Unlock()
					}
				}
			}
		})
	}
	wg.Wait()
	for i, f := range failures {
		if i == 5 {
			t.Fatalf("... and %d more", len(failures)-i)
		}
		t.Error(f)
	}
}
