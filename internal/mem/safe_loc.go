//go:build safejson_safe

package mem

import (
	"fmt"
	"math"
	"reflect"
)

// Ptr is a location: a base value and a byte offset into it. The offset
// arithmetic of the default build (Field, Index) only adds to the offset;
// reads and writes then walk the base value's type to the field or element
// at that offset, guided by the type the caller wants there.
type Ptr = *loc

type loc struct {
	v   reflect.Value
	off uintptr
	// elems says v is a slice, resliced to its capacity, whose elements
	// the offset counts into.
	elems bool
}

// Field returns a pointer to the struct field at offset.
func Field(p Ptr, offset uintptr) Ptr { return &loc{p.v, p.off + offset, p.elems} }

// Index returns a pointer to element i of an array whose elements have size.
func Index(p Ptr, i int, size uintptr) Ptr {
	return &loc{p.v, p.off + uintptr(i)*size, p.elems}
}

// find returns the value at p: the outermost one at p's offset whose type
// match accepts, else the innermost (a value that is not a struct or
// array).
func (p *loc) find(match func(reflect.Type) bool) reflect.Value {
	v, off := p.v, p.off
	if p.elems {
		v, off = element(v, off)
	}
	for {
		if off == 0 && match(v.Type()) {
			return v
		}
		switch v.Kind() {
		case reflect.Struct:
			v, off = field(v, off, match)
		case reflect.Array:
			v, off = element(v, off)
		default:
			if off != 0 {
				panic(fmt.Sprintf("mem: offset %d into a %v", off, v.Type()))
			}
			return v
		}
	}
}

// element returns the element of the array or slice v that holds offset
// off, and the offset into it.
func element(v reflect.Value, off uintptr) (reflect.Value, uintptr) {
	size := v.Type().Elem().Size()
	i := uintptr(0)
	if size > 0 {
		i = off / size
	}
	return v.Index(int(i)), off - i*size
}

// field returns the field of struct v that holds offset off, and the offset
// into it. A field that starts there and matches comes first: a zero-size
// field shares its offset with the field after it.
func field(v reflect.Value, off uintptr, match func(reflect.Type) bool) (reflect.Value, uintptr) {
	t := v.Type()
	holder := -1
	for i := range t.NumField() {
		f := t.Field(i)
		if f.Offset == off && match(f.Type) {
			return v.Field(i), 0
		}
		if f.Offset <= off && off < f.Offset+f.Type.Size() {
			holder = i
		}
	}
	if holder < 0 {
		panic(fmt.Sprintf("mem: no field of %v at offset %d", t, off))
	}
	return v.Field(holder), off - t.Field(holder).Offset
}

// like accepts t and the types that convert to and from it without a
// change of kind: a named type and its underlying type.
func like(t reflect.Type) func(reflect.Type) bool {
	return func(u reflect.Type) bool { return u == t || u.Kind() == t.Kind() && u.ConvertibleTo(t) }
}

// kind accepts the types of kind k.
func kind(k reflect.Kind) func(reflect.Type) bool {
	return func(u reflect.Type) bool { return u.Kind() == k }
}

// at returns the value of kind k at p.
func (p *loc) at(k reflect.Kind) reflect.Value {
	v := p.find(kind(k))
	if v.Kind() != k {
		panic(fmt.Sprintf("mem: a %v where a %v was expected", v.Type(), k))
	}
	return v
}

// Slice returns the data pointer and length of the slice at p.
func Slice(p Ptr) (Ptr, int) {
	s := p.at(reflect.Slice)
	if s.IsNil() {
		return nil, 0
	}
	return &loc{v: s.Slice(0, s.Cap()), elems: true}, s.Len()
}

// SliceIsNil reports whether the slice at p is nil.
func SliceIsNil(p Ptr) bool { return p.at(reflect.Slice).IsNil() }

// Deref loads the pointer stored at p.
func Deref(p Ptr) Ptr { return PointerOf(p.at(reflect.Pointer)) }

