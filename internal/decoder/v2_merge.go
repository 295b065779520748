//go:build goexperiment.jsonv2 && go1.27

package decoder

import (
	"reflect"

	"github.com/safejson/safejson/internal/v2opts"
)

// A target that is not zero is decoded into as v2 decodes into one: a
// null stores the zero value, a scalar, string or time replaces the one
// there, a struct keeps the fields the input does not name, a non-nil
// pointer is decoded into what it points to, and a slice's elements are
// decoded into its array, each zeroed first, from the start and up to its
// capacity, past which the slice grows, as an array's are; base64 text is
// decoded into a []byte's array from its start and into an [N]byte in
// place; a map keeps its entries, and a member whose key is there is
// decoded into a copy of its value, then stored, as is a member that an
// `embed` map takes; a method is called on the value there (a null zeroes
// a value with UnmarshalText). The preset takes such a target when its
// non-zero parts are only of those kinds, values with methods among them
// only where they hold no pointers, and interfaces holding values of them
// (see takeAny), which are decoded into as v2 does: into a copy of
// what they hold, by its type, stored back.

// Bounds on the targets taken: how many pointers deep their non-zero parts
// reach, and how many non-nil pointers, slices and maps they hold.
const (
	maxMergeDepthV2    = 32
	maxMergePointersV2 = 256
	maxMergeSlicesV2   = 64
	maxMergeMapsV2     = 64
)

// mergeV2 is a target that is not zero, as it was before the call: where
// it is decoded in place (the target, then what each non-nil pointer in it
// points to), the arrays of its non-nil slices, each to its capacity, where
// its non-nil maps are, and a copy of each, to put back if the call goes
// to the standard library, which must get the target as its caller passed
// it.
type mergeV2 struct {
	places, arrays, maps []reflect.Value
	saved, kept, copies  []reflect.Value
	// flags are the call's: an interface's value is decoded by the
	// decoder of its type under them.
	flags v2opts.Flags
}

// mergeableV2 returns the places of v, the settable value a target points
// to, of the type mt describes, with nothing saved yet, or nil if v holds
// what the preset does not merge into (see the comment above), a value
// that two of its pointers reach (a cycle among them included), or more
// than the bounds allow. It is d's, which the caller clears once the call
// is over.
func (d *decodeState) mergeableV2(v reflect.Value, mt *mergeTypeV2, flags v2opts.Flags) *mergeV2 {
	m := &d.merging
	m.flags = flags
	m.places = append(m.places, v)
	if !m.take(v, mt, 0) {
		m.clear()
		return nil
	}
	return m
}

// clear empties m for the next call, holding on to nothing of this one's.
func (m *mergeV2) clear() {
	for _, s := range []*[]reflect.Value{&m.places, &m.arrays, &m.maps, &m.saved, &m.kept, &m.copies} {
		clear(*s)
		*s = (*s)[:0]
	}
}

// take reports whether v, of the type mt describes, is one that the
// preset merges into, adding the values its non-nil pointers point to to
// m's places.
func (m *mergeV2) take(v reflect.Value, mt *mergeTypeV2, depth int) bool {
	switch mt.kind {
	case mergeLeaf:
		return true
	case mergeStruct:
		for _, f := range mt.fields {
			if !m.take(v.Field(f.index), f.typ, depth) {
				return false
			}
		}
		return true
	case mergeArray:
		return true // its elements are zeroed before use
	case mergeMap:
		if v.IsNil() {
			return true
		}
		if !m.takeMap(v) {
			return false
		}
		if mt.elem == nil {
			return true // leaf values
		}
		// A value is copied out and decoded into: what its pointers,
		// slices and maps reach is the target's, shared with the copy.
		for it := v.MapRange(); it.Next(); {
			if !m.take(it.Value(), mt.elem, depth+1) {
				return false
			}
		}
		return true
	case mergeAny:
		return m.takeAny(v.Interface(), depth)
	case mergeSlice:
		if v.IsNil() {
			return true
		}
		if len(m.arrays) == maxMergeSlicesV2 {
			return false
		}
		m.arrays = append(m.arrays, v.Slice3(0, v.Cap(), v.Cap()))
		return true
	case mergePointer:
		if v.IsNil() {
			return true
		}
		if depth == maxMergeDepthV2 || len(m.places) > maxMergePointersV2 {
			return false
		}
		for _, q := range m.places {
			if q.Addr().Pointer() == v.Pointer() {
				return false
			}
		}
		e := v.Elem()
		m.places = append(m.places, e)
		return e.CanSet() && m.take(e, mt.elem, depth+1)
	}
	return v.IsZero()
}

