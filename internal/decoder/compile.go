package decoder

import (
	"encoding/json"
	"reflect"
	"time"

	"github.com/safejson/safejson/internal/mem"
	"github.com/safejson/safejson/internal/methods"
	"github.com/safejson/safejson/internal/semantics"
	"github.com/safejson/safejson/internal/typecache"
)

// decFn decodes the value at d.i (whitespace already skipped) into the Go
// value at p and leaves d.i just after it.
type decFn func(d *decodeState, p mem.Ptr) error

// targetFn decodes a non-null value through the non-nil pointer p. errType
// is the type encoding/json names in errors about a TextUnmarshaler: the
// type of the place it started from.
type targetFn func(d *decodeState, p mem.Ptr, errType reflect.Type) error

// typeDec holds the compiled decoders of one type under one set of flags.
type typeDec struct {
	typ reflect.Type
	// slot decodes into an addressable place of this type, looking for
	// pointer-receiver methods as encoding/json's indirect does.
	slot decFn
	// kind decodes by kind alone (non-pointer types).
	kind decFn
	// target and unmarshaler are set for pointer types.
	target      targetFn
	unmarshaler bool
	// keepsOnNull is set for pointer types whose element decodes with
	// UnmarshalText, which null leaves as it is under v1 on v2.
	keepsOnNull bool
	// pure is set when no method outside this package runs while a zero
	// value of the type is decoded (see isPure).
	pure bool
	// deferrable is set for pointer types whose zero elements decode in
	// one pass with their methods called at the end (see deferred.go).
	deferrable bool
	// elemSize is a pointer type's element size: Unmarshal asks whether
	// the target is zero.
	elemSize uintptr
	// For pointer types: how newElem allocates the element; for slice
	// types, the first elements (see sliceDec).
	batched *mem.Batched
	// float64Leaf is set for float64 types without methods, whose
	// elements the loops of arrays read with fastFloat themselves: a call
	// less for each number of a coordinate array.
	float64Leaf bool
	//lint:ignore U1000 the v2 preset builds only where encoding/json/v2 does
	typeDecV2
}

// Pointer targets are allocated in batches (see mem.Batch) of up to
// batchBytes, each type's from the call's mem.Batches.
const batchBytes = 4 << 10

// newElem allocates a zero value of pointer type td's element.
func (td *typeDec) newElem(d *decodeState) mem.Ptr { return d.batches.New(td.batched) }

var (
	numberType     = reflect.TypeFor[json.Number]()
	rawMessageType = reflect.TypeFor[json.RawMessage]()
	timeType       = reflect.TypeFor[time.Time]()
	float64Type    = reflect.TypeFor[float64]()
)

// flags select the variant of a type's decoders: encoding/json's
// Unmarshal (none), or the v2 preset's (v2api, see v2_compile.go).
//
//lint:ignore U1000 only the v2 preset, where encoding/json/v2 is, sets one
type flags uint8

type cacheKey struct {
	t reflect.Type
	//lint:ignore U1000 only the v2 preset, where encoding/json/v2 is, sets it
	f flags
}

// cache holds the decoders built so far, for every Unmarshal call to find.
var cache typecache.Cache[cacheKey, *typeDec]

func cached(k cacheKey) *typeDec {
	td, _ := cache.Load(k)
	return td
}

// decoderOf returns the compiled decoders for t, building them on first use.
func decoderOf(t reflect.Type) *typeDec {
	k := cacheKey{t: t}
	if td := cached(k); td != nil {
		return td
	}
	c := compiler{pending: map[cacheKey]*typeDec{}}
	c.get(t)
	for k, td := range c.pending {
		td.pure = isPure(k.t)
	}
	for k, td := range c.pending {
		if k.t.Kind() == reflect.Pointer {
			td.elemSize = k.t.Elem().Size()
			td.deferrable = !td.pure && isDeferrable(k.t.Elem())
		}
	}
	return c.publish(k)
}

// compiler builds the decoders of one type and of the types it reaches.
type compiler struct {
	pending map[cacheKey]*typeDec
	//lint:ignore U1000 the v2 preset builds only where encoding/json/v2 does
	compilerV2
}

// entry returns the decoders of k, cached or being built, or new ones for
// the caller to build (isNew).
func (c *compiler) entry(k cacheKey) (td *typeDec, isNew bool) {
	if td := cached(k); td != nil {
		return td, false
	}
	if td := c.pending[k]; td != nil {
		return td, false // possibly still being built: callers keep only the pointer
	}
	td = &typeDec{typ: k.t}
	c.pending[k] = td
	return td, true
}

// publish stores what c built and returns the decoders of k. Only now:
// recursive types refer to each other's decoders, and none may be seen by
// another goroutine half built. Another goroutine may have stored k first;
// every caller gets the one stored.
func (c *compiler) publish(k cacheKey) *typeDec {
	cache.StoreAll(c.pending)
	return cached(k)
}

