//go:build goexperiment.jsonv2 && go1.27

package decoder

import (
	"reflect"
	"sync/atomic"

	"github.com/safejson/safejson/internal/fields"
	"github.com/safejson/safejson/internal/mem"
	"github.com/safejson/safejson/internal/methods"
	"github.com/safejson/safejson/internal/v2opts"
)

func (c *compiler) pointerDecV2(t reflect.Type) decFnV2 {
	return c.pointerToV2(t.Elem(), c.getV2(t.Elem()))
}

// pointerToV2 decodes a pointer to et, whose values etd decodes.
func (c *compiler) pointerToV2(et reflect.Type, etd *typeDec) decFnV2 {
	batched := mem.BatchedOf(et, batchBytes)
	return func(d *decodeState, p mem.Ptr) bool {
		if d.Peek() == 'n' {
			if d.merge {
				mem.Store(p, mem.Ptr(nil))
			}
			return d.Literal()
		}
		if d.merge {
			if q := mem.Deref(p); q != nil {
				return etd.fnV2(d, q) // v2 decodes into what it points to
			}
		}
		q := d.batches.New(batched)
		mem.Store(p, q)
		return etd.fnV2(d, q)
	}
}

func (c *compiler) sliceDecV2(t reflect.Type) decFnV2 {
	et := t.Elem()
	size := et.Size()
	etd := c.getV2(et)
	// lenHint is the length this slice type last decoded to: documents of
	// one shape fill their slices without regrowing. It changes capacities
	// only, and what it reserves is bounded by what the rest of the input
	// can hold (two bytes an element). It is followed once two arrays in a
	// row had that length; arrays of lengths that vary go through scratch
	// (see decodeLong).
	var lenHint atomic.Int32
	var steady atomic.Bool
	// A slice starts with room for a few small elements, or one large
	// one: v2 grows its slices with reflect.Value.Grow, and capacities are
	// not part of the value.
	first := max(1, min(4, 128/max(int(size), 1)))
	carve := carvable(et)
	// Other slices start in a run of first elements cut from a batch, as
	// pointers' targets are, not in an array of their own grown through
	// reflect: many small slices cost a few allocations.
	var runs *mem.Batched
	if mem.Carving && !carve && size > 0 {
		runs = mem.GroupsOf(et, first, batchBytes)
	}
	// fill decodes the elements from index i on into the slice at h,
	// growing it, and notes the array's length; it stops before element
	// stop, if the array has one (stopped).
	fill := func(d *decodeState, h mem.Ptr, i, stop int) (stopped, ok bool) {
		for ; ; i++ {
			if i == stop {
				return true, true
			}
			if i == mem.Cap(h) {
				grow := max(first, i)
				if i == 0 && steady.Load() {
					grow = max(grow, min(int(lenHint.Load()), (len(d.Data)-d.I)/2+1))
				}
				mem.Value(t, h).Grow(grow)
			}
			mem.SetLen(h, i+1)
			data, _ := mem.Slice(h)
			if !etd.fnV2(d, mem.Index(data, i, size)) {
				return false, false
			}
			if more, ok := d.Next(']'); !more {
				noteLengthV2(&lenHint, &steady, int32(i+1))
				return false, ok
			}
		}
	}
	// Past longFrom, an array that started in a run goes into scratch.
	scratch := mem.NewScratch(t)
	longFrom := max(first, longBytes/max(int(size), 1))
	decodeLong := func(d *decodeState, p mem.Ptr, i int) bool {
		s, h := scratch.Take(p, i)
		_, ok := fill(d, h, i, -1)
		if ok {
			scratch.Store(s, p)
		}
		scratch.Put(s)
		return ok
	}
	return func(d *decodeState, p mem.Ptr) bool {
		if more, ok := d.Expect('['); !more {
			return d.nullV2(t, p, ok)
		}
		empty, ok := d.Open(']')
		if !ok {
			return false
		}
		if empty {
			mem.SetEmpty(p) // v2 makes an empty slice, not a nil one
			return true
		}
		if d.merge && mem.Cap(p) > 0 {
			return d.intoArrayV2(t, p, etd)
		}
		if carve {
			return d.carveSliceV2(p, etd, int(size), et.Align())
		}
		// Only while this type's slices stay that short: a run outgrown
		// is memory lost in its batch.
		stop := -1
		if runs != nil && mem.Cap(p) == 0 && (!steady.Load() || int(lenHint.Load()) <= first) {
			mem.SetSlice(p, d.batches.New(runs), 0, first)
			stop = longFrom
		}
		long, ok := fill(d, p, 0, stop)
		if !long {
			return ok
		}
		return decodeLong(d, p, longFrom)
	}
}