// takeMap adds the map v to m's maps, or reports false where it is there
// already (two places hold it) or the bound is reached.
func (m *mergeV2) takeMap(v reflect.Value) bool {
	if len(m.maps) == maxMergeMapsV2 {
		return false
	}
	for _, q := range m.maps {
		if q.Pointer() == v.Pointer() {
			return false
		}
	}
	m.maps = append(m.maps, v)
	return true
}

// takeAny reports whether x, what an interface in the target holds,
// is one the preset merges into: nil, a string, float64 or bool, which a
// value of the same kind replaces, a []any, whose elements are zeroed
// before use, a map[string]any whose values are such ones, merged into as
// a map is, or a value of another type the preset decodes, which take
// reads as it reads the target. v2 decodes into a copy of the value, by
// the value's own type. With WithUnmarshalers, whose functions the call's
// check compares only with the types v2 makes for an interface, values of
// other types are left to v2.
func (m *mergeV2) takeAny(x any, depth int) bool {
	switch x := x.(type) {
	case nil, string, float64, bool:
		return true
	case []any:
		if x == nil {
			return true
		}
		if len(m.arrays) == maxMergeSlicesV2 {
			return false
		}
		m.arrays = append(m.arrays, reflect.ValueOf(x).Slice3(0, cap(x), cap(x)))
		return true
	case map[string]any:
		if x == nil {
			return true
		}
		if depth == maxMergeDepthV2 || !m.takeMap(reflect.ValueOf(x)) {
			return false
		}
		for _, e := range x {
			if !m.takeAny(e, depth+1) {
				return false
			}
		}
		return true
	}
	if m.flags&v2opts.UnmarshalFuncs != 0 || depth == maxMergeDepthV2 {
		return false
	}
	t := reflect.TypeOf(x)
	td := decoderOfV2(keyV2(t, m.flags))
	return td.whole && m.take(reflect.ValueOf(x), td.merge, depth+1)
}

// mergeKindV2 says what a type's values may hold in a target merged into.
type mergeKindV2 uint8

const (
	mergeZero    mergeKindV2 = iota // only the zero value
	mergeLeaf                       // any value: a decoded one replaces it
	mergeStruct                     // fields, some of which are not leaves
	mergePointer                    // nil, or a pointer to a value merged into
	mergeSlice                      // any slice
	mergeArray                      // any array
	mergeMap                        // a map, whose values take reads (elem) unless leaves
	mergeAny                        // an interface (see takeAny)
)

// mergeTypeV2 is how take reads a type's values.
type mergeTypeV2 struct {
	kind mergeKindV2
	// fields are a struct's fields that are not leaves: take looks at
	// those only.
	fields []mergeFieldV2
	elem   *mergeTypeV2 // a pointer's; a map's whose values are not leaves
}

type mergeFieldV2 struct {
	index int
	typ   *mergeTypeV2
}

// zeroOnlyV2 describes an unexported field, which v2 never decodes into
// and only zeroes with its struct.
var zeroOnlyV2 = &mergeTypeV2{kind: mergeZero}

