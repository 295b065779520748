package encoder

import (
	"encoding/json"
	"reflect"
	"sync/atomic"

	"github.com/safejson/safejson/internal/mem"
	"github.com/safejson/safejson/internal/methods"
	"github.com/safejson/safejson/internal/semantics"
	"github.com/safejson/safejson/internal/typecache"
	"github.com/safejson/safejson/internal/typefuncs"
)

// encFn appends the encoding of the value at p to b.
type encFn func(st *state, b []byte, p mem.Ptr) ([]byte, bool)

// typeEnc is the compiled encoder of one type under one set of flags.
type typeEnc struct {
	fn encFn
	// direct is true when an interface stores the value itself in its data
	// word, so a pointer to it must be made before calling fn.
	direct bool
	// leaf, if set, lets loops write the value without calling fn.
	leaf leaf
	// ptrLeaf, if set, says the type is a plain pointer to such a leaf.
	ptrLeaf leaf
	// ptrElem is set for a plain pointer type (no marshaler of its own):
	// loops may dereference it themselves and call ptrElem.fn, which saves
	// a call per pointer (see derefElem).
	ptrElem *typeEnc
	// whole says, for the v2 preset, that no type reachable from this one,
	// other than through an interface, is one it leaves to the standard
	// library; copyFirst, that a value of this type that the caller gave
	// without its address must be copied before it is written (see
	// ptrMethodsInPlace).
	//lint:ignore U1000 the v2 preset builds only where encoding/json/v2 does
	whole, copyFirst bool
	// reach is what a value of the type reaches, made the first time a
	// call of the v2 preset with WithMarshalers meets the type (see
	// touchedV2).
	//lint:ignore U1000 the v2 preset builds only where encoding/json/v2 does
	reach atomic.Pointer[typefuncs.Reach]
	// inOrder says encoding the type works in encoding/json's order (see
	// inOrderType), so a call at its top needs no guard against panics.
	inOrder bool
	// structRuns says fn is a struct encoder, which writes a run of
	// values when the caller sets state.run.
	structRuns bool
}

// flags select the variant of a type's encoder.
type flags uint8

const (
	// addressable: the value lives where encoding/json's reflect.Value would
	// be addressable, so pointer-receiver marshalers apply.
	addressable flags = 1 << iota
	// quoted: the `,string` tag option is in force.
	quoted
	// v2api: encoding/json/v2's Marshal, the preset compat/v2 runs (see
	// fillV2); its options have flags of their own (see v2_compile.go).
	v2api
)

type cacheKey struct {
	t reflect.Type
	f flags
}

// cache holds the encoders built so far, for every Marshal call to find.
var cache typecache.Cache[cacheKey, *typeEnc]

func cached(k cacheKey) (*typeEnc, bool) { return cache.Load(k) }

var (
	numberType    = reflect.TypeFor[json.Number]()
	numberPtrType = reflect.TypeFor[*json.Number]()
)

// marshalMethods are the methods encoding/json calls to encode a t, if t
// has them: MarshalJSON and MarshalText, and in Go 1.27 also MarshalJSONTo
// (but not json.Number's, which numberEnc does) and AppendText (but not
// time.Time's, whose MarshalJSON comes first anyway).
func marshalMethods(t reflect.Type) methods.Set {
	want := methods.MarshalJSON | methods.MarshalText
	if semantics.OnV2 {
		if t != numberType && t != numberPtrType {
			want |= methods.MarshalJSONTo
		}
		if t != timeType {
			want |= methods.AppendText
		}
	}
	return want
}

// hasMarshaler reports whether encoding/json calls a method of t's to
// encode it.
func hasMarshaler(t reflect.Type) bool {
	return methods.Of(t).Has(marshalMethods(t))
}

// plainPointer reports whether t is a pointer type without a marshaler of
// its own, whose encoder's ptrElem get sets.
func plainPointer(t reflect.Type) bool {
	return t.Kind() == reflect.Pointer && !hasMarshaler(t)
}

// encoderOf returns the compiled encoder for t, building it on first use.
func encoderOf(t reflect.Type, f flags) *typeEnc {
	if e, ok := cached(cacheKey{t, f}); ok {
		return e
	}
	c := compiler{pending: map[cacheKey]*typeEnc{}}
	e := c.get(t, f)
	// Only an encoder built here is written: get returns one another
	// goroutine published meanwhile (as part of a type that holds t)
	// as it is, and others may be reading it.
	if _, built := c.pending[cacheKey{t, f}]; built {
		e.inOrder = inOrderType(t, map[reflect.Type]bool{})
	}
	// Publish only now: a recursive type's encoders refer to each other and
	// none may be seen by another goroutine before all are built.
	cache.StoreAll(c.pending)
	return e
}

