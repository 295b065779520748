//go:build goexperiment.jsonv2 && go1.27

// Package encoderv2 writes JSON as Go 1.27's encoding/json/v2 Marshal does
// with its default options, for the values whose encoding it knows: bools,
// numbers, strings, time.Time, structs, slices, arrays, maps with string or
// integer keys, pointers and interfaces holding such values, with v2's
// rules (nil slices and maps as [] and {}, v2's omitempty and omitzero,
// []byte as base64, no HTML escaping, U+2028 and U+2029 as they are).
//
// Anything else, and anything v2 reports as an error, makes [Append] say
// so instead of writing: a type with methods that v2 calls (MarshalJSON,
// MarshalJSONTo, MarshalText, AppendText, IsZero), tag options that change
// how a value is written (string, format, inline, unknown), time.Duration,
// [N]byte, invalid UTF-8, NaN, and values nested deeper than v2 starts to
// look for cycles. The caller then runs the standard library, whose result
// is exact by definition. Map members are written in sorted order when the
// caller asks for v2's Deterministic, else in the map's own order, as v2
// writes them.
package encoderv2

import (
	"bytes"
	"encoding"
	"encoding/base64"
	"encoding/json"
	"math"
	"reflect"
	"slices"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/safejson/safejson/internal/fields"
	"github.com/safejson/safejson/internal/mem"
	"github.com/safejson/safejson/internal/numfmt"
	"github.com/safejson/safejson/internal/typecache"
	"github.com/safejson/safejson/internal/wirev2"
	"github.com/safejson/safejson/timefmt"
)

// maxDepth is how deep values may nest here: v2 starts checking pointers,
// maps and slices for cycles after 1000 levels, and below that depth this
// package leaves the value to it.
const maxDepth = 1000

// encFn appends the value at p, or reports false for a value this package
// does not write.
type encFn func(st *state, b []byte, p mem.Ptr) ([]byte, bool)

type typeEnc struct {
	fn encFn
	// whole says no type reachable from this one, other than through an
	// interface, is one this package leaves to the standard library.
	whole bool
	// copyFirst says a value of this type that the caller gave without
	// its address must be copied before it is written (see
	// ptrMethodsInPlace).
	copyFirst bool
	// direct says an interface holds a value of this type in its data
	// word, not a pointer to it.
	direct bool
}

// Options are the settings of one call. The zero value is v2's Marshal
// with its default options.
type Options struct {
	// Sorted writes map members in sorted order, as v2's Deterministic
	// does; otherwise in the map's own order, as v2 does.
	Sorted bool
	// TimeFixed writes every time.Time with exactly TimeDigits fraction
	// digits, and TimeUTC converts each to UTC first (safejson's
	// policies): times that cannot be written so are left to the caller.
	TimeFixed  bool
	TimeDigits int
	TimeUTC    bool
}

type state struct {
	Options
	depth  int
	slots  mem.Slots
	keys   []string // names of the maps being written, innermost last
	orders []int32  // the order of their members
	names  []byte   // integer keys formatted for keys
	buf    []byte   // Marshal's output, reused across calls
	// lex reads MarshalJSON methods' text; text holds AppendText's.
	lex  wirev2.Lexer
	text []byte
	// last is the last type marshalled and its encoder, kept across
	// calls.
	last typecache.Last[reflect.Type, *typeEnc]
}

var states = sync.Pool{New: func() any { return new(state) }}

// Append appends the v2 encoding of v under o to dst and reports true, or
// reports false, leaving dst's contents past its length undefined, if the
// value is one the caller must give the standard library.
func Append(dst []byte, v any, o Options) ([]byte, bool) {
	if v == nil {
		return append(dst, "null"...), true
	}
	st := states.Get().(*state)
	t := reflect.TypeOf(v)
	e := st.last.Get(t, encoderOf)
	if !e.whole {
		states.Put(st)
		return dst, false
	}
	st.Options = o
	b, ok := st.dynamic(dst, t, e, mem.Word(v))
	st.put()
	return b, ok
}