// nullV2 ends the decoding of a value of type t at p, an array or object
// that Expect found a null in place of (ok) or neither: in a target merged
// into, a null stores the zero value over what is there.
func (d *decodeState) nullV2(t reflect.Type, p mem.Ptr, ok bool) bool {
	if ok && d.merge {
		mem.Value(t, p).SetZero()
	}
	return ok
}

// intoArrayV2 decodes the elements of the non-empty array at d.I (its
// opening bracket consumed), whose decoder is etd, into the target's
// non-nil slice of type t at p as v2 does: into the slice's own array,
// each element zeroed first, as far as its capacity, past which the slice
// grows as reflect.Value.Grow grows it.
func (d *decodeState) intoArrayV2(t reflect.Type, p mem.Ptr, etd *typeDec) bool {
	s, size := mem.Value(t, p), t.Elem().Size()
	for i := 0; ; i++ {
		if i == s.Cap() {
			s.Grow(1)
		}
		s.SetLen(i + 1)
		data, _ := mem.Slice(p)
		e := mem.Index(data, i, size)
		if !mem.IsZero(e, size) {
			mem.Value(t.Elem(), e).SetZero()
		}
		if !etd.fnV2(d, e) {
			return false
		}
		if more, ok := d.Next(']'); !more {
			return ok
		}
	}
}

// noteLengthV2 records n, the length of an array that a slice type decoded,
// as its length hint, steady if the array before had that length too.
func noteLengthV2(hint *atomic.Int32, steady *atomic.Bool, n int32) {
	last := hint.Load()
	if same := n == last; same != steady.Load() {
		steady.Store(same)
	}
	if n != last {
		hint.Store(n)
	}
}

// carveSliceV2 decodes the elements of the non-empty array at d.I (its
// opening bracket consumed) into d.slab, and stores them at p as a slice
// whose capacity is its length: appending to it copies.
func (d *decodeState) carveSliceV2(p mem.Ptr, etd *typeDec, size, align int) bool {
	start := d.slab.align(align)
	for i := 0; ; i++ {
		if end := start + (i+1)*size; end > len(d.slab.buf) {
			start = d.slab.grow(start, i*size, (i+1)*size, d.I, len(d.Data)-d.I)
		}
		q, ok := mem.SlabAt(d.slab.buf, start+i*size), false
		if etd.float64Leaf {
			var x float64
			if x, ok = d.Float(); ok {
				mem.Store(q, x)
			}
		}
		if !ok && !etd.fnV2(d, q) {
			return false
		}
		more, ok := d.Next(']')
		if !more {
			d.slab.carve(p, start, i+1, size)
			return ok
		}
	}
}

func (c *compiler) arrayDecV2(t reflect.Type) decFnV2 {
	et := t.Elem()
	size := et.Size()
	n := t.Len()
	etd := c.getV2(et)
	return func(d *decodeState, p mem.Ptr) bool {
		if more, ok := d.Expect('['); !more {
			return d.nullV2(t, p, ok)
		}
		empty, ok := d.Open(']')
		if !ok {
			return false
		}
		if empty {
			return n == 0 // v2 rejects an array of another length
		}
		if d.merge {
			// v2 zeroes each element before decoding into it, and a
			// success decodes them all.
			mem.Value(t, p).SetZero()
		}
		for i := 0; ; i++ {
			if i == n {
				return false
			}
			q, ok := mem.Index(p, i, size), false
			if etd.float64Leaf {
				var x float64
				if x, ok = d.Float(); ok {
					mem.Store(q, x)
				}
			}
			if !ok && !etd.fnV2(d, q) {
				return false
			}
			more, ok := d.Next(']')
			if !more {
				return ok && i+1 == n
			}
		}
	}
}

// keyKindOfV2 says how v2 reads names into map keys of type kt: as
// fields.MapKeyOf says, for key types without methods v2 calls.
func keyKindOfV2(kt reflect.Type) fields.MapKey {
	if hasMethodsV2(kt) {
		return fields.MapKeyOther
	}
	return fields.MapKeyOf(kt)
}

func (c *compiler) mapDecV2(t reflect.Type) decFnV2 {
	entries := c.mapEntriesV2(t)
	if t == mapStringAnyType {
		return func(d *decodeState, p mem.Ptr) bool {
			if d.merge && mem.Load[map[string]any](p) != nil {
				return entries(d, p) // merged into, as any map is
			}
			if more, ok := d.Expect('{'); !more {
				return ok
			}
			m, ok := d.anyObjectV2()
			mem.Store(p, m)
			return ok
		}
	}
	return entries
}