func (c *compiler) get(t reflect.Type) *typeDec {
	td, isNew := c.entry(cacheKey{t: t})
	if !isNew {
		return td
	}
	if t.Kind() == reflect.Pointer {
		td.batched = mem.BatchedOf(t.Elem(), batchBytes)
		ms := methods.Of(t)
		td.unmarshaler = ms.Has(methods.UnmarshalJSON) || implementsFrom(t)
		td.keepsOnNull = semantics.OnV2 && ms.Has(methods.UnmarshalText)
		td.target = c.target(t)
		td.slot = func(d *decodeState, p mem.Ptr) error {
			if d.peek() == 'n' {
				mem.Store[mem.Ptr](p, nil)
				return d.null()
			}
			return td.nonNull(d, p, t)
		}
		if et := t.Elem(); plainElem(t) {
			// The common pointer: no methods on the way, so the element's
			// kind decoder is called directly.
			etd := c.get(et)
			td.slot = func(d *decodeState, p mem.Ptr) error {
				if d.peek() == 'n' {
					mem.Store[mem.Ptr](p, nil)
					return d.null()
				}
				pv := mem.Deref(p)
				if pv == nil {
					pv = td.newElem(d)
					mem.Store(p, pv)
				}
				return etd.kind(d, pv)
			}
		}
		return td
	}
	td.kind = c.kind(t)
	td.slot = td.kind
	td.float64Leaf = t.Kind() == reflect.Float64 && !hasMethods(reflect.PointerTo(t))
	if t == rawMessageType {
		return td // its method is run natively (see rawDec)
	}
	if pt := reflect.PointerTo(t); t.Name() != "" && hasMethods(pt) {
		ptd := c.get(pt)
		td.slot = func(d *decodeState, p mem.Ptr) error { return ptd.via(d, p, t) }
		switch {
		case t == timeType && !semantics.OnV2:
			td.slot = func(d *decodeState, p mem.Ptr) error { return d.timeDec(pt, p) }
		case jsonMethodOnly(pt):
			// The usual method type, such as a time of its own format:
			// every value, null too, goes to UnmarshalJSON.
			waits := !effectless(t)
			td.slot = func(d *decodeState, p mem.Ptr) error { return d.callUnmarshalJSON(pt, p, waits) }
		}
	}
	return td
}

// jsonMethodOnly reports whether decoding through the pointer type pt is a
// call of its UnmarshalJSON method and nothing else (see via and target).
func jsonMethodOnly(pt reflect.Type) bool {
	et := pt.Elem()
	return methods.Of(pt).Has(methods.UnmarshalJSON) && !implementsFrom(pt) && et != rawMessageType && !(semantics.OnV2 && et == timeType)
}

// plainElem reports whether decoding through the pointer type pt goes
// straight to its element's kind decoder (see target).
func plainElem(pt reflect.Type) bool {
	switch et := pt.Elem(); {
	case et == rawMessageType, hasMethods(pt):
		return false
	case et.Kind() == reflect.Pointer, et.Kind() == reflect.Interface:
		return false
	}
	return true
}

// hasMethods reports whether encoding/json calls a method of the pointer
// type pt to decode into its element: UnmarshalJSON or UnmarshalText, and
// in Go 1.27 also UnmarshalJSONFrom. The `,string` option of Go 1.27 asks
// it for each value, so it asks reflect about these three only.
func hasMethods(pt reflect.Type) bool {
	ms := methods.Which(pt, methods.Unmarshal)
	return ms.Has(methods.UnmarshalJSON|methods.UnmarshalText) || ms.Has(methods.UnmarshalJSONFrom) && pt.Elem() != numberType
}

// implementsFrom reports whether the pointer type pt has an
// UnmarshalJSONFrom method that encoding/json calls: only Go 1.27's calls
// them, and not json.Number's, whose work numberDecOnV2 does.
func implementsFrom(pt reflect.Type) bool {
	return methods.Which(pt, methods.UnmarshalJSONFrom) != 0 && pt.Elem() != numberType
}

// nonNull decodes a non-null value into the pointer-typed place p,
// allocating its target first if it is nil.
func (td *typeDec) nonNull(d *decodeState, p mem.Ptr, errType reflect.Type) error {
	pv := mem.Deref(p)
	if pv == nil {
		pv = td.newElem(d)
		mem.Store(p, pv)
	}
	return td.target(d, pv, errType)
}