// buildMergeTypeV2 returns the mergeTypeV2 of t, with those of the types
// it reaches linked from it; built holds those made so far.
func buildMergeTypeV2(t reflect.Type, built map[reflect.Type]*mergeTypeV2) *mergeTypeV2 {
	if mt := built[t]; mt != nil {
		return mt // a type that refers back to itself
	}
	mt := &mergeTypeV2{}
	built[t] = mt
	switch {
	case t == timeType || t == numberType:
		mt.kind = mergeLeaf
		return mt
	case t == durationType:
		return mt
	case methodOfV2(t) != 0:
		// v2 calls the method on the value there. Putting the place back
		// undoes what it did to a value that holds no pointers.
		if pointerFree(t) {
			mt.kind = mergeLeaf
		}
		return mt
	}
	switch t.Kind() {
	case reflect.Bool, reflect.String, reflect.Float32, reflect.Float64,
		reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		mt.kind = mergeLeaf
	case reflect.Pointer:
		mt.kind = mergePointer // before its element, which may point back
		mt.elem = buildMergeTypeV2(t.Elem(), built)
	case reflect.Slice:
		// Its elements are zeroed before use; base64 text is decoded into
		// a []byte's array from its start.
		mt.kind = mergeSlice
	case reflect.Array:
		mt.kind = mergeArray
	case reflect.Map:
		// Its values are copied out, decoded into and stored back, as v2
		// does: a copy shares the pointers, arrays and maps the value
		// holds, which take records as it does the target's own. A value
		// type that refers back to the map's own is still being built
		// (mergeZero here): such a map is left to v2.
		switch et := buildMergeTypeV2(t.Elem(), built); et.kind {
		case mergeLeaf:
			mt.kind = mergeMap
		case mergeZero:
		default:
			mt.kind, mt.elem = mergeMap, et
		}
	case reflect.Interface:
		mt.kind = mergeAny
	case reflect.Struct:
		// The `embed` map, which takes the members no field takes, is
		// merged into as other maps are.
		for i := range t.NumField() {
			// An embedded struct's own fields are reached through it.
			sf, ft := t.Field(i), zeroOnlyV2
			if sf.IsExported() || sf.Anonymous && sf.Type.Kind() == reflect.Struct {
				ft = buildMergeTypeV2(sf.Type, built)
			}
			// Types only refer back to themselves through pointers, whose
			// kind is set first: ft's kind is final here.
			if ft.kind != mergeLeaf {
				mt.fields = append(mt.fields, mergeFieldV2{i, ft})
			}
		}
		mt.kind = mergeStruct
		if len(mt.fields) == 0 {
			mt.kind = mergeLeaf
		}
	}
	return mt
}

// save copies each of m's places and arrays.
func (m *mergeV2) save() {
	for _, p := range m.places {
		c := reflect.New(p.Type()).Elem()
		c.Set(p)
		m.saved = append(m.saved, c)
	}
	for _, a := range m.arrays {
		c := reflect.MakeSlice(a.Type(), a.Len(), a.Len())
		reflect.Copy(c, a)
		m.kept = append(m.kept, c)
	}
	for _, mp := range m.maps {
		c := reflect.MakeMapWithSize(mp.Type(), mp.Len())
		for it := mp.MapRange(); it.Next(); {
			c.SetMapIndex(it.Key(), it.Value())
		}
		m.copies = append(m.copies, c)
	}
}

// restore puts back what save copied, in place: the pointers the target
// holds point where they did, to what they did, its slices' arrays hold
// what they did, and its maps (the places first, which put each map back
// where it was) the entries they did.
func (m *mergeV2) restore() {
	for i, p := range m.places {
		p.Set(m.saved[i])
	}
	for i, a := range m.arrays {
		reflect.Copy(a, m.kept[i])
	}
	for i, mp := range m.maps {
		mp.Clear()
		for it := m.copies[i].MapRange(); it.Next(); {
			mp.SetMapIndex(it.Key(), it.Value())
		}
	}
}

// pointerFree reports whether values of t hold no pointers but strings'
// (whose bytes never change).
func pointerFree(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Bool, reflect.String, reflect.Float32, reflect.Float64, reflect.Complex64, reflect.Complex128,
		reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return true
	case reflect.Array:
		return pointerFree(t.Elem())
	case reflect.Struct:
		for i := range t.NumField() {
			if !pointerFree(t.Field(i).Type) {
				return false
			}
		}
		return true
	}
	return false
}
