package compat_test

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/safejson/safejson/compat"
	"github.com/safejson/safejson/internal/jsontest"
)

// TestNullNameMapKeys: Go 1.27's encoding/json reads a map key of a number
// or pointer type as JSON, so the name "null" is the zero key there (Go
// 1.26 rejects it as a number). Unmarshal into maps of every key kind,
// with values that decode and values that fail, against encoding/json.
func TestNullNameMapKeys(t *testing.T) {
	inputs := []string{`{"null":7}`, `{"null":{"a":1}}`, `{"1":2,"null":"x"}`, `{"nul":1}`, `{" null":1}`, `{"null":null}`}
	targets := []func() any{
		func() any { return new(map[int8]int) },
		func() any { return new(map[uint64]map[string]int) },
		func() any { return new(map[float64]int) },
		func() any { return new(map[*int]int) },
		func() any { return new(map[*float32]int) },
		func() any { return new(map[*string]int) },
		func() any { return new(map[any]int) },
		func() any { return new(map[textKey]int) },
	}
	for _, in := range inputs {
		for _, mk := range targets {
			want, got := mk(), mk()
			wantErr, gotErr := json.Unmarshal([]byte(in), want), compat.Unmarshal([]byte(in), got)
			if d := cmp.Diff(jsontest.Describe(wantErr), jsontest.Describe(gotErr)); d != "" {
				t.Errorf("Unmarshal(%s, %T) error (-want +got):\n%s", in, want, d)
			}
			// Pointer keys differ between the two maps; compare what they hold.
			if w, g := deref(want), deref(got); !reflect.DeepEqual(w, g) {
				t.Errorf("Unmarshal(%s, %T) = %v, want %v", in, want, g, w)
			}
		}
	}
}

// deref returns a *map[K]V's entries with pointer keys replaced by what
// they point to (or "nil").
func deref(p any) map[any]any {
	m := reflect.ValueOf(p).Elem()
	out := map[any]any{}
	for it := m.MapRange(); it.Next(); {
		k := it.Key()
		var key any = k.Interface()
		if k.Kind() == reflect.Pointer {
			key = "nil"
			if !k.IsNil() {
				key = k.Elem().Interface()
			}
		}
		out[key] = it.Value().Interface()
	}
	return out
}
