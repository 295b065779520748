package encoder

import (
	"reflect"
	"time"

	"github.com/safejson/safejson/internal/fields"
	"github.com/safejson/safejson/internal/mem"
	"github.com/safejson/safejson/internal/methods"
)

// omitWordOf returns the omitWord that decides omitempty or omitzero, but
// not both, for a member of type t, or 0 if no one word does.
func omitWordOf(t reflect.Type, sf fields.Field) uint8 {
	switch {
	case sf.OmitEmpty && !sf.OmitZero:
		switch t.Kind() {
		case reflect.Pointer, reflect.Interface:
			return 1
		case reflect.String, reflect.Slice:
			return 1 + uint8(mem.LenOffset)
		case reflect.Int, reflect.Int64, reflect.Uint, reflect.Uint64, reflect.Uintptr:
			return mem.ZeroWord(t)
		}
	case sf.OmitZero && !sf.OmitEmpty && !hasIsZero(t):
		return mem.ZeroWord(t)
	}
	return 0
}

// hasIsZero reports whether omitzero calls t's own IsZero method (see
// zeroFunc).
func hasIsZero(t reflect.Type) bool {
	return methods.Addressable(t).Has(methods.IsZero)
}

// omitFunc returns the test for omitempty and omitzero, or nil.
func omitFunc(t reflect.Type, sf fields.Field) func(mem.Ptr) bool {
	var empty, zero func(mem.Ptr) bool
	if sf.OmitEmpty {
		empty = emptyFunc(t)
	}
	if sf.OmitZero {
		zero = zeroFunc(t)
	}
	switch {
	case empty != nil && zero != nil:
		return func(p mem.Ptr) bool { return empty(p) || zero(p) }
	case empty != nil:
		return empty
	}
	return zero
}

// emptyFunc is encoding/json's isEmptyValue for values of type t.
func emptyFunc(t reflect.Type) func(mem.Ptr) bool {
	switch t.Kind() {
	case reflect.String:
		return func(p mem.Ptr) bool { return len(mem.Load[string](p)) == 0 }
	case reflect.Slice:
		return func(p mem.Ptr) bool { _, n := mem.Slice(p); return n == 0 }
	case reflect.Map:
		pt := mem.PtrTypeOf(t)
		return func(p mem.Ptr) bool { return pt.ValueAt(p).Len() == 0 }
	case reflect.Array:
		n := t.Len()
		return func(mem.Ptr) bool { return n == 0 }
	case reflect.Bool,
		reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return allBitsZero(t.Size())
	case reflect.Float32:
		return func(p mem.Ptr) bool { return mem.Load[float32](p) == 0 }
	case reflect.Float64:
		return func(p mem.Ptr) bool { return mem.Load[float64](p) == 0 }
	case reflect.Pointer:
		return func(p mem.Ptr) bool { return mem.Deref(p) == nil }
	case reflect.Interface:
		return func(p mem.Ptr) bool { return mem.IfaceIsNil(p) }
	}
	return nil
}

type isZeroer interface{ IsZero() bool }

// zeroFunc is encoding/json's omitzero test: the type's own IsZero method if
// it has one (guarding against nil receivers), else reflect.Value.IsZero.
func zeroFunc(t reflect.Type) func(mem.Ptr) bool {
	callOn := func(v reflect.Value) bool {
		z, _ := reflect.TypeAssert[isZeroer](v)
		return z.IsZero()
	}
	switch {
	case t == timeType:
		// The commonest type with the method, called without reflect.
		return func(p mem.Ptr) bool { return mem.Load[time.Time](p).IsZero() }
	case t.Kind() == reflect.Interface && methods.Of(t).Has(methods.IsZero):
		pt := mem.PtrTypeOf(t)
		return func(p mem.Ptr) bool {
			v := pt.ValueAt(p)
			if v.IsNil() || v.Elem().Kind() == reflect.Pointer && v.Elem().IsNil() {
				return true
			}
			return callOn(v.Elem())
		}
	case t.Kind() == reflect.Pointer && methods.Of(t).Has(methods.IsZero):
		return func(p mem.Ptr) bool {
			w := mem.Deref(p)
			return w == nil || callOn(mem.Addr(t.Elem(), w))
		}
	case hasIsZero(t):
		return func(p mem.Ptr) bool { return callOn(mem.Addr(t, p)) }
	}
	pt := mem.PtrTypeOf(t)
	return func(p mem.Ptr) bool { return pt.ValueAt(p).IsZero() }
}

// allBitsZero tests a bool or integer for its zero value.
func allBitsZero(size uintptr) func(mem.Ptr) bool {
	switch size {
	case 1:
		return func(p mem.Ptr) bool { return mem.Load[uint8](p) == 0 }
	case 2:
		return func(p mem.Ptr) bool { return mem.Load[uint16](p) == 0 }
	case 4:
		return func(p mem.Ptr) bool { return mem.Load[uint32](p) == 0 }
	}
	return func(p mem.Ptr) bool { return mem.Load[uint64](p) == 0 }
}

// emptyJSON reports whether v is one of the values v2's omitempty omits.
func emptyJSON(v []byte) bool {
	switch string(v) {
	case "null", `""`, "{}", "[]":
		return true
	}
	return false
}
