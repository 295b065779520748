//go:build goexperiment.jsonv2 && go1.27

package encoderv2

import (
	"encoding/json"
	"reflect"
	"time"

	"github.com/safejson/safejson/internal/mem"
	"github.com/safejson/safejson/internal/methods"
	"github.com/safejson/safejson/internal/typecache"
)

var cache typecache.Cache[reflect.Type, *typeEnc]

func encoderOf(t reflect.Type) *typeEnc {
	return typecache.Build(&cache, t, func(get func(reflect.Type) *typeEnc, t reflect.Type, e *typeEnc) {
		e.fn = (&compiler{get}).build(t)
	}, func(t reflect.Type, e *typeEnc) {
		e.whole = whole(t, map[reflect.Type]bool{})
		e.direct = mem.IsDirect(t)
		e.copyFirst = !e.direct && ptrMethodsInPlace(t)
	})
}

// compiler builds the encoders of a type and of the types it reaches; get
// returns the encoder of another.
type compiler struct {
	get func(reflect.Type) *typeEnc
}

var (
	timeType     = reflect.TypeFor[time.Time]()
	durationType = reflect.TypeFor[time.Duration]() // v2 has no default representation
	numberType   = reflect.TypeFor[json.Number]()
)

func unsupported(*state, []byte, mem.Ptr) ([]byte, bool) { return nil, false }

func (c *compiler) build(t reflect.Type) encFn {
	switch t {
	case timeType:
		return timeEnc
	case numberType:
		return numberEnc
	case durationType:
		return unsupported
	}
	if m := methodOf(t); m != 0 {
		return methodEnc(t, m)
	}
	switch t.Kind() {
	case reflect.Bool:
		return boolEnc
	case reflect.Int:
		return intEnc[int]
	case reflect.Int8:
		return intEnc[int8]
	case reflect.Int16:
		return intEnc[int16]
	case reflect.Int32:
		return intEnc[int32]
	case reflect.Int64:
		return intEnc[int64]
	case reflect.Uint:
		return uintEnc[uint]
	case reflect.Uint8:
		return uintEnc[uint8]
	case reflect.Uint16:
		return uintEnc[uint16]
	case reflect.Uint32:
		return uintEnc[uint32]
	case reflect.Uint64:
		return uintEnc[uint64]
	case reflect.Uintptr:
		return uintEnc[uintptr]
	case reflect.Float32:
		return float32Enc
	case reflect.Float64:
		return float64Enc
	case reflect.String:
		return stringEnc
	case reflect.Interface:
		if t.NumMethod() != 0 {
			return unsupported
		}
		return interfaceEnc
	case reflect.Pointer:
		return c.pointerEnc(t)
	case reflect.Slice:
		return c.sliceEnc(t)
	case reflect.Array:
		return c.arrayEnc(t)
	case reflect.Map:
		return c.mapEnc(t)
	case reflect.Struct:
		return c.structEnc(t)
	}
	return unsupported
}

// whole reports whether every type reachable from t, other than through an
// interface, compiles to an encoder other than unsupported.
func whole(t reflect.Type, seen map[reflect.Type]bool) bool {
	if seen[t] || t == timeType || t == numberType {
		return true
	}
	seen[t] = true
	switch methodOf(t) {
	case 0:
	case methods.MarshalJSONTo:
		return false
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
		return whole(t.Elem(), seen)
	case reflect.Slice:
		return t.Elem() == byteType || t.Elem().Kind() != reflect.Uint8 && whole(t.Elem(), seen)
	case reflect.Array:
		return t.Elem().Kind() != reflect.Uint8 && whole(t.Elem(), seen)
	case reflect.Map:
		_, ok := keyNamesOf(t.Key())
		return ok && whole(t.Elem(), seen)
	case reflect.Struct:
		plan, ok := planStruct(t)
		if !ok {
			return false
		}
		for _, f := range plan {
			if !whole(f.typ, seen) {
				return false
			}
		}
	}
	return true
}
