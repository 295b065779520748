// Package typefuncs tells whether the functions that a call of
// encoding/json/v2 passes with WithMarshalers or WithUnmarshalers apply to
// a type that its value reaches. v2 calls such a function in place of the
// encoding of every type it applies to, so safejson's engines run only the
// calls whose functions apply to none of the types they meet, and leave
// the others to the standard library.
package typefuncs

import "reflect"

// Reach holds the types that v2 may look functions up for while it
// encodes or decodes a value of one type: the type, what its pointers,
// slices, arrays and maps hold and their keys, its struct fields' types
// (exported or embedded), and, wherever an interface is reached, the types
// v2 decodes JSON into an interface as, which it also writes without a
// lookup of their encoders. More types than v2 looks up only send more
// calls to the standard library. The dynamic types of interface values are
// not in it: an encoder checks each as it meets it.
type Reach struct {
	types []reflect.Type
	ptrs  []reflect.Type // ptrs[i] is types[i]'s pointer type
	set   map[reflect.Type]struct{}
}

// anyTypes are the types v2 decodes JSON into an interface as, and the
// empty interface itself: the functions that apply to one of them change
// what v2 does with every interface value (its castableToFromAny).
var anyTypes = [...]reflect.Type{
	reflect.TypeFor[any](),
	reflect.TypeFor[bool](),
	reflect.TypeFor[string](),
	reflect.TypeFor[float64](),
	reflect.TypeFor[map[string]any](),
	reflect.TypeFor[[]any](),
}

// Of returns what a value of type t reaches.
func Of(t reflect.Type) *Reach {
	r := &Reach{set: map[reflect.Type]struct{}{}}
	queue := []reflect.Type{t}
	for len(queue) > 0 {
		t := queue[len(queue)-1]
		queue = queue[:len(queue)-1]
		if _, ok := r.set[t]; ok {
			continue
		}
		r.set[t] = struct{}{}
		r.types = append(r.types, t)
		r.ptrs = append(r.ptrs, reflect.PointerTo(t))
		switch t.Kind() {
		case reflect.Pointer, reflect.Slice, reflect.Array:
			queue = append(queue, t.Elem())
		case reflect.Map:
			queue = append(queue, t.Key(), t.Elem())
		case reflect.Struct:
			for i := range t.NumField() {
				if sf := t.Field(i); sf.IsExported() || sf.Anonymous {
					queue = append(queue, sf.Type)
				}
			}
		case reflect.Interface:
			queue = append(queue, anyTypes[:]...)
		}
	}
	return r
}

// Touched reports whether a function for one of funcs applies to a type
// in r, by v2's rule: a function for an interface type applies to the
// types whose pointers implement it, one for a pointer type to the type
// it points to, and one for another type to that type.
func (r *Reach) Touched(funcs []reflect.Type) bool {
	for _, f := range funcs {
		switch f.Kind() {
		case reflect.Interface:
			for _, p := range r.ptrs {
				if p.Implements(f) {
					return true
				}
			}
		case reflect.Pointer:
			if _, ok := r.set[f.Elem()]; ok {
				return true
			}
		default:
			if _, ok := r.set[f]; ok {
				return true
			}
		}
	}
	return false
}