// via decodes through the pointer pv, of pointer type td.typ, which is not
// itself a settable place: the top-level argument, or a pointer found in an
// interface. null reaches an UnmarshalJSON method, or an interface pointed
// to (which may hold pointers to clear), or else clears what pv points to.
func (td *typeDec) via(d *decodeState, pv mem.Ptr, errType reflect.Type) error {
	if d.peek() == 'n' && !td.unmarshaler && td.typ.Elem().Kind() != reflect.Interface {
		if err := d.null(); err != nil {
			return err
		}
		if !td.keepsOnNull {
			if d.deferring && td.typ.Elem().Name() != "" && clearsOnNull(td.typ.Elem()) {
				return errNoDefer // a method's receiver
			}
			clearNull(td.typ.Elem(), pv)
		}
		return nil
	}
	return td.target(d, pv, errType)
}

// clearsOnNull reports whether null changes a place of type t.
func clearsOnNull(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Pointer, reflect.Map, reflect.Slice, reflect.Interface:
		return true
	}
	return false
}

// clearNull applies null to the place p of type t: nil for pointers,
// interfaces, maps and slices, no effect for other kinds.
func clearNull(t reflect.Type, p mem.Ptr) {
	switch t.Kind() {
	case reflect.Pointer, reflect.Map:
		mem.Store[mem.Ptr](p, nil)
	case reflect.Slice:
		mem.Store[[]byte](p, nil)
	case reflect.Interface:
		mem.Addr(t, p).Elem().SetZero()
	}
}

func (c *compiler) target(pt reflect.Type) targetFn {
	if implementsFrom(pt) {
		// v1 on v2 calls UnmarshalJSONFrom first, and what follows when
		// it declines.
		fallback := c.targetBesidesFrom(pt)
		return func(d *decodeState, p mem.Ptr, errType reflect.Type) error {
			return d.callUnmarshalJSONFrom(pt, p, errType, fallback)
		}
	}
	return c.targetBesidesFrom(pt)
}

// targetBesidesFrom is target for a type's other methods and its kind.
func (c *compiler) targetBesidesFrom(pt reflect.Type) targetFn {
	et := pt.Elem()
	switch {
	case et == rawMessageType:
		return func(d *decodeState, p mem.Ptr, _ reflect.Type) error { return rawDec(d, p) }
	case semantics.OnV2 && et == timeType:
		return func(d *decodeState, p mem.Ptr, _ reflect.Type) error { return timeDecOnV2(d, p) }
	case et == timeType:
		return func(d *decodeState, p mem.Ptr, _ reflect.Type) error { return d.timeDec(pt, p) }
	case methods.Of(pt).Has(methods.UnmarshalJSON):
		waits := !effectless(et)
		return func(d *decodeState, p mem.Ptr, _ reflect.Type) error { return d.callUnmarshalJSON(pt, p, waits) }
	case methods.Of(pt).Has(methods.UnmarshalText):
		waits := !effectless(et)
		return func(d *decodeState, p mem.Ptr, errType reflect.Type) error {
			return d.callUnmarshalText(pt, p, errType, waits)
		}
	case et.Kind() == reflect.Pointer:
		etd := c.get(et)
		return etd.nonNull
	case et.Kind() == reflect.Interface:
		return func(d *decodeState, p mem.Ptr, errType reflect.Type) error {
			if !semantics.OnV2 && holdsItself(pt, p) {
				return d.ifaceHere(p, et)
			}
			return d.iface(p, et, errType)
		}
	}
	etd := c.get(et)
	return func(d *decodeState, p mem.Ptr, _ reflect.Type) error { return etd.kind(d, p) }
}

func (c *compiler) kind(t reflect.Type) decFn {
	if t == rawMessageType {
		return rawDec
	}
	switch t.Kind() {
	case reflect.Bool:
		return boolDec(t)
	case reflect.Int:
		return intDec[int](t)
	case reflect.Int8:
		return intDec[int8](t)
	case reflect.Int16:
		return intDec[int16](t)
	case reflect.Int32:
		return intDec[int32](t)
	case reflect.Int64:
		return intDec[int64](t)
	case reflect.Uint:
		return uintDec[uint](t)
	case reflect.Uint8:
		return uintDec[uint8](t)
	case reflect.Uint16:
		return uintDec[uint16](t)
	case reflect.Uint32:
		return uintDec[uint32](t)
	case reflect.Uint64:
		return uintDec[uint64](t)
	case reflect.Uintptr:
		return uintDec[uintptr](t)
	case reflect.Float32:
		return floatDec[float32](t)
	case reflect.Float64:
		return floatDec[float64](t)
	case reflect.String:
		if t == numberType {
			return numberDec
		}
		return stringDec(t)
	case reflect.Interface:
		return func(d *decodeState, p mem.Ptr) error { return d.iface(p, t, t) }
	case reflect.Struct:
		return c.structDec(t)
	case reflect.Map:
		return c.mapDec(t)
	case reflect.Slice:
		return c.sliceDec(t)
	case reflect.Array:
		return c.arrayDec(t)
	}
	return func(d *decodeState, p mem.Ptr) error { return d.mismatch(t) }
}