// compiler builds the encoders of one type and of the types it contains.
type compiler struct {
	pending map[cacheKey]*typeEnc
}

func (c *compiler) get(t reflect.Type, f flags) *typeEnc {
	k := cacheKey{t, f}
	if e, ok := cached(k); ok {
		return e
	}
	if e, ok := c.pending[k]; ok {
		return e // possibly still being built: callers only keep the pointer
	}
	e := &typeEnc{direct: mem.IsDirect(t)}
	c.pending[k] = e
	if f&v2api != 0 {
		c.fillV2(t, f, e)
		return e
	}
	e.fn = c.build(t, f)
	e.leaf = leafOf(t, f)
	if plainPointer(t) {
		// A pointer to a leaf needs no cycle accounting: nothing below it
		// can lead back.
		e.ptrLeaf = leafOf(t.Elem(), addressable|f&quoted)
		e.ptrElem = c.get(t.Elem(), addressable|f&quoted)
	}
	return e
}

func (c *compiler) build(t reflect.Type, f flags) encFn {
	// A pointer-receiver method counts when the value is addressable, as
	// it does for encoding/json (see methods.Pick).
	addr := t.Kind() != reflect.Pointer && f&addressable != 0
	want := marshalMethods(t)
	if m, viaPointer := methods.Pick(t, want, addr); m == methods.MarshalJSONTo {
		next := c.buildMethods(t, f, addr, want&^methods.MarshalJSONTo)
		// next may be a struct encoder; this one writes no runs.
		c.pending[cacheKey{t, f}].structRuns = false
		return marshalToEnc(t, viaPointer, next)
	}
	return c.buildMethods(t, f, addr, want)
}

// buildMethods is build for the methods of want, then for t's kind.
func (c *compiler) buildMethods(t reflect.Type, f flags, addr bool, want methods.Set) encFn {
	switch m, viaPointer := methods.Pick(t, want, addr); m {
	case methods.MarshalJSON:
		return withTime(t, "MarshalJSON", methodEnc(t, viaPointer, (*state).appendMarshalJSON))
	case methods.AppendText:
		return methodEnc(t, viaPointer, (*state).appendAppendText)
	case methods.MarshalText:
		return withTime(t, "MarshalText", methodEnc(t, viaPointer, (*state).appendMarshalText))
	}

	q := f&quoted != 0
	if fn := scalarEnc(t, q); fn != nil {
		return fn
	}
	switch t.Kind() {
	case reflect.String:
		if t == numberType {
			return numberEnc(q)
		}
		return stringEnc(q)
	case reflect.Interface:
		return ifaceEnc(t)
	case reflect.Struct:
		fn, runs := c.structEnc(t, f)
		c.pending[cacheKey{t, f}].structRuns = runs
		return fn
	case reflect.Map:
		// Map values are not addressable.
		return c.mapEnc(t, 0)
	case reflect.Slice:
		return c.sliceEnc(t)
	case reflect.Array:
		return c.arrayEnc(t, f)
	case reflect.Pointer:
		// The element of a pointer is addressable; `,string` passes through.
		return ptrEnc(t, c.get(t.Elem(), addressable|f&quoted))
	}
	return unsupportedEnc(t)
}

// withTime returns call, or the time encoder in front of it when the method
// call would run is time.Time's. A pointer-receiver method (the addressable
// cases) is time's only when the value type has it too, and then the path
// from the value is the same.
func withTime(t reflect.Type, method string, call encFn) encFn {
	if tp, ok := timePathOf(t, method); ok {
		return timeMethodEnc(t, method, tp, call)
	}
	return call
}

func unsupportedEnc(t reflect.Type) encFn {
	return func(st *state, b []byte, p mem.Ptr) ([]byte, bool) {
		return b, st.fail(&json.UnsupportedTypeError{Type: t})
	}
}

// inOrderType reports whether encoding a t works in encoding/json's order:
// no type it reaches is a map, whose members the fast path may write in
// another order than encoding/json's, or an interface, whose dynamic value
// could be one. Then the first method to fail or panic is the one
// encoding/json meets first, and no re-run is needed to find it. Types
// already on the way count: a cycle adds no new type.
func inOrderType(t reflect.Type, seen map[reflect.Type]bool) bool {
	if seen[t] {
		return true
	}
	seen[t] = true
	switch t.Kind() {
	case reflect.Map, reflect.Interface:
		return false
	case reflect.Pointer, reflect.Slice, reflect.Array:
		return inOrderType(t.Elem(), seen)
	case reflect.Struct:
		for i := range t.NumField() {
			if !inOrderType(t.Field(i).Type, seen) {
				return false
			}
		}
	}
	return true
}