// mapEntriesV2 decodes an object into a map of type t member by member,
// merging into a map the target holds.
func (c *compiler) mapEntriesV2(t reflect.Type) decFnV2 {
	kt, et := t.Key(), t.Elem()
	kind := keyKindOfV2(kt)
	textKeys := methodOfV2(kt) == methods.UnmarshalText
	etd := c.getV2(et)
	// A settable key and value for one call, kept between calls.
	scratch := mapScratchPool(kt, et)
	seenType := reflect.MapOf(kt, reflect.TypeFor[struct{}]())
	return func(d *decodeState, p mem.Ptr) bool {
		if more, ok := d.Expect('{'); !more {
			return d.nullV2(t, p, ok)
		}
		// The target's map, as v2 keeps it, its entries and all; or a new
		// one. In a new map, a key that is already there came from an
		// earlier name: v2 rejects it as a duplicate, even for names
		// that differ in text ("0" and "-0"). In the target's, seen
		// holds the keys the object gave.
		m, seen := mem.Value(t, p), reflect.Value{}
		if d.merge && !m.IsNil() {
			seen = reflect.MakeMap(seenType)
		} else {
			m = reflect.MakeMap(t)
			mem.Addr(t, p).Elem().Set(m)
		}
		empty, ok := d.Open('}')
		if !ok {
			return false
		}
		if empty {
			return true
		}
		sc := scratch.Get().(*mapScratch)
		defer sc.release(scratch)
		key, elem := sc.key, sc.elem
		ep := mem.PointerOf(elem.Addr())
		for {
			if d.Peek() != '"' {
				return false
			}
			if textKeys {
				if !d.setTextKeyV2(key) || !d.Colon() {
					return false
				}
			} else if name, ok := d.Str(); !ok || !d.setKeyV2(key, kind, name) || !d.Colon() {
				return false
			}
			elem.SetZero()
			if seen.IsValid() {
				if seen.MapIndex(key).IsValid() {
					return false
				}
				seen.SetMapIndex(key, reflect.Zero(seenType.Elem()))
				if v := m.MapIndex(key); v.IsValid() {
					elem.Set(v) // decoded into, as v2 reuses the entry
				}
			}
			if !etd.fnV2(d, ep) {
				return false
			}
			n := m.Len()
			m.SetMapIndex(key, elem)
			if m.Len() == n && !seen.IsValid() {
				return false
			}
			more, ok := d.Next('}')
			if !more {
				return ok
			}
		}
	}
}

// setKeyV2 sets key to the map key of the member name.
func (d *decodeState) setKeyV2(key reflect.Value, kind fields.MapKey, name []byte) bool {
	switch kind {
	case fields.MapKeyString:
		key.SetString(d.keyV2(name))
		return true
	case fields.MapKeyInt, fields.MapKeyUint:
		// Only the grammar of a JSON integer, whole: v2 takes no other.
		neg, n, ok := parseIntegerV2(name, kind == fields.MapKeyUint)
		if !ok {
			return false
		}
		if kind == fields.MapKeyUint {
			if key.OverflowUint(n) {
				return false
			}
			key.SetUint(n)
			return true
		}
		v := int64(n)
		if neg {
			v = -v
		}
		if key.OverflowInt(v) {
			return false
		}
		key.SetInt(v)
		return true
	}
	return false
}

// anyDecV2 decodes into an empty interface, as v2 does when it holds nil:
// objects as map[string]any, arrays as []any, numbers as float64.
func anyDecV2(d *decodeState, p mem.Ptr) bool {
	if d.merge {
		if x := mem.Load[any](p); x != nil {
			return d.mergeAnyV2(p, x)
		}
	}
	v, ok := d.anyValueV2()
	if v != nil {
		mem.Store(p, v)
	}
	return ok
}

func (d *decodeState) anyValueV2() (any, bool) {
	switch c := d.Peek(); {
	case c == '{':
		m, ok := d.anyObjectV2()
		return m, ok
	case c == '[':
		a, ok := d.anyArrayV2()
		return d.boxes.Anys(a), ok
	case c == '"':
		s, ok := d.Str()
		return d.boxes.String(d.keepV2(s)), ok
	case c == 't':
		return true, d.Literal()
	case c == 'f':
		return false, d.Literal()
	case c == 'n':
		return nil, d.Literal()
	case isNumberStart(c):
		if d.Flags&stringifyDuplicatesV2 == stringifyDuplicatesV2 {
			return nil, false
		}
		f, ok := d.floatV2(64)
		return d.boxes.Float(f), ok
	}
	return nil, false
}

