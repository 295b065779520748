//go:build goexperiment.jsonv2 && go1.27

package decoderv2

import (
	"encoding/json"
	"reflect"
	"time"

	"github.com/safejson/safejson/internal/fields"
	"github.com/safejson/safejson/internal/mem"
	"github.com/safejson/safejson/internal/methods"
	"github.com/safejson/safejson/internal/typecache"
)

var cache typecache.Cache[reflect.Type, *typeDec]

func decoderOf(t reflect.Type) *typeDec {
	return typecache.Build(&cache, t, func(get func(reflect.Type) *typeDec, t reflect.Type, td *typeDec) {
		td.fn = (&compiler{get}).build(t)
		td.float64Leaf = t.Kind() == reflect.Float64 && methodOf(t) == 0
	}, func(t reflect.Type, td *typeDec) {
		td.whole = whole(t, map[reflect.Type]bool{})
	})
}

// compiler builds the decoders of a type and of the types it reaches; get
// returns the decoder of another.
type compiler struct {
	get func(reflect.Type) *typeDec
}

var (
	timeType       = reflect.TypeFor[time.Time]()
	numberType     = reflect.TypeFor[json.Number]()
	rawMessageType = reflect.TypeFor[json.RawMessage]()
	durationType   = reflect.TypeFor[time.Duration]()
	anyType        = reflect.TypeFor[any]()
)

// known reports whether t itself, its elements aside, is a type this
// package decodes.
func known(t reflect.Type) bool {
	if standard(t) {
		return true
	}
	switch methodOf(t) {
	case 0:
	case methods.UnmarshalJSONFrom:
		return false
	default:
		return true
	}
	if t == durationType {
		return false
	}
	switch t.Kind() {
	case reflect.Bool, reflect.String, reflect.Float32, reflect.Float64,
		reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Pointer:
		return true
	case reflect.Interface:
		return t == anyType
	case reflect.Slice, reflect.Array:
		// Bytes are base64 text, and named bytes arrays: left to v2.
		return t.Elem().Kind() != reflect.Uint8
	case reflect.Map:
		return keyKindOf(t.Key()) != fields.MapKeyOther || methodOf(t.Key()) == methods.UnmarshalText
	case reflect.Struct:
		_, ok := planStruct(t)
		return ok
	}
	return false
}

// whole reports whether every type reachable from t is known.
func whole(t reflect.Type, seen map[reflect.Type]bool) bool {
	if seen[t] || standard(t) {
		return true
	}
	seen[t] = true
	if !known(t) {
		return false
	}
	if hasMethods(t) {
		return true // the method reads the value
	}
	switch t.Kind() {
	case reflect.Pointer, reflect.Slice, reflect.Array:
		return whole(t.Elem(), seen)
	case reflect.Map:
		return whole(t.Elem(), seen)
	case reflect.Struct:
		plan, _ := planStruct(t)
		for _, f := range plan.fields {
			if !whole(f.typ, seen) {
				return false
			}
		}
	}
	return true
}

// standard reports whether t is one of the standard library's types with
// methods that this package decodes as those methods do, with no effect
// beyond the value.
func standard(t reflect.Type) bool {
	return t == timeType || t == numberType || t == rawMessageType
}

func unknown(*state, mem.Ptr) bool { return false }

func (c *compiler) build(t reflect.Type) decFn {
	switch t {
	case timeType:
		return timeDec
	case numberType:
		return numberDec
	case rawMessageType:
		return rawDec
	}
	if !known(t) {
		return unknown
	}
	switch methodOf(t) {
	case methods.UnmarshalJSON:
		return jsonMethodDec(t)
	case methods.UnmarshalText:
		return textMethodDec(t)
	}
	switch t.Kind() {
	case reflect.Bool:
		return boolDec
	case reflect.Int:
		return intDec[int]
	case reflect.Int8:
		return intDec[int8]
	case reflect.Int16:
		return intDec[int16]
	case reflect.Int32:
		return intDec[int32]
	case reflect.Int64:
		return intDec[int64]
	case reflect.Uint:
		return uintDec[uint]
	case reflect.Uint8:
		return uintDec[uint8]
	case reflect.Uint16:
		return uintDec[uint16]
	case reflect.Uint32:
		return uintDec[uint32]
	case reflect.Uint64:
		return uintDec[uint64]
	case reflect.Uintptr:
		return uintDec[uintptr]
	case reflect.Float32:
		return floatDec[float32]
	case reflect.Float64:
		return floatDec[float64]
	case reflect.String:
		return stringDec
	case reflect.Interface:
		return anyDec
	case reflect.Pointer:
		return c.pointerDec(t)
	case reflect.Slice:
		return c.sliceDec(t)
	case reflect.Array:
		return c.arrayDec(t)
	case reflect.Map:
		return c.mapDec(t)
	case reflect.Struct:
		return c.structDec(t)
	}
	return unknown
}
