//go:build goexperiment.jsonv2 && go1.27

package decoder

import (
	"reflect"
	"time"

	"github.com/safejson/safejson/internal/fields"
	"github.com/safejson/safejson/internal/mem"
	"github.com/safejson/safejson/internal/methods"
	"github.com/safejson/safejson/internal/v2opts"
)

// v2api is the flag of the v2 preset's decoders: encoding/json/v2's
// Unmarshal with its default options. v2Stringify is StringifyNumbers,
// which changes the code of every number's decoder: each reads a number
// within a string, and only that.
const (
	v2api flags = 1 << iota
	v2Stringify
)

// keyV2 returns the cache key of t's decoder under a call's v2opts flags.
func keyV2(t reflect.Type, f v2opts.Flags) cacheKey {
	if f&v2opts.Stringify != 0 {
		return cacheKey{t, v2api | v2Stringify}
	}
	return cacheKey{t, v2api}
}

// decoderOfV2 returns the v2 preset's decoder for k, building it on first
// use.
func decoderOfV2(k cacheKey) *typeDec {
	if td := cached(k); td != nil {
		return td
	}
	c := compiler{pending: map[cacheKey]*typeDec{}, compilerV2: compilerV2{flags: k.f}}
	c.getV2(k.t)
	merges := map[reflect.Type]*mergeTypeV2{}
	for k, td := range c.pending {
		td.whole = c.wholeV2(k.t, map[reflect.Type]bool{})
		td.merge = buildMergeTypeV2(k.t, merges)
	}
	return c.publish(k)
}

// compilerV2 is the part of compiler that only the v2 preset uses: the
// flags of the decoders it builds, and the struct plans of the types it
// reaches (see planV2).
type compilerV2 struct {
	flags flags
	plans map[reflect.Type]*structPlanV2
}

func (c *compiler) getV2(t reflect.Type) *typeDec {
	td, isNew := c.entry(cacheKey{t, c.flags})
	if isNew {
		td.fnV2 = c.buildV2(t)
		td.float64Leaf = t.Kind() == reflect.Float64 && methodOfV2(t) == 0 && c.flags&v2Stringify == 0
	}
	return td
}

var (
	durationType     = reflect.TypeFor[time.Duration]()
	anyType          = reflect.TypeFor[any]()
	mapStringAnyType = reflect.TypeFor[map[string]any]()
	byteType         = reflect.TypeFor[byte]()
)

// knownV2 reports whether t itself, its elements aside, is a type the
// preset decodes.
func (c *compiler) knownV2(t reflect.Type) bool {
	if standardV2(t) {
		return true
	}
	if methodOfV2(t) != 0 && !c.fromFallsBack(t) {
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
		return true // one with methods only as v2 reads it (ifaceDecV2)
	case reflect.Slice, reflect.Array:
		// Bytes are base64 text; named byte types are numbers.
		return true
	case reflect.Map:
		return keyKindOfV2(t.Key()) != fields.MapKeyOther || methodOfV2(t.Key()) == methods.UnmarshalText
	case reflect.Struct:
		return c.planV2(t) != nil
	}
	return false
}

// wholeV2 reports whether every type reachable from t is known.
func (c *compiler) wholeV2(t reflect.Type, seen map[reflect.Type]bool) bool {
	if seen[t] || standardV2(t) {
		return true
	}
	seen[t] = true
	if !c.knownV2(t) {
		return false
	}
	if methodOfV2(t) != 0 && !c.fromFallsBack(t) {
		return true // the method reads the value
	}
	switch t.Kind() {
	case reflect.Pointer, reflect.Slice, reflect.Array, reflect.Map:
		return c.wholeV2(t.Elem(), seen)
	case reflect.Struct:
		plan := c.planV2(t)
		for _, f := range plan.fields {
			if !c.wholeV2(f.typ, seen) {
				return false
			}
		}
		if plan.embed != nil {
			return c.wholeV2(plan.embed.typ, seen)
		}
	}
	return true
}

// standardV2 reports whether t is one of the standard library's types with
// methods that the preset decodes as those methods do, with no effect
// beyond the value.
func standardV2(t reflect.Type) bool {
	return t == timeType || t == numberType || t == rawMessageType
}