// IsEmpty reports whether the string or slice at p has length zero, the
// pointer, interface, map or slice at p is nil, or the integer at p is
// zero; off tells a slice's length (LenOffset) from its data (0).
func IsEmpty(p Ptr, off uintptr) bool {
	v := p.find(func(t reflect.Type) bool {
		switch t.Kind() {
		case reflect.String, reflect.Slice, reflect.Pointer, reflect.Interface, reflect.Map,
			reflect.Int, reflect.Int64, reflect.Uint, reflect.Uint64, reflect.Uintptr:
			return true
		}
		return false
	})
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface, reflect.Map:
		return v.IsNil()
	case reflect.Slice:
		if off == 0 {
			return v.IsNil()
		}
	case reflect.Int, reflect.Int64:
		return v.Int() == 0
	case reflect.Uint, reflect.Uint64, reflect.Uintptr:
		return v.Uint() == 0
	}
	return v.Len() == 0
}

// WordSize is the size of a pointer, a uintptr or an int.
const WordSize = 4 << (^uintptr(0) >> 63)

// LenOffset is the offset of the length in a string or slice.
const LenOffset = WordSize

// Value returns the reflect.Value of type t stored at p; it is addressable
// where the value p leads into is.
func Value(t reflect.Type, p Ptr) reflect.Value {
	v := p.find(like(t))
	if v.Type() != t {
		v = v.Convert(t)
	}
	return v
}

// StringMap returns the map at p, of type t, whose keys and values are of
// string kinds, as a map[string]string (a copy, in this build).
func StringMap(t reflect.Type, p Ptr) map[string]string {
	v := Value(t, p)
	if v.IsNil() {
		return nil
	}
	m := make(map[string]string, v.Len())
	for it := v.MapRange(); it.Next(); {
		m[it.Key().String()] = it.Value().String()
	}
	return m
}

// AnyMap returns the map at p, of type t, whose underlying type is
// map[string]any, as a map[string]any.
func AnyMap(t reflect.Type, p Ptr) map[string]any {
	return Value(t, p).Convert(reflect.TypeFor[map[string]any]()).Interface().(map[string]any)
}

// TypedMaps is false: the typed maps of this build are copies.
const TypedMaps = false

// Holder is never called in the safe build (see TypedMaps).
func Holder(*uint64) Ptr { panic("mem: Holder in the safe build, which has no typed maps") }

// ScalarMap returns the map at p, of type t, whose keys are of string kind
// and values bools, integers or floats of V's size, as a map[string]V of
// the values' bits (a copy, in this build).
func ScalarMap[V Bits](t reflect.Type, p Ptr) map[string]V {
	v := Value(t, p)
	if v.IsNil() {
		return nil
	}
	m := make(map[string]V, v.Len())
	for it := v.MapRange(); it.Next(); {
		var bits uint64
		switch x := it.Value(); x.Kind() {
		case reflect.Bool:
			if x.Bool() {
				bits = 1
			}
		case reflect.Float32:
			bits = uint64(math.Float32bits(float32(x.Float())))
		case reflect.Float64:
			bits = math.Float64bits(x.Float())
		default:
			if x.CanInt() {
				bits = uint64(x.Int())
			} else {
				bits = x.Uint()
			}
		}
		m[it.Key().String()] = V(bits)
	}
	return m
}

// IntStringMap returns the map at p, of type t, whose keys are of K's
// kind and values of string kind, as a map[K]string (a copy, in this
// build).
func IntStringMap[K Integer](t reflect.Type, p Ptr) map[K]string {
	v := Value(t, p)
	if v.IsNil() {
		return nil
	}
	m := make(map[K]string, v.Len())
	for it := v.MapRange(); it.Next(); {
		if k := it.Key(); k.CanInt() {
			m[K(k.Int())] = it.Value().String()
		} else {
			m[K(k.Uint())] = it.Value().String()
		}
	}
	return m
}

// Addr returns a reflect.Value of type *t that points at p, or at a copy of
// the value there if that value is not addressable (as the contents of an
// interface are not).
func Addr(t reflect.Type, p Ptr) reflect.Value {
	v := Value(t, p)
	if v.CanAddr() {
		return v.Addr()
	}
	c := reflect.New(t)
	c.Elem().Set(v)
	return c
}

