//go:build goexperiment.jsonv2 && go1.27

package decoderv2

import (
	"reflect"
	"sync"
	"sync/atomic"

	"github.com/safejson/safejson/internal/fields"
	"github.com/safejson/safejson/internal/mem"
	"github.com/safejson/safejson/internal/methods"
)

func (c *compiler) pointerDec(t reflect.Type) decFn {
	return c.pointerTo(t.Elem(), c.get(t.Elem()))
}

// pointerTo decodes a pointer to et, whose values etd decodes.
func (c *compiler) pointerTo(et reflect.Type, etd *typeDec) decFn {
	batched := mem.BatchedOf(et, batchBytes)
	return func(d *state, p mem.Ptr) bool {
		if d.Peek() == 'n' {
			return d.Literal()
		}
		q := d.batches.New(batched)
		mem.Store(p, q)
		return etd.fn(d, q)
	}
}

// Pointer targets are allocated in batches of up to batchBytes.
const batchBytes = 4 << 10

// longBytes is the size from which the elements of an array that started
// its slice in a batch's run are decoded into scratch (see decodeLong);
// those of a slice grown to its type's last length are not.
const longBytes = 2048

func (c *compiler) sliceDec(t reflect.Type) decFn {
	et := t.Elem()
	size := et.Size()
	etd := c.get(et)
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
	carve := mem.Carving && et.Size() > 0 && flat(et)
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
	fill := func(d *state, h mem.Ptr, i, stop int) (stopped, ok bool) {
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
			if !etd.fn(d, mem.Index(data, i, size)) {
				return false, false
			}
			if more, ok := d.Next(']'); !more {
				noteLength(&lenHint, &steady, int32(i+1))
				return false, ok
			}
		}
	}
	// Past longFrom, an array that started in a run goes into scratch.
	scratch := mem.NewScratch(t)
	longFrom := max(first, longBytes/max(int(size), 1))
	decodeLong := func(d *state, p mem.Ptr, i int) bool {
		s, h := scratch.Take(p, i)
		_, ok := fill(d, h, i, -1)
		if ok {
			scratch.Store(s, p)
		}
		scratch.Put(s)
		return ok
	}
	return func(d *state, p mem.Ptr) bool {
		if more, ok := d.Expect('['); !more {
			return ok
		}
		empty, ok := d.Open(']')
		if !ok {
			return false
		}
		if empty {
			mem.SetEmpty(p) // v2 makes an empty slice, not a nil one
			return true
		}
		if carve {
			return d.carveSlice(p, etd, int(size), et.Align())
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

// noteLength records n, the length of an array that a slice type decoded,
// as its length hint, steady if the array before had that length too.
func noteLength(hint *atomic.Int32, steady *atomic.Bool, n int32) {
	last := hint.Load()
	if same := n == last; same != steady.Load() {
		steady.Store(same)
	}
	if n != last {
		hint.Store(n)
	}
}

// flat reports whether t's values hold no pointers and its decoder writes
// them in place with no reflection: a slice of them can be cut from a
// slab of bytes.
func flat(t reflect.Type) bool {
	if t == timeType || hasMethods(t) {
		return false
	}
	switch t.Kind() {
	case reflect.Bool, reflect.Float32, reflect.Float64,
		reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return true
	case reflect.Array:
		return flat(t.Elem())
	case reflect.Struct:
		plan, ok := planStruct(t)
		if !ok || len(plan.fields) != t.NumField() {
			return false
		}
		for i := range t.NumField() {
			if !flat(t.Field(i).Type) {
				return false
			}
		}
		return true
	}
	return false
}

// carveSlice decodes the elements of the non-empty array at d.I (its
// opening bracket consumed) into d.slab, and stores them at p as a slice
// whose capacity is its length: appending to it copies.
func (d *state) carveSlice(p mem.Ptr, etd *typeDec, size, align int) bool {
	start := (d.slabUsed + align - 1) &^ (align - 1)
	for i := 0; ; i++ {
		if end := start + (i+1)*size; end > len(d.slab) {
			// A new slab, sized as the string arena's chunks are, or
			// twice what the array needs; what is decoded moves there.
			slab := make([]byte, d.slabChunks.Next(start, (i+1)*size, d.I, len(d.Data)-d.I))
			copy(slab, d.slab[start:start+i*size])
			d.slab, d.slabUsed, start = slab, 0, 0
		}
		q, ok := mem.SlabAt(d.slab, start+i*size), false
		if etd.float64Leaf {
			var x float64
			if x, ok = d.Float(); ok {
				mem.Store(q, x)
			}
		}
		if !ok && !etd.fn(d, q) {
			return false
		}
		more, ok := d.Next(']')
		if !more {
			mem.SetCarved(p, d.slab, start, i+1)
			d.slabUsed = start + (i+1)*size
			return ok
		}
	}
}

func (c *compiler) arrayDec(t reflect.Type) decFn {
	et := t.Elem()
	size := et.Size()
	n := t.Len()
	etd := c.get(et)
	return func(d *state, p mem.Ptr) bool {
		if more, ok := d.Expect('['); !more {
			return ok
		}
		empty, ok := d.Open(']')
		if !ok {
			return false
		}
		if empty {
			return n == 0 // v2 rejects an array of another length
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
			if !ok && !etd.fn(d, q) {
				return false
			}
			more, ok := d.Next(']')
			if !more {
				return ok && i+1 == n
			}
		}
	}
}

// keyKindOf says how v2 reads names into map keys of type kt: as
// fields.MapKeyOf says, for key types without methods v2 calls.
func keyKindOf(kt reflect.Type) fields.MapKey {
	if hasMethods(kt) {
		return fields.MapKeyOther
	}
	return fields.MapKeyOf(kt)
}

func (c *compiler) mapDec(t reflect.Type) decFn {
	if t == reflect.TypeFor[map[string]any]() {
		return func(d *state, p mem.Ptr) bool {
			if more, ok := d.Expect('{'); !more {
				return ok
			}
			m, ok := d.anyObject()
			mem.Store(p, m)
			return ok
		}
	}
	kt, et := t.Key(), t.Elem()
	kind := keyKindOf(kt)
	textKeys := methodOf(kt) == methods.UnmarshalText
	etd := c.get(et)
	// A settable key and value for one call, kept between calls.
	scratch := &sync.Pool{New: func() any {
		return &mapScratch{reflect.New(kt).Elem(), reflect.New(et).Elem()}
	}}
	return func(d *state, p mem.Ptr) bool {
		if more, ok := d.Expect('{'); !more {
			return ok
		}
		m := reflect.MakeMap(t)
		mem.Addr(t, p).Elem().Set(m)
		empty, ok := d.Open('}')
		if !ok {
			return false
		}
		if empty {
			return true
		}
		sc := scratch.Get().(*mapScratch)
		defer func() {
			// Nothing of this call's is kept past it.
			sc.key.SetZero()
			sc.elem.SetZero()
			scratch.Put(sc)
		}()
		key, elem := sc.key, sc.elem
		ep := mem.PointerOf(elem.Addr())
		for {
			if d.Peek() != '"' {
				return false
			}
			if textKeys {
				if !d.setTextKey(key) || !d.Colon() {
					return false
				}
			} else if name, ok := d.Str(); !ok || !d.setKey(key, kind, name) || !d.Colon() {
				return false
			}
			elem.SetZero()
			if !etd.fn(d, ep) {
				return false
			}
			// The map is new, so a key that is already there came from an
			// earlier name: v2 rejects it as a duplicate, even for names
			// that differ in text ("0" and "-0").
			n := m.Len()
			m.SetMapIndex(key, elem)
			if m.Len() == n {
				return false
			}
			more, ok := d.Next('}')
			if !more {
				return ok
			}
		}
	}
}

// mapScratch is where a map's key and value are decoded before they are
// stored in the map.
type mapScratch struct{ key, elem reflect.Value }

// setKey sets key to the map key of the member name.
func (d *state) setKey(key reflect.Value, kind fields.MapKey, name []byte) bool {
	switch kind {
	case fields.MapKeyString:
		key.SetString(d.key(name))
		return true
	case fields.MapKeyInt, fields.MapKeyUint:
		// Only the grammar of a JSON integer, whole: v2 takes no other.
		neg, n, ok := parseInteger(name, kind == fields.MapKeyUint)
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

// anyDec decodes into an empty interface, as v2 does when it holds nil:
// objects as map[string]any, arrays as []any, numbers as float64.
func anyDec(d *state, p mem.Ptr) bool {
	v, ok := d.anyValue()
	if v != nil {
		mem.Store(p, v)
	}
	return ok
}

func (d *state) anyValue() (any, bool) {
	switch c := d.Peek(); {
	case c == '{':
		m, ok := d.anyObject()
		return m, ok
	case c == '[':
		a, ok := d.anyArray()
		return d.boxes.Anys(a), ok
	case c == '"':
		s, ok := d.Str()
		return d.boxes.String(d.keep(s)), ok
	case c == 't':
		return true, d.Literal()
	case c == 'f':
		return false, d.Literal()
	case c == 'n':
		return nil, d.Literal()
	case numberStart(c):
		f, ok := d.float(64)
		return d.boxes.Float(f), ok
	}
	return nil, false
}

// anyObject decodes an object into a new map[string]any. Its members
// are gathered on d.members first, so that the map is made at its size.
func (d *state) anyObject() (map[string]any, bool) {
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
		key := d.key(name)
		v, ok := d.anyValue()
		d.members = append(d.members, anyMember{key, v})
		if !ok {
			return map[string]any{}, false
		}
		more, ok := d.Next('}')
		if !more {
			ms := d.members[base:]
			m := make(map[string]any, len(ms))
			for _, mb := range ms {
				m[mb.key] = mb.value
			}
			// Fewer keys than members: a name repeated, which v2
			// rejects.
			return m, ok && len(m) == len(ms)
		}
	}
}

// anyMember is a member of an object being decoded into map[string]any.
type anyMember struct {
	key   string
	value any
}

func (d *state) dropMembers(base int) {
	clear(d.members[base:])
	d.members = d.members[:base]
}

// anyArray decodes an array into a new []any of its length, gathering the
// elements on d.anys first.
func (d *state) anyArray() ([]any, bool) {
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
		v, ok := d.anyValue()
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

func (d *state) dropAnys(base int) {
	clear(d.anys[base:])
	d.anys = d.anys[:base]
}
