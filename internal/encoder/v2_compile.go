//go:build goexperiment.jsonv2 && go1.27

package encoder

import (
	"reflect"
	"time"

	"github.com/safejson/safejson/internal/fields"
	"github.com/safejson/safejson/internal/mem"
	"github.com/safejson/safejson/internal/methods"
	"github.com/safejson/safejson/internal/v2opts"
)

// The flags of the v2 preset's options that change a type's encoder,
// v2opts.PerType, are its flags shifted past v2api.
const (
	v2Shift            = 3
	v2NilSliceNull     = flags(v2opts.NilSliceNull) << v2Shift
	v2NilMapNull       = flags(v2opts.NilMapNull) << v2Shift
	v2StringifyNumbers = flags(v2opts.Stringify) << v2Shift
	v2OmitZeroFields   = flags(v2opts.OmitZeroFields) << v2Shift
)

// A compile-time check that the shifted flags fit in flags.
const _ = uint8(v2opts.PerType << v2Shift)

// v2Mask are the flags of the v2 preset that every type below a value
// takes from it.
const v2Mask = v2api | v2NilSliceNull | v2NilMapNull | v2StringifyNumbers | v2OmitZeroFields

// fillV2 builds e, the v2 preset's encoder of t under f: v2api, and
// quoted for the `string` option, which v2 takes on numbers only (see
// planStructV2).
func (c *compiler) fillV2(t reflect.Type, f flags, e *typeEnc) {
	e.fn = c.buildV2(t, f)
	e.whole = wholeV2(t, map[reflect.Type]bool{})
	e.copyFirst = !e.direct && ptrMethodsInPlace(t)
}

var durationType = reflect.TypeFor[time.Duration]() // v2 has no default representation

func unsupportedV2(*state, []byte, mem.Ptr) ([]byte, bool) { return nil, false }

func (c *compiler) buildV2(t reflect.Type, f flags) encFn {
	// The `string` option and StringifyNumbers quote numbers; v2 takes
	// neither on bools.
	q := f&(quoted|v2StringifyNumbers) != 0 && t.Kind() != reflect.Bool
	switch t {
	case timeType:
		return timeEncV2
	case numberType:
		if f&v2StringifyNumbers != 0 {
			return quotedEnc(numberEncV2)
		}
		return numberEncV2
	case durationType:
		return unsupportedV2
	}
	switch m := methodOfV2(t); m {
	case 0:
	case methods.MarshalJSONTo:
		// What v2 does with a value whose method returns
		// errors.ErrUnsupported having written nothing: the next method,
		// or its kind's encoding.
		next := c.afterMarshalTo(t, f, q)
		c.pending[cacheKey{t, f}].structRuns = false
		return marshalToEncV2(t, next)
	default:
		return methodEncV2(t, m)
	}
	return c.kindEncV2(t, f, q)
}

// afterMarshalTo is buildV2 for t without its MarshalJSONTo method.
func (c *compiler) afterMarshalTo(t reflect.Type, f flags, q bool) encFn {
	if m := (methods.Addressable(t) & methods.Marshal &^ methods.MarshalJSONTo).First(); m != 0 {
		return methodEncV2(t, m)
	}
	return c.kindEncV2(t, f, q)
}

// kindEncV2 is buildV2 for a t with no method v2 calls: by its kind, with
// numbers quoted where q.
func (c *compiler) kindEncV2(t reflect.Type, f flags, q bool) encFn {
	if fn := scalarEnc(t, q); fn != nil {
		return fn
	}
	switch t.Kind() {
	case reflect.String:
		return stringEncV2
	case reflect.Interface:
		if t.NumMethod() != 0 {
			return unsupportedV2
		}
		return interfaceEncV2
	case reflect.Pointer:
		return pointerTo(c.get(t.Elem(), f))
	case reflect.Slice:
		return c.sliceEncV2(t, f)
	case reflect.Array:
		return c.arrayEncV2(t, f)
	case reflect.Map:
		return c.mapEncV2(t, f)
	case reflect.Struct:
		fn, runs := c.structEncV2(t, f)
		c.pending[cacheKey{t, f}].structRuns = runs
		return fn
	}
	return unsupportedV2
}

// wholeV2 reports whether every type reachable from t, other than through an
// interface, compiles to an encoder other than unsupportedV2.
func wholeV2(t reflect.Type, seen map[reflect.Type]bool) bool {
	if seen[t] || t == timeType || t == numberType {
		return true
	}
	seen[t] = true
	switch methodOfV2(t) {
	case 0:
	case methods.MarshalJSONTo:
		// The method may hand the value to the next one, or to its kind's
		// encoding.
		if methods.Addressable(t)&methods.Marshal&^methods.MarshalJSONTo != 0 {
			return true
		}
	default:
		return true // the method writes the value
	}
	if t == durationType {
		return false
	}
	switch t.Kind() {
	case reflect.Complex64, reflect.Complex128, reflect.Chan, reflect.Func, reflect.UnsafePointer:
		return false
	case reflect.Interface:
		return t.NumMethod() == 0
	case reflect.Pointer:
		return wholeV2(t.Elem(), seen)
	case reflect.Slice, reflect.Array:
		return t.Elem() == byteType || wholeV2(t.Elem(), seen)
	case reflect.Map:
		_, ok := keyNamesOfV2(t.Key())
		return ok && wholeV2(t.Elem(), seen)
	case reflect.Struct:
		plan, ok := planStructV2(t, false)
		if !ok {
			return false
		}
		if fb := fields.Of(t).Fallback; fb != nil {
			if em, _ := embedMapOfV2(t, *fb); !wholeV2(em.typ, seen) {
				return false
			}
		}
		for _, f := range plan {
			if !wholeV2(f.typ, seen) {
				return false
			}
		}
	}
	return true
}