// Marshal returns the v2 encoding of v in a slice of its own (one
// allocation: the text is built in a pooled buffer), or false, as Append.
func Marshal(v any, o Options) ([]byte, bool) {
	if v == nil {
		return []byte("null"), true
	}
	st := states.Get().(*state)
	t := reflect.TypeOf(v)
	e := st.last.Get(t, encoderOf)
	if !e.whole {
		states.Put(st)
		return nil, false
	}
	st.Options = o
	b, ok := st.dynamic(st.buf[:0], t, e, mem.Word(v))
	var out []byte
	switch {
	case cap(b) > maxKeptBuffer:
		// Too large to keep in the pool: the buffer itself is the result.
		out = b
	case ok:
		out = bytes.Clone(b)
		st.buf = b
	default:
		st.buf = b
	}
	st.put()
	return out, ok
}

// maxKeptBuffer bounds the buffer a pooled state keeps: one huge output
// should not pin its memory for every later call.
const maxKeptBuffer = 4 << 20

func (st *state) put() {
	st.depth = 0
	st.slots.Reset()
	clear(st.keys[:cap(st.keys)])
	st.keys = st.keys[:0]
	st.orders = st.orders[:0]
	st.names = st.names[:0] // the call that made its strings is over
	if cap(st.text) > maxKeptScratch {
		st.text = nil
	}
	states.Put(st)
}