// PtrType is the type *t held ready for At.
type PtrType struct{ elem reflect.Type }

// PtrTypeOf returns t's PtrType.
func PtrTypeOf(t reflect.Type) PtrType { return PtrType{t} }

// At is Addr(t, p).
func (pt PtrType) At(p Ptr) reflect.Value { return Addr(pt.elem, p) }

// ValueAt is Value(t, p).
func (pt PtrType) ValueAt(p Ptr) reflect.Value { return Value(pt.elem, p) }

// PtrIface is a pointer type *t held ready to be put in an interface of
// type M, which *t implements.
type PtrIface[M any] struct{ elem reflect.Type }

// PtrIfaceOf returns *t's PtrIface for M.
func PtrIfaceOf[M any](t reflect.Type) PtrIface[M] { return PtrIface[M]{t} }

// At returns p, a *t, as an M.
func (pi PtrIface[M]) At(p Ptr) M {
	m, _ := reflect.TypeAssert[M](Addr(pi.elem, p))
	return m
}

// PointerOf returns the pointer held by a reflect.Value of pointer kind.
func PointerOf(v reflect.Value) Ptr {
	if v.IsNil() {
		return nil
	}
	return &loc{v: v.Elem()}
}

// SeenKey returns the identity of the pointer, map or slice in v, for
// cycle detection.
func SeenKey(v reflect.Value) any { return v.Pointer() }

// TypeID names a dynamic type.
type TypeID struct{ t reflect.Type }

// TypeIDOf returns the TypeID of x's dynamic type; nil has the zero TypeID.
func TypeIDOf(x any) TypeID { return TypeID{reflect.TypeOf(x)} }

// TypeIDOfType returns t's TypeID.
func TypeIDOfType(t reflect.Type) TypeID { return TypeID{t} }

// Pointee returns the pointer x holds, x's dynamic type being a pointer
// type, or nil.
func Pointee(x any) Ptr { return PointerOf(reflect.ValueOf(x)) }

// Word returns a pointer to the value held by x. In this build no type is
// direct: every interface value is reached through such a pointer.
func Word(x any) Ptr { return &loc{v: reflect.ValueOf(x)} }

// IfaceWord returns a pointer to the value held by the interface at p.
func IfaceWord(p Ptr) Ptr { return &loc{v: p.at(reflect.Interface).Elem()} }

// IfaceIsNil reports whether the interface (empty or not) at p is nil.
func IfaceIsNil(p Ptr) bool { return p.at(reflect.Interface).IsNil() }

// IsDirect reports false: see Word.
func IsDirect(reflect.Type) bool { return false }

// Slots serve the direct types of the default build, of which this build
// has none.
type Slots struct{}

// Push is never called in this build (IsDirect is always false).
func (*Slots) Push(Ptr) Ptr { panic("mem: Slots.Push in the safe build, where no type is direct") }

// Pop releases the most recent slot.
func (*Slots) Pop() {}

// Reset releases all slots.
func (*Slots) Reset() {}

// WithData returns x, an interface value holding a pointer, with p in
// place of that pointer.
func WithData[I any](x I, p Ptr) I { return PointerAt(reflect.TypeOf(x), p).(I) }

// PointerAt returns p, of pointer type pt, as an interface value.
func PointerAt(pt reflect.Type, p Ptr) any { return Addr(pt.Elem(), p).Interface() }

// ByteArray returns the n bytes of the [n]byte at p: a copy where the
// array is not addressable, as in values being encoded, which only read
// them.
func ByteArray(p Ptr, n int) []byte {
	v := p.find(func(t reflect.Type) bool {
		return t.Kind() == reflect.Array && t.Elem().Kind() == reflect.Uint8 && t.Len() == n
	})
	if v.CanAddr() {
		return v.Bytes()
	}
	b := make([]byte, n)
	reflect.Copy(reflect.ValueOf(b), v)
	return b
}