// ifaceDecV2 decodes into an interface of type t with methods, as v2 does:
// a null stores nil; anything else is decoded into a copy of the value the
// interface holds, by its type, and stored back. A nil one is v2's error.
func ifaceDecV2(t reflect.Type) decFnV2 {
	return func(d *decodeState, p mem.Ptr) bool {
		iv := mem.Addr(t, p).Elem()
		if d.Peek() == 'n' {
			iv.SetZero()
			return d.Literal()
		}
		if !d.merge || iv.IsNil() {
			return false
		}
		v, ok := d.decodeCopyV2(iv.Elem())
		iv.Set(v)
		return ok
	}
}

// decodeCopyV2 decodes the value at d.I into a copy of x, by x's type's
// decoder, and returns the copy, to be stored back where x was: how v2
// decodes into what an interface holds.
func (d *decodeState) decodeCopyV2(x reflect.Value) (reflect.Value, bool) {
	v := reflect.New(x.Type())
	v.Elem().Set(x)
	ok := decoderOfV2(keyV2(x.Type(), d.Flags)).fnV2(d, mem.PointerOf(v))
	return v.Elem(), ok
}

// mergeAnyV2 decodes into the empty interface at p, which holds x, as v2
// does: a null stores nil; anything else is decoded into a copy of x by
// x's own type and stored back, so a string, float64 or bool is replaced
// by one of its kind, a map merged into, a slice decoded in its array and
// a pointer's value decoded into. A value of another kind is v2's error.
func (d *decodeState) mergeAnyV2(p mem.Ptr, x any) bool {
	c := d.Peek()
	if c == 'n' {
		mem.Store[any](p, nil)
		return d.Literal()
	}
	switch x.(type) {
	case string:
		if c != '"' {
			return false // Str expects a quote
		}
		s, ok := d.Str()
		mem.Store(p, d.boxes.String(d.keepV2(s)))
		return ok
	case float64:
		if d.Flags&v2opts.Stringify != 0 {
			return false // v2 reads a float64 within a string then
		}
		f, ok := d.floatV2(64)
		mem.Store(p, d.boxes.Float(f))
		return ok
	case bool:
		mem.Store[any](p, c == 't')
		return d.Literal()
	}
	v, ok := d.decodeCopyV2(reflect.ValueOf(x))
	mem.Store(p, v.Interface())
	return ok
}

// stringifyDuplicatesV2 are the flags under which v2 reads a number into
// an empty interface as a float64 field: with AllowDuplicateNames it skips
// its own reading of interfaces, and StringifyNumbers then wants the
// number within a string, so a bare one is its error.
const stringifyDuplicatesV2 = v2opts.Stringify | v2opts.AllowDuplicates

// anyObjectV2 decodes an object into a new map[string]any. Its members
// are gathered on d.members first, so that the map is made at its size.
func (d *decodeState) anyObjectV2() (map[string]any, bool) {
	empty, ok := d.Open('}')
	if !ok {
		return map[string]any{}, false
	}
	if empty {
		return map[string]any{}, true
	}
	base := len(d.members)
	defer d.dropMembers(base)
	for {
		if d.Peek() != '"' {
			return map[string]any{}, false
		}
		name, ok := d.Str()
		if !ok || !d.Colon() {
			return map[string]any{}, false
		}
		key := d.keyV2(name)
		v, ok := d.anyValueV2()
		d.members = append(d.members, member{key, v})
		if !ok {
			return map[string]any{}, false
		}
		more, ok := d.Next('}')
		if !more {
			ms := d.members[base:]
			m := make(map[string]any, len(ms))
			for _, mb := range ms {
				m[mb.k] = mb.v
			}
			// Fewer keys than members: a name repeated, which v2
			// rejects.
			return m, ok && len(m) == len(ms)
		}
	}
}

// anyArrayV2 decodes an array into a new []any of its length, gathering the
// elements on d.anys first.
func (d *decodeState) anyArrayV2() ([]any, bool) {
	empty, ok := d.Open(']')
	if !ok {
		return []any{}, false
	}
	if empty {
		return []any{}, true
	}
	base := len(d.anys)
	defer d.dropAnys(base)
	for {
		v, ok := d.anyValueV2()
		d.anys = append(d.anys, v)
		if !ok {
			return []any{}, false
		}
		more, ok := d.Next(']')
		if !more {
			return append([]any(nil), d.anys[base:]...), ok
		}
	}
}
