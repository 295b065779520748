// Package methods says which of the methods that encoding/json and
// encoding/json/v2 call a Go type has. It is the one place that asks
// reflect about them; each engine decides from its answer, in its API's
// order, which method it calls.
package methods

import (
	"encoding"
	"encoding/json"
	"math/bits"
	"reflect"
)

// Set is a set of methods. The bits are in the order in which the
// standard library prefers them: of the marshal methods a type has, the
// one with the lowest bit is called, and so for the unmarshal methods.
type Set uint16

const (
	MarshalJSONTo     Set = 1 << iota // MarshalJSONTo(*jsontext.Encoder) error
	MarshalJSON                       // json.Marshaler
	AppendText                        // encoding.TextAppender
	MarshalText                       // encoding.TextMarshaler
	UnmarshalJSONFrom                 // UnmarshalJSONFrom(*jsontext.Decoder) error
	UnmarshalJSON                     // json.Unmarshaler
	UnmarshalText                     // encoding.TextUnmarshaler
	IsZero                            // IsZero() bool, which omitzero calls
)

const (
	// Marshal are the methods that encode a value.
	Marshal = MarshalJSONTo | MarshalJSON | AppendText | MarshalText
	// Unmarshal are the methods that decode into a value.
	Unmarshal = UnmarshalJSONFrom | UnmarshalJSON | UnmarshalText
	// Codec are the methods that make encoding/json/v2 treat a type as
	// other than its kind's default.
	Codec = Marshal | Unmarshal
)

type isZeroer interface{ IsZero() bool }

// interfaces holds, at each bit's index, the interface whose method the
// bit stands for; nil where this toolchain has none (see jsontext_*.go).
var interfaces = [...]reflect.Type{
	marshalerTo,
	reflect.TypeFor[json.Marshaler](),
	reflect.TypeFor[encoding.TextAppender](),
	reflect.TypeFor[encoding.TextMarshaler](),
	unmarshalerFrom,
	reflect.TypeFor[json.Unmarshaler](),
	reflect.TypeFor[encoding.TextUnmarshaler](),
	reflect.TypeFor[isZeroer](),
}

// Of returns the methods in t's method set, with the signatures the
// standard library asserts: a method of the same name and another
// signature is not one of them.
func Of(t reflect.Type) Set {
	if t.NumMethod() == 0 {
		return 0
	}
	var s Set
	for i, it := range interfaces {
		if it != nil && t.Implements(it) {
			s |= 1 << i
		}
	}
	return s
}

// Which returns the methods of want that t has, asking reflect about
// those only: for the paths that ask once per value rather than once per
// type.
func Which(t reflect.Type, want Set) Set {
	if t.NumMethod() == 0 {
		return 0
	}
	var s Set
	for w := want; w != 0; w &= w - 1 {
		m := w.First()
		if it := interfaces[bits.TrailingZeros16(uint16(m))]; it != nil && t.Implements(it) {
			s |= m
		}
	}
	return s
}

// Addressable returns the methods that can be called on an addressable t:
// those of *t, which include t's own. A pointer or an interface has only
// its own.
func Addressable(t reflect.Type) Set {
	if t.Kind() == reflect.Pointer || t.Kind() == reflect.Interface {
		return Of(t)
	}
	return Of(reflect.PointerTo(t))
}

// PickV2 returns the method of want that encoding/json/v2 calls on a
// value of t, or 0: the first of those an addressable t has. v2 calls none
// on a pointer or an interface itself, only on what it points to.
func PickV2(t reflect.Type, want Set) Set {
	if t.Kind() == reflect.Pointer || t.Kind() == reflect.Interface {
		return 0
	}
	return (Of(reflect.PointerTo(t)) & want).First()
}

// Has reports whether s holds any of m.
func (s Set) Has(m Set) bool { return s&m != 0 }

// First returns the method of s that the standard library prefers, or 0.
func (s Set) First() Set { return s & -s }

// Pick returns the method of want that encoding/json calls on a value of
// t: for each method in Set's order, *t's when the value is addressable,
// then t's own. viaPointer reports that it is called on the value's
// address.
func Pick(t reflect.Type, want Set, addressable bool) (m Set, viaPointer bool) {
	own := Of(t) & want
	if !addressable || t.Kind() == reflect.Pointer || t.Kind() == reflect.Interface {
		return own.First(), false
	}
	// *t's methods include t's, so the first of them is the answer, and
	// it is called through the pointer even where t has it too.
	m = (Of(reflect.PointerTo(t)) & want).First()
	return m, m != 0
}
