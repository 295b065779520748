//go:build goexperiment.jsonv2 && go1.27

package typefuncs_test

import (
	"encoding"
	"encoding/json/jsontext"
	jsonv2 "encoding/json/v2"
	"fmt"
	"reflect"
	"slices"
	"testing"
	"time"

	"github.com/safejson/safejson/internal/typefuncs"
)

type (
	leaf  int
	inner struct {
		L leaf
		//lint:ignore U1000 an unexported field, which v2 does not reach
		hide time.Duration
	}
	Embedded struct{ E uint8 }
	outer    struct {
		Embedded
		P   *inner
		S   []map[leaf][2]string
		Any any
		unexported
	}
	unexported struct{ U int16 }
)

// TestTouched holds Touched to v2's rule, type by type.
func TestTouched(t *testing.T) {
	r := typefuncs.Of(reflect.TypeFor[outer]())
	for _, c := range []struct {
		f    reflect.Type
		want bool
	}{
		{reflect.TypeFor[leaf](), true},
		{reflect.TypeFor[*leaf](), true},
		{reflect.TypeFor[**leaf](), false},
		{reflect.TypeFor[inner](), true},
		{reflect.TypeFor[*inner](), true},
		{reflect.TypeFor[[2]string](), true},
		{reflect.TypeFor[map[leaf][2]string](), true},
		{reflect.TypeFor[Embedded](), true},
		{reflect.TypeFor[uint8](), true},
		{reflect.TypeFor[int16](), true}, // an embedded struct's field
		{reflect.TypeFor[time.Duration](), false},
		{reflect.TypeFor[int](), false},
		{reflect.TypeFor[string](), true},
		{reflect.TypeFor[float64](), true}, // through Any
		{reflect.TypeFor[[]any](), true},
		{reflect.TypeFor[any](), true},
		{reflect.TypeFor[fmt.Stringer](), false},
		{reflect.TypeFor[encoding.TextUnmarshaler](), false},
	} {
		if got := r.Touched([]reflect.Type{c.f}); got != c.want {
			t.Errorf("Touched(%v) = %v, want %v", c.f, got, c.want)
		}
	}
	if !typefuncs.Of(reflect.TypeFor[[]time.Time]()).Touched([]reflect.Type{reflect.TypeFor[encoding.TextUnmarshaler]()}) {
		t.Error("a function for TextUnmarshaler does not apply to time.Time")
	}
	if typefuncs.Of(reflect.TypeFor[leaf]()).Touched([]reflect.Type{reflect.TypeFor[string](), reflect.TypeFor[inner]()}) {
		t.Error("functions for string and inner apply to leaf")
	}
}

// TestFuncTypes: the types read are those the functions were made for,
// in order, and the last WithMarshalers or WithUnmarshalers wins.
func TestFuncTypes(t *testing.T) {
	everything := []reflect.Type{reflect.TypeFor[any]()}
	m := jsonv2.JoinMarshalers(
		jsonv2.MarshalFunc(func(leaf) ([]byte, error) { return nil, nil }),
		jsonv2.MarshalToFunc(func(*jsontext.Encoder, *inner) error { return nil }),
		jsonv2.MarshalFunc(func(fmt.Stringer) ([]byte, error) { return nil, nil }),
	)
	u := jsonv2.UnmarshalFunc(func([]byte, *leaf) error { return nil })
	for _, c := range []struct {
		opts      []jsonv2.Options
		marshal   []reflect.Type
		unmarshal []reflect.Type
	}{
		{[]jsonv2.Options{jsonv2.WithMarshalers(m)}, readable(reflect.TypeFor[leaf](), reflect.TypeFor[*inner](), reflect.TypeFor[fmt.Stringer]()), everything},
		{[]jsonv2.Options{jsonv2.JoinOptions(jsonv2.WithUnmarshalers(u), jsonv2.Deterministic(true)), nil}, everything, readable(reflect.TypeFor[*leaf]())},
		{[]jsonv2.Options{jsonv2.WithMarshalers(m), jsonv2.WithMarshalers(nil)}, everything, everything},
		{[]jsonv2.Options{jsonv2.WithMarshalers(nil), jsonv2.JoinOptions(jsonv2.WithMarshalers(m))}, readable(reflect.TypeFor[leaf](), reflect.TypeFor[*inner](), reflect.TypeFor[fmt.Stringer]()), everything},
	} {
		if got := typefuncs.Marshalers(c.opts); !slices.Equal(got, c.marshal) {
			t.Errorf("Marshalers(%v) = %v, want %v", c.opts, got, c.marshal)
		}
		if got := typefuncs.Unmarshalers(c.opts); !slices.Equal(got, c.unmarshal) {
			t.Errorf("Unmarshalers(%v) = %v, want %v", c.opts, got, c.unmarshal)
		}
	}
}