func unknownV2(*decodeState, mem.Ptr) bool { return false }

// numberDecV2Of returns the decoder of a number of kind k, read from a
// JSON number, or nil for other kinds.
func numberDecV2Of(k reflect.Kind) decFnV2 {
	switch k {
	case reflect.Int:
		return intDecV2[int]
	case reflect.Int8:
		return intDecV2[int8]
	case reflect.Int16:
		return intDecV2[int16]
	case reflect.Int32:
		return intDecV2[int32]
	case reflect.Int64:
		return intDecV2[int64]
	case reflect.Uint:
		return uintDecV2[uint]
	case reflect.Uint8:
		return uintDecV2[uint8]
	case reflect.Uint16:
		return uintDecV2[uint16]
	case reflect.Uint32:
		return uintDecV2[uint32]
	case reflect.Uint64:
		return uintDecV2[uint64]
	case reflect.Uintptr:
		return uintDecV2[uintptr]
	case reflect.Float32:
		return floatDecV2[float32]
	case reflect.Float64:
		return floatDecV2[float64]
	}
	return nil
}

func (c *compiler) buildV2(t reflect.Type) decFnV2 {
	switch t {
	case timeType:
		return timeDecV2
	case numberType:
		return numberDecV2
	case rawMessageType:
		return rawDecV2
	}
	if !c.knownV2(t) {
		return unknownV2
	}
	if m := methodOfV2(t); m == methods.UnmarshalJSONFrom {
		// What v2 does with a value whose method returns
		// errors.ErrUnsupported having read nothing: the next method, or
		// its kind's decoding.
		return fromMethodDecV2(t, c.methodOrKindDecV2(t, afterFromV2(t)))
	} else if m != 0 {
		return c.methodOrKindDecV2(t, m)
	}
	return c.kindDecV2(t)
}

// afterFromV2 returns the method v2 calls to unmarshal into a t if its
// UnmarshalJSONFrom hands the value on, or 0.
func afterFromV2(t reflect.Type) methods.Set {
	return (methods.Of(reflect.PointerTo(t)) & methods.Unmarshal &^ methods.UnmarshalJSONFrom).First()
}

// fromFallsBack reports whether t's UnmarshalJSONFrom method, if v2 calls
// one, can hand the value to t's kind's decoding.
func (c *compiler) fromFallsBack(t reflect.Type) bool {
	return methodOfV2(t) == methods.UnmarshalJSONFrom && afterFromV2(t) == 0
}

// methodOrKindDecV2 returns the decoder that calls t's method m, or, for m
// 0, decodes a t by its kind.
func (c *compiler) methodOrKindDecV2(t reflect.Type, m methods.Set) decFnV2 {
	switch m {
	case methods.UnmarshalJSON:
		return jsonMethodDecV2(t)
	case methods.UnmarshalText:
		return textMethodDecV2(t)
	}
	return c.kindDecV2(t)
}

// kindDecV2 is buildV2 for a known t with no method v2 calls.
func (c *compiler) kindDecV2(t reflect.Type) decFnV2 {
	if fn := numberDecV2Of(t.Kind()); fn != nil {
		if c.flags&v2Stringify != 0 {
			return quotedNumberV2(t, fn)
		}
		return fn
	}
	switch t.Kind() {
	case reflect.Bool:
		return boolDecV2
	case reflect.String:
		return stringDecV2
	case reflect.Interface:
		if t != anyType {
			return ifaceDecV2(t)
		}
		return anyDecV2
	case reflect.Pointer:
		return c.pointerDecV2(t)
	case reflect.Slice:
		if t.Elem() == byteType {
			return bytesDecV2
		}
		return c.sliceDecV2(t)
	case reflect.Array:
		if t.Elem() == byteType {
			return byteArrayDecV2(t.Len())
		}
		return c.arrayDecV2(t)
	case reflect.Map:
		return c.mapDecV2(t)
	case reflect.Struct:
		return c.structDecV2(t)
	}
	return unknownV2
}
