//go:build goexperiment.jsonv2 && go1.27

package decoder

import (
	"reflect"
	"sync"
)

// A target that is not zero is decoded into as v2 decodes into one: a
// null stores the zero value, a scalar, string or time replaces the one
// there, a struct keeps the fields the input does not name, and a non-nil
// pointer is decoded into what it points to. The preset takes such a
// target when its non-zero parts are only of those kinds (see mergeableV2),
// so that v2's rules for the others (maps that keep their entries, slices
// appended into their arrays, interfaces decoded into what they hold) never
// apply: every slice, map, interface and array in it is nil or zero, as in
// a zero target.

// Bounds on the targets taken: how many pointers deep their non-zero parts
// reach, and how many non-nil pointers they hold.
const (
	maxMergeDepthV2    = 32
	maxMergePointersV2 = 256
)

// mergeV2 is a target that is not zero, as it was before the call: where
// it is decoded in place (the target, then what each non-nil pointer in it
// points to) and a copy of each, to put back if the call goes to the
// standard library, which must get the target as its caller passed it.
type mergeV2 struct {
	places []reflect.Value
	saved  []reflect.Value
}

// mergeableV2 returns the places of v, the settable value a target points
// to, with nothing saved yet, or nil if v holds what the preset does not
// merge into (see the comment above), a cycle of pointers, or more than
// the bounds allow.
func mergeableV2(v reflect.Value) *mergeV2 {
	m := &mergeV2{places: append(make([]reflect.Value, 0, 8), v)}
	if !m.take(v, 0) {
		return nil
	}
	return m
}

// take reports whether v is one that the preset merges into, adding the
// values its non-nil pointers point to to m's places.
func (m *mergeV2) take(v reflect.Value, depth int) bool {
	mt := mergeTypeOfV2(v.Type())
	switch mt.kind {
	case mergeLeaf:
		return true
	case mergeStruct:
		for _, f := range mt.fields {
			if fv := v.Field(f.index); f.zeroOnly && !fv.IsZero() || !f.zeroOnly && !m.take(fv, depth) {
				return false
			}
		}
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
				return false // a cycle, or a value reached twice
			}
		}
		e := v.Elem()
		m.places = append(m.places, e)
		return e.CanSet() && m.take(e, depth+1)
	}
	return v.IsZero()
}

// mergeKindV2 says what a type's values may hold in a target merged into.
type mergeKindV2 uint8

const (
	mergeZero    mergeKindV2 = iota // only the zero value
	mergeLeaf                       // any value, which a decoded one replaces
	mergeStruct                     // fields that may each be merged into
	mergePointer                    // nil, or a pointer to a value merged into
)

// mergeTypeV2 is how take reads a type's values.
type mergeTypeV2 struct {
	kind   mergeKindV2
	fields []mergeFieldV2
}

type mergeFieldV2 struct {
	index int
	// zeroOnly: an unexported field, which v2 never decodes into and
	// only ever zeroes with its struct.
	zeroOnly bool
}

var mergeTypesV2 sync.Map // reflect.Type to *mergeTypeV2

func mergeTypeOfV2(t reflect.Type) *mergeTypeV2 {
	if mt, ok := mergeTypesV2.Load(t); ok {
		return mt.(*mergeTypeV2)
	}
	mt := &mergeTypeV2{}
	switch {
	case t == timeType || t == numberType:
		mt.kind = mergeLeaf
	case methodOfV2(t) != 0 || t == durationType:
	default:
		switch t.Kind() {
		case reflect.Bool, reflect.String, reflect.Float32, reflect.Float64,
			reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
			reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
			mt.kind = mergeLeaf
		case reflect.Pointer:
			mt.kind = mergePointer
		case reflect.Struct:
			mt.kind = mergeStruct
			for i := range t.NumField() {
				// An embedded struct's own fields are reached through it.
				sf := t.Field(i)
				own := sf.IsExported() || sf.Anonymous && sf.Type.Kind() == reflect.Struct
				mt.fields = append(mt.fields, mergeFieldV2{i, !own})
			}
		}
	}
	mergeTypesV2.Store(t, mt)
	return mt
}

// save copies each of m's places.
func (m *mergeV2) save() {
	m.saved = make([]reflect.Value, len(m.places))
	for i, p := range m.places {
		m.saved[i] = reflect.New(p.Type()).Elem()
		m.saved[i].Set(p)
	}
}

// restore puts back what save copied, in place: the pointers the target
// holds point where they did, to what they did.
func (m *mergeV2) restore() {
	for i, p := range m.places {
		p.Set(m.saved[i])
	}
}