// dynamic encodes the value of an interface: its type t, compiled to e,
// and its data word.
func (st *state) dynamic(b []byte, t reflect.Type, e *typeEnc, word mem.Ptr) ([]byte, bool) {
	if !e.direct {
		if e.copyFirst {
			c := reflect.New(t)
			c.Elem().Set(mem.Value(t, word))
			word = mem.PointerOf(c)
		}
		return e.fn(st, b, word)
	}
	slot := st.slots.Push(word)
	b, ok := e.fn(st, b, slot)
	st.slots.Pop()
	return b, ok
}

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
	if m := methodOf(t); m != noMethod {
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
	case noMethod:
	case marshalJSONTo:
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

func boolEnc(_ *state, b []byte, p mem.Ptr) ([]byte, bool) {
	if mem.Load[bool](p) {
		return append(b, "true"...), true
	}
	return append(b, "false"...), true
}

func intEnc[T int | int8 | int16 | int32 | int64](_ *state, b []byte, p mem.Ptr) ([]byte, bool) {
	return numfmt.AppendInt(b, int64(mem.Load[T](p))), true
}

func uintEnc[T uint | uint8 | uint16 | uint32 | uint64 | uintptr](_ *state, b []byte, p mem.Ptr) ([]byte, bool) {
	return numfmt.AppendUint(b, uint64(mem.Load[T](p))), true
}

func float64Enc(_ *state, b []byte, p mem.Ptr) ([]byte, bool) {
	f := mem.Load[float64](p)
	if math.IsInf(f, 0) || math.IsNaN(f) {
		return b, false
	}
	return numfmt.AppendFloat(b, f, 64), true
}

func float32Enc(_ *state, b []byte, p mem.Ptr) ([]byte, bool) {
	f := float64(mem.Load[float32](p))
	if math.IsInf(f, 0) || math.IsNaN(f) {
		return b, false
	}
	return numfmt.AppendFloat(b, f, 32), true
}

func stringEnc(_ *state, b []byte, p mem.Ptr) ([]byte, bool) {
	return wirev2.AppendQuote(b, mem.Load[string](p))
}

// timeEnc writes RFC 3339 with nanoseconds, as v2 does by default, or as
// the time options say (see AppendTime). The years and zone offsets that
// RFC 3339 cannot hold are v2 errors, left to v2; timefmt refuses them, and
// truncates a zone's seconds as v2 does.
func timeEnc(st *state, b []byte, p mem.Ptr) ([]byte, bool) {
	return AppendTime(b, mem.Load[time.Time](p), st.Options)
}

// AppendTime appends t as a JSON string under o's time options: RFC 3339
// with exactly o.TimeDigits fraction digits (truncated) if o.TimeFixed,
// else with v2's nanoseconds, trailing zeros dropped; in UTC if o.TimeUTC.
// It reports false for an instant timefmt cannot write.
func AppendTime(b []byte, t time.Time, o Options) ([]byte, bool) {
	n := len(b)
	b = append(b, '"')
	var err error
	if o.TimeFixed {
		b, err = timefmt.Append(b, t, o.TimeDigits, o.TimeUTC)
	} else {
		b, err = timefmt.AppendTrimmed(b, t, o.TimeUTC)
	}
	if err != nil {
		return b[:n], false
	}
	return append(b, '"'), true
}

func interfaceEnc(st *state, b []byte, p mem.Ptr) ([]byte, bool) {
	if mem.IfaceIsNil(p) {
		return append(b, "null"...), true
	}
	return st.anyValue(b, mem.Load[any](p))
}

// anyValue encodes the value of an interface. The shapes that Unmarshal
// produces into any are written without looking up their types' encoders:
// they make up generic documents.
func (st *state) anyValue(b []byte, v any) ([]byte, bool) {
	switch v := v.(type) {
	case nil:
		return append(b, "null"...), true
	case string:
		return wirev2.AppendQuote(b, v)
	case float64:
		if math.IsInf(v, 0) || math.IsNaN(v) {
			return b, false
		}
		return numfmt.AppendFloat(b, v, 64), true
	case bool:
		if v {
			return append(b, "true"...), true
		}
		return append(b, "false"...), true
	case map[string]any:
		return st.mapStringAny(b, v)
	case []any:
		if v == nil {
			return append(b, "[]"...), true
		}
		if st.depth >= maxDepth {
			return b, false
		}
		st.depth++
		b = append(b, '[')
		ok := true
		for i, e := range v {
			if i > 0 {
				b = append(b, ',')
			}
			if b, ok = st.anyValue(b, e); !ok {
				break
			}
		}
		st.depth--
		return append(b, ']'), ok
	}
	return st.otherValue(b, v)
}

// mapStringAny writes a map[string]any.
func (st *state) mapStringAny(b []byte, m map[string]any) ([]byte, bool) {
	return stringKeyed(st, b, m, (*state).anyValue)
}

// otherValue encodes an interface's value of any other type through its
// type's encoder.
func (st *state) otherValue(b []byte, v any) ([]byte, bool) {
	t := reflect.TypeOf(v)
	e := st.last.Get(t, encoderOf)
	if !e.whole || st.depth >= maxDepth {
		return b, false
	}
	st.depth++
	b, ok := st.dynamic(b, t, e, mem.Word(v))
	st.depth--
	return b, ok
}

func (c *compiler) pointerEnc(t reflect.Type) encFn {
	return pointerTo(c.get(t.Elem()))
}

// pointerTo returns the encoder of pointers to values that elem writes.
func pointerTo(elem *typeEnc) encFn {
	return func(st *state, b []byte, p mem.Ptr) ([]byte, bool) {
		q := mem.Deref(p)
		if q == nil {
			return append(b, "null"...), true
		}
		if st.depth >= maxDepth {
			return b, false
		}
		st.depth++
		b, ok := elem.fn(st, b, q)
		st.depth--
		return b, ok
	}
}

var byteType = reflect.TypeFor[byte]()

func (c *compiler) sliceEnc(t reflect.Type) encFn {
	if t.Elem() == byteType {
		return bytesEnc
	}
	if t.Elem().Kind() == reflect.Uint8 {
		return unsupported // named byte types: v2's rules for them differ
	}
	// The elements are written by one of three loops: pointers are
	// dereferenced and leaves written in the loop, without a call each.
	kind := inlineKindOf(t.Elem())
	var elem *typeEnc
	if kind == inlinePointer {
		elem = c.get(t.Elem().Elem())
	} else {
		elem = c.get(t.Elem())
	}
	size := t.Elem().Size()
	return func(st *state, b []byte, p mem.Ptr) ([]byte, bool) {
		data, n := mem.Slice(p)
		if n == 0 {
			return append(b, "[]"...), true
		}
		if st.depth >= maxDepth {
			return b, false
		}
		st.depth++
		var ok bool
		switch kind {
		case inlineNone:
			b, ok = elements(st, b, elem, data, n, size)
		case inlinePointer:
			b, ok = pointerElements(st, b, elem, data, n)
		default:
			b, ok = leafElements(b, kind, data, n, size)
		}
		st.depth--
		return b, ok
	}
}

// leafElements is elements for n values of an inline kind other than
// inlinePointer, written here as the struct loop writes such members,
// without a call per element.
func leafElements(b []byte, kind inlineKind, data mem.Ptr, n int, size uintptr) ([]byte, bool) {
	b = append(b, '[')
	for i := range n {
		if i > 0 {
			b = append(b, ',')
		}
		p := mem.Index(data, i, size)
		switch kind {
		case inlineString:
			var ok bool
			if b, ok = wirev2.AppendQuote(b, mem.Load[string](p)); !ok {
				return b, false
			}
		case inlineInt64:
			b = numfmt.AppendInt(b, mem.Load[int64](p))
		case inlineInt:
			b = numfmt.AppendInt(b, int64(mem.Load[int](p)))
		case inlineInt32:
			b = numfmt.AppendInt(b, int64(mem.Load[int32](p)))
		case inlineUint64:
			b = numfmt.AppendUint(b, mem.Load[uint64](p))
		case inlineUint:
			b = numfmt.AppendUint(b, uint64(mem.Load[uint](p)))
		case inlineUint32:
			b = numfmt.AppendUint(b, uint64(mem.Load[uint32](p)))
		case inlineBool:
			if mem.Load[bool](p) {
				b = append(b, "true"...)
			} else {
				b = append(b, "false"...)
			}
		case inlineFloat64:
			v := mem.Load[float64](p)
			if math.IsInf(v, 0) || math.IsNaN(v) {
				return b, false
			}
			b = numfmt.AppendFloat64(b, v)
		}
	}
	return append(b, ']'), true
}

// pointerElements is elements for n plain pointers at data, dereferenced
// here as pointerTo would, which saves a call per element.
func pointerElements(st *state, b []byte, target *typeEnc, data mem.Ptr, n int) ([]byte, bool) {
	b = append(b, '[')
	for i := range n {
		if i > 0 {
			b = append(b, ',')
		}
		q := mem.Deref(mem.Index(data, i, mem.WordSize))
		if q == nil {
			b = append(b, "null"...)
			continue
		}
		if st.depth >= maxDepth {
			return b, false
		}
		st.depth++
		var ok bool
		b, ok = target.fn(st, b, q)
		st.depth--
		if !ok {
			return b, false
		}
	}
	return append(b, ']'), true
}

func (c *compiler) arrayEnc(t reflect.Type) encFn {
	if t.Elem().Kind() == reflect.Uint8 {
		return unsupported // [N]byte is base64 in v2; left to it
	}
	elem := c.get(t.Elem())
	size, n := t.Elem().Size(), t.Len()
	if kind := inlineKindOf(t.Elem()); kind != inlineNone && kind != inlinePointer {
		return func(st *state, b []byte, p mem.Ptr) ([]byte, bool) {
			if n == 0 {
				return append(b, "[]"...), true
			}
			return leafElements(b, kind, p, n, size)
		}
	}
	return func(st *state, b []byte, p mem.Ptr) ([]byte, bool) {
		if n == 0 {
			return append(b, "[]"...), true
		}
		return elements(st, b, elem, p, n, size)
	}
}

func elements(st *state, b []byte, elem *typeEnc, data mem.Ptr, n int, size uintptr) ([]byte, bool) {
	b = append(b, '[')
	for i := range n {
		if i > 0 {
			b = append(b, ',')
		}
		var ok bool
		if b, ok = elem.fn(st, b, mem.Index(data, i, size)); !ok {
			return b, false
		}
	}
	return append(b, ']'), true
}

func bytesEnc(_ *state, b []byte, p mem.Ptr) ([]byte, bool) {
	data := mem.Load[[]byte](p)
	b = append(b, '"')
	b = base64.StdEncoding.AppendEncode(b, data)
	return append(b, '"'), true
}

// keyNames says how a map's keys become member names: by their kind, or
// by their type's text method.
type keyNames struct {
	kind fields.MapKey
	text method // appendText or marshalText
}

// keyNamesOf returns how keys of type t become names, or false for keys
// this package leaves to v2: those whose names come from MarshalJSON or
// MarshalJSONTo, and those of kinds v2 has no names for.
func keyNamesOf(t reflect.Type) (keyNames, bool) {
	switch m := methodOf(t); m {
	case noMethod:
		k := fields.MapKeyOf(t)
		return keyNames{kind: k}, k != fields.MapKeyOther
	case appendText, marshalText:
		return keyNames{text: m}, true
	}
	return keyNames{}, false
}

func (c *compiler) mapEnc(t reflect.Type) encFn {
	kn, ok := keyNamesOf(t.Key())
	if !ok {
		return unsupported
	}
	kt, vt := t.Key(), t.Elem()
	if kn == (keyNames{kind: fields.MapKeyString}) && vt.Kind() == reflect.String && !hasMethods(vt) {
		return func(st *state, b []byte, p mem.Ptr) ([]byte, bool) {
			return st.mapStringString(b, mem.StringMap(t, p))
		}
	}
	elem := c.get(vt)
	vsize := vt.Size()
	sliceType := reflect.SliceOf(vt)
	// Scratch space for one call: a settable key and the array the values
	// are copied into, kept between calls.
	type scratch struct{ key, vals reflect.Value }
	pool := &sync.Pool{New: func() any {
		return &scratch{reflect.New(kt).Elem(), reflect.New(sliceType).Elem()}
	}}
	return func(st *state, b []byte, p mem.Ptr) ([]byte, bool) {
		m := mem.Value(t, p)
		n := m.Len()
		if n == 0 {
			return append(b, "{}"...), true
		}
		if st.depth >= maxDepth {
			return b, false
		}
		sc := pool.Get().(*scratch)
		defer func() {
			sc.vals.Clear() // hold on to no value between calls
			sc.key.SetZero()
			pool.Put(sc)
		}()
		if !st.Sorted {
			return st.mapInOrder(b, m, kn, sc.key, sc.vals, elem)
		}
		// The values are copied out into one array, with their names
		// beside them, and written in the names' sorted order, as v2's
		// Deterministic writes them.
		if sc.vals.Cap() < n {
			sc.vals.Set(reflect.MakeSlice(sliceType, n, n))
		}
		sc.vals.SetLen(n)
		data, _ := mem.Slice(mem.PointerOf(sc.vals.Addr()))
		base := len(st.keys)
		i := 0
		for it := m.MapRange(); it.Next() && i < n; i++ {
			sc.key.SetIterKey(it)
			sc.vals.Index(i).SetIterValue(it)
			// v2 writes every name before any value here, so a text
			// that is not UTF-8 fails before any value is written.
			name, ok := st.keyName(kn, sc.key)
			if !ok || kn.text != noMethod && !utf8.ValidString(name) {
				clear(st.keys[base:])
				st.keys = st.keys[:base]
				return b, false
			}
			st.keys = append(st.keys, name)
		}
		names := st.keys[base:]
		b, ok := st.members(b, names, kn.text != noMethod, func(b []byte, x int) ([]byte, bool) {
			return elem.fn(st, b, mem.Index(data, x, vsize))
		})
		clear(names)
		st.keys = st.keys[:base]
		return b, ok
	}
}

// mapInOrder writes map m's members in the order the map yields them,
// through the settable key and a one-value array vals (vals may be longer).
func (st *state) mapInOrder(b []byte, m reflect.Value, kn keyNames, key, vals reflect.Value, elem *typeEnc) ([]byte, bool) {
	if vals.Cap() < 1 {
		vals.Set(reflect.MakeSlice(vals.Type(), 1, 1))
	}
	vals.SetLen(1)
	val := vals.Index(0)
	p := mem.PointerOf(val.Addr())
	st.depth++
	defer func() { st.depth-- }()
	// Names from text methods may repeat, which v2 rejects: they are kept
	// to be checked.
	base := len(st.keys)
	defer func() {
		clear(st.keys[base:])
		st.keys = st.keys[:base]
	}()
	b = append(b, '{')
	first := true
	for it := m.MapRange(); it.Next(); {
		if !first {
			b = append(b, ',')
		}
		first = false
		key.SetIterKey(it)
		name, ok := st.keyName(kn, key)
		if !ok {
			return b, false
		}
		if kn.text != noMethod {
			st.keys = append(st.keys, name)
		}
		if b, ok = wirev2.AppendQuote(b, name); !ok {
			return b, false
		}
		b = append(b, ':')
		val.SetIterValue(it)
		if b, ok = elem.fn(st, b, p); !ok {
			return b, false
		}
	}
	names := st.keys[base:]
	slices.Sort(names)
	for i := 1; i < len(names); i++ {
		if names[i] == names[i-1] {
			return b, false
		}
	}
	return append(b, '}'), true
}

// members writes an object whose member names are names, in their sorted
// order, each value written by value(b, its index in names). With check,
// names may repeat, which v2 rejects.
func (st *state) members(b []byte, names []string, check bool, value func([]byte, int) ([]byte, bool)) ([]byte, bool) {
	order := st.order(len(names))
	slices.SortFunc(order, func(x, y int32) int { return strings.Compare(names[x], names[y]) })
	st.depth++
	b = append(b, '{')
	ok := true
	for j, x := range order {
		if j > 0 {
			if check && names[x] == names[order[j-1]] {
				ok = false
				break
			}
			b = append(b, ',')
		}
		if b, ok = wirev2.AppendQuote(b, names[x]); !ok {
			break
		}
		b = append(b, ':')
		if b, ok = value(b, int(x)); !ok {
			break
		}
	}
	st.depth--
	st.orders = st.orders[:len(st.orders)-len(order)]
	return append(b, '}'), ok
}

// mapStringString writes a map whose keys and values are strings without
// methods, read as a map[string]string.
func (st *state) mapStringString(b []byte, m map[string]string) ([]byte, bool) {
	return stringKeyed(st, b, m, func(_ *state, b []byte, s string) ([]byte, bool) { return wirev2.AppendQuote(b, s) })
}

// stringKeyed writes a map with string keys, each value by value: in sorted
// order with st.Sorted, else in the map's.
func stringKeyed[V any](st *state, b []byte, m map[string]V, value func(*state, []byte, V) ([]byte, bool)) ([]byte, bool) {
	if len(m) == 0 {
		return append(b, "{}"...), true
	}
	if st.depth >= maxDepth {
		return b, false
	}
	st.depth++
	defer func() { st.depth-- }()
	b = append(b, '{')
	if !st.Sorted {
		first := true
		for k, v := range m {
			if !first {
				b = append(b, ',')
			}
			first = false
			var ok bool
			if b, ok = wirev2.AppendQuote(b, k); !ok {
				return b, false
			}
			b = append(b, ':')
			if b, ok = value(st, b, v); !ok {
				return b, false
			}
		}
		return append(b, '}'), true
	}
	base := len(st.keys)
	for k := range m {
		st.keys = append(st.keys, k)
	}
	names := st.keys[base:]
	slices.Sort(names)
	ok := true
	for j, name := range names {
		if j > 0 {
			b = append(b, ',')
		}
		if b, ok = wirev2.AppendQuote(b, name); !ok {
			break
		}
		b = append(b, ':')
		if b, ok = value(st, b, m[name]); !ok {
			break
		}
	}
	clear(names)
	st.keys = st.keys[:base]
	return append(b, '}'), ok
}

// order returns 0, 1, ..., n-1 in space of st's, for a map's members; the
// caller cuts st.orders back.
func (st *state) order(n int) []int32 {
	base := len(st.orders)
	for i := range n {
		st.orders = append(st.orders, int32(i))
	}
	return st.orders[base:]
}

// keyName returns the member name of map key k, which is addressable, or
// false if its text method fails. Integers and texts are written into
// st.names, which is only appended to during a call (when it grows, the
// strings made of its old array keep that array), so the strings stay
// valid until the call ends.
func (st *state) keyName(kn keyNames, k reflect.Value) (string, bool) {
	start := len(st.names)
	switch {
	case kn.text == appendText:
		ma, _ := reflect.TypeAssert[encoding.TextAppender](k.Addr())
		text, err := ma.AppendText(st.text[:0])
		st.text = text[:0]
		if err != nil {
			return "", false
		}
		st.names = append(st.names, text...)
	case kn.text == marshalText:
		mt, _ := reflect.TypeAssert[encoding.TextMarshaler](k.Addr())
		text, err := mt.MarshalText()
		if err != nil {
			return "", false
		}
		st.names = append(st.names, text...)
	case kn.kind == fields.MapKeyInt:
		st.names = numfmt.AppendInt(st.names, k.Int())
	case kn.kind == fields.MapKeyUint:
		st.names = numfmt.AppendUint(st.names, k.Uint())
	default:
		return k.String(), true
	}
	return mem.String(st.names[start:]), true
}
