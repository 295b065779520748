//go:build safejson_safe

package mem

import "reflect"

// Store writes v at p. T is the type of the value there or convertible to
// it; a Ptr stores the pointer it holds (nil for a nil pointer, map or
// slice).
func Store[T any](p Ptr, v T) {
	if q, ok := any(v).(Ptr); ok {
		dst := p.find(pointerLike)
		if q == nil {
			dst.Set(reflect.Zero(dst.Type()))
			return
		}
		dst.Set(Value(dst.Type().Elem(), q).Addr())
		return
	}
	t := reflect.TypeFor[T]()
	dst := p.find(like(t))
	src := reflect.ValueOf(&v).Elem()
	switch {
	case isNil(src):
		src = reflect.Zero(dst.Type())
	case dst.Kind() == reflect.Interface && src.Kind() == reflect.Interface:
		src = src.Elem()
	case src.Type() != dst.Type() && !src.Type().ConvertibleTo(dst.Type()):
		// A []byte into a slice of a named byte type, which Go has no
		// conversion for; SetBytes keeps the array, as the default
		// build's store of the slice header does.
		dst.SetBytes(src.Bytes())
		return
	case src.Type() != dst.Type():
		src = src.Convert(dst.Type())
	}
	dst.Set(src)
}

// pointerLike accepts the types whose values the default build stores as
// one pointer word.
func pointerLike(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Pointer, reflect.Map, reflect.Chan, reflect.Func, reflect.UnsafePointer:
		return true
	}
	return false
}

// SetLen sets the length of the slice at p. The caller keeps n within the
// slice's capacity.
func SetLen(p Ptr, n int) { p.at(reflect.Slice).SetLen(n) }

// Cap returns the capacity of the slice at p.
func Cap(p Ptr) int { return p.at(reflect.Slice).Cap() }

// SetEmpty stores an empty, non-nil slice at p.
func SetEmpty(p Ptr) {
	s := p.at(reflect.Slice)
	s.Set(reflect.MakeSlice(s.Type(), 0, 0))
}

// New allocates a zero value of type t and returns a pointer to it.
func New(t reflect.Type) Ptr { return &loc{v: reflect.New(t).Elem()} }

// IsZero reports whether the size bytes at p are all zero: the value there
// that is size bytes long is its type's zero value.
func IsZero(p Ptr, size uintptr) bool {
	return p.find(func(t reflect.Type) bool { return t.Size() == size }).IsZero()
}

// isNil reports whether v is a nil interface, slice, map or pointer: the
// zero value of whatever type is stored to.
func isNil(v reflect.Value) bool {
	switch v.Kind() {
	case reflect.Interface, reflect.Slice, reflect.Map, reflect.Pointer:
		return v.IsNil()
	}
	return false
}
