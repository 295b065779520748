//go:build !safejson_safe

// Package mem is the only place in safejson that uses package unsafe.
//
// The encoder engine reads Go values through a Ptr: a pointer to a value
// whose type the caller knows from its compiled encoder. Reading memory
// directly at known offsets, instead of through reflect.Value, is what makes
// the per-type encoders fast. Everything here is a small inlinable accessor
// so that the engine itself never imports unsafe.
package mem

import (
	"encoding/binary"
	"reflect"
	"unsafe"
)

// Ptr points to a Go value of a type known to the caller.
type Ptr = unsafe.Pointer

// Field returns a pointer to the struct field at offset.
func Field(p Ptr, offset uintptr) Ptr { return unsafe.Add(p, offset) }

// Index returns a pointer to element i of an array whose elements have size.
func Index(p Ptr, i int, size uintptr) Ptr { return unsafe.Add(p, uintptr(i)*size) }

// Slice returns the data pointer and length of the slice at p.
func Slice(p Ptr) (Ptr, int) {
	s := (*sliceHeader)(p)
	return s.data, s.len
}

// SliceIsNil reports whether the slice at p is nil.
func SliceIsNil(p Ptr) bool { return (*sliceHeader)(p).data == nil }

type sliceHeader struct {
	data Ptr
	len  int
	cap  int
}

// Deref loads the pointer stored at p.
func Deref(p Ptr) Ptr { return *(*Ptr)(p) }

// IsEmpty reports whether the string or slice at p has length zero, the
// pointer, interface, map or slice at p is nil, or the word-sized integer
// at p is zero, given off: the offset of the word that says so, LenOffset
// for a length and 0 for the others (an interface's type word, a slice's
// data). It is one load and test.
func IsEmpty(p Ptr, off uintptr) bool { return *(*uintptr)(unsafe.Add(p, off)) == 0 }

// WordSize is the size of a pointer, a uintptr or an int.
const WordSize = unsafe.Sizeof(uintptr(0))

// LenOffset is the offset of the length in a string or slice.
const LenOffset = WordSize

// Value returns the addressable reflect.Value of type t stored at p.
func Value(t reflect.Type, p Ptr) reflect.Value { return reflect.NewAt(t, p).Elem() }

// StringMap returns the map at p, of type t, whose keys and values are of
// string kinds, as a map[string]string, which has its layout.
func StringMap(t reflect.Type, p Ptr) map[string]string { return *(*map[string]string)(p) }

// AnyMap returns the map at p, of type t, whose underlying type is
// map[string]any, as a map[string]any.
func AnyMap(t reflect.Type, p Ptr) map[string]any { return *(*map[string]any)(p) }

// IntStringMap returns the map at p, of type t, whose keys are of K's
// kind and values of string kind, as a map[K]string, which has its layout.
func IntStringMap[K Integer](t reflect.Type, p Ptr) map[K]string { return *(*map[K]string)(p) }

// TypedMaps says a map may be read and written as a typed Go map of its
// layout (StringMap, ScalarMap). The safe build's are copies: callers
// that store into one check TypedMaps first.
const TypedMaps = true

// Holder returns where a ScalarMap's value may be decoded: at w, room for
// any of the Bits.
func Holder(w *uint64) Ptr { return Ptr(w) }

// ScalarMap returns the map at p, of type t, whose keys are of string kind
// and values bools, integers or floats of V's size, as a map[string]V,
// which has its layout: each value's bits, zero-extended by the caller.
func ScalarMap[V Bits](t reflect.Type, p Ptr) map[string]V { return *(*map[string]V)(p) }

// Addr returns a reflect.Value of type *t that points at p.
func Addr(t reflect.Type, p Ptr) reflect.Value { return reflect.NewAt(t, p) }

// PtrType is the type *t held ready for At: reflect.NewAt looks *t up in
// a global map each time for a t with no named pointer type in the
// binary, which costs as much as the work it serves on a hot path.
type PtrType struct{ word Ptr }

// PtrTypeOf returns t's PtrType.
func PtrTypeOf(t reflect.Type) PtrType {
	pt := reflect.PointerTo(t)
	return PtrType{(*eface)(unsafe.Pointer(&pt)).data}
}

// At is Addr(t, p): an interface of type *t holding p, as a reflect.Value.
func (pt PtrType) At(p Ptr) reflect.Value {
	var x any
	*(*eface)(unsafe.Pointer(&x)) = eface{typ: pt.word, data: p}
	return reflect.ValueOf(x)
}

// ValueAt is Value(t, p), with no lookup of *t.
func (pt PtrType) ValueAt(p Ptr) reflect.Value { return pt.At(p).Elem() }

// PtrIface is a pointer type *t held ready to be put in an interface of
// type M, which *t implements: a value method called on a struct member or
// slice element would otherwise cost a pointer type lookup and an
// interface table lookup per call.
type PtrIface[M any] struct{ tab Ptr }

// PtrIfaceOf returns *t's PtrIface for M.
func PtrIfaceOf[M any](t reflect.Type) PtrIface[M] {
	m := reflect.New(t).Interface().(M)
	return PtrIface[M]{(*eface)(unsafe.Pointer(&m)).typ}
}

// At returns p, a *t, as an M.
func (pi PtrIface[M]) At(p Ptr) M {
	var m M
	*(*eface)(unsafe.Pointer(&m)) = eface{typ: pi.tab, data: p}
	return m
}

// PointerOf returns the pointer held by a reflect.Value of a pointer, map or
// slice kind.
func PointerOf(v reflect.Value) Ptr { return v.UnsafePointer() }

// SeenKey returns the identity of the pointer, map or slice in v, for
// cycle detection.
func SeenKey(v reflect.Value) any { return v.UnsafePointer() }

// Word splits an interface value into its dynamic type and data word. For
// types stored indirectly the word points at the value; for pointer-shaped
// types it is the value itself.
func Word(x any) Ptr { return (*eface)(unsafe.Pointer(&x)).data }

type eface struct {
	typ  Ptr
	data Ptr
}

// TypeID names a dynamic type by the runtime's type word: comparing two is
// one pointer compare, where reflect.Type values compare through the
// runtime's interface equality.
type TypeID struct{ word Ptr }

// TypeIDOf returns the TypeID of x's dynamic type; nil has the zero TypeID.
func TypeIDOf(x any) TypeID { return TypeID{(*eface)(unsafe.Pointer(&x)).typ} }

// TypeIDOfType returns t's TypeID: a reflect.Type holds the same type word
// an interface value of that type does.
func TypeIDOfType(t reflect.Type) TypeID { return TypeID{(*eface)(unsafe.Pointer(&t)).data} }

// Pointee returns the pointer x holds, x's dynamic type being a pointer
// type: its data word, which for a pointer is the pointer itself.
func Pointee(x any) Ptr { return Word(x) }

// PointerAt returns p, of pointer type pt, as an interface value: what
// reflect.NewAt(pt.Elem(), p).Interface() returns, without the type lookup
// reflect.NewAt makes each time. A reflect.Type's data word is the type's
// descriptor, which is an interface value's type word.
func PointerAt(pt reflect.Type, p Ptr) any {
	var x any
	e := (*eface)(unsafe.Pointer(&x))
	e.typ, e.data = IfaceWord(unsafe.Pointer(&pt)), p
	return x
}

// WithData returns x, an interface value holding a pointer, with p in
// place of that pointer: a method call on p through an interface whose
// type word is already known, with no type assertion.
func WithData[I any](x I, p Ptr) I {
	(*eface)(unsafe.Pointer(&x)).data = p
	return x
}

// IfaceWord returns the data word of the interface (empty or not) at p.
func IfaceWord(p Ptr) Ptr { return (*eface)(p).data }

// IfaceIsNil reports whether the interface (empty or not) at p is nil.
func IfaceIsNil(p Ptr) bool { return (*eface)(p).typ == nil }

// Slots holds the words of pointer-shaped values taken out of interfaces, so
// that encoders can be handed a pointer to them without a heap allocation.
type Slots struct {
	fixed [32]Ptr
	n     int
}

// Push stores w in a fresh slot and returns a pointer to the slot.
func (s *Slots) Push(w Ptr) Ptr {
	if s.n < len(s.fixed) {
		s.fixed[s.n] = w
		s.n++
		return unsafe.Pointer(&s.fixed[s.n-1])
	}
	s.n++
	h := new(Ptr)
	*h = w
	return unsafe.Pointer(h)
}

// Pop releases the most recent slot.
func (s *Slots) Pop() {
	s.n--
	if s.n < len(s.fixed) {
		s.fixed[s.n] = nil
	}
}

// Reset releases all slots; only an aborted encoding leaves any behind.
func (s *Slots) Reset() {
	clear(s.fixed[:min(s.n, len(s.fixed))])
	s.n = 0
}

// Load reads a value of type T at p. T must match the memory at p in size and
// layout (a named type may be read as its underlying type).
func Load[T any](p Ptr) T { return *(*T)(p) }

// IsDirect reports whether an interface holding a value of type t stores the
// value itself in its data word (pointer-shaped types) rather than a pointer
// to it. It is observed rather than derived from the compiler's rules: the
// zero value of a pointer-shaped type is a nil word, while any other type is
// boxed behind a non-nil pointer.
func IsDirect(t reflect.Type) bool { return Word(reflect.Zero(t).Interface()) == nil }

// AppendShort appends s, whose first 32 bytes are also held in w, as
// Words made them. When s fits in 32 bytes and b has room, the bytes are
// stored as words instead of through a call to memmove: the cost that
// dominates appending short, fixed strings such as field names.
func AppendShort(b []byte, s string, w *[4]uint64) []byte {
	n := len(b)
	if len(s) > 32 || cap(b)-n < 32 {
		return append(b, s...)
	}
	p := unsafe.Add(unsafe.Pointer(unsafe.SliceData(b)), n)
	*(*uint64)(p) = w[0]
	*(*uint64)(unsafe.Add(p, 8)) = w[1]
	if len(s) > 16 {
		*(*uint64)(unsafe.Add(p, 16)) = w[2]
		*(*uint64)(unsafe.Add(p, 24)) = w[3]
	}
	return b[:n+len(s)]
}

// AppendWords16 appends the first n <= 16 bytes held in w, the first two
// of Words' words, with two stores where b has 16 bytes of room.
func AppendWords16(b []byte, w *[2]uint64, n int) []byte {
	l := len(b)
	if cap(b)-l < 16 {
		var p [16]byte
		binary.NativeEndian.PutUint64(p[:], w[0])
		binary.NativeEndian.PutUint64(p[8:], w[1])
		return append(b, p[:n]...)
	}
	p := unsafe.Add(unsafe.Pointer(unsafe.SliceData(b)), l)
	*(*uint64)(p) = w[0]
	*(*uint64)(unsafe.Add(p, 8)) = w[1]
	return b[:l+n]
}

// AppendWords32 appends the first n <= 32 bytes held in w, Words' words,
// with two 16-byte stores where b has 32 bytes of room (one 32-byte store
// compiles to a call of memmove).
func AppendWords32(b []byte, w *[4]uint64, n int) []byte {
	if l := len(b); cap(b)-l >= 32 {
		d := (*[2][2]uint64)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(b)), l))
		d[0], d[1] = [2]uint64(w[:2]), [2]uint64(w[2:])
		return b[:l+n]
	}
	return appendWords(b, w, n)
}

// String views b as a string without copying. The caller must not change b
// while the string is in use.
func String(b []byte) string { return unsafe.String(unsafe.SliceData(b), len(b)) }

// Load64 returns the 8 bytes of s at i as a little-endian word. The caller
// guarantees i+8 <= len(s); this is what lets the compiler emit one load
// instead of eight bounds-checked byte loads.
func Load64(s string, i int) uint64 {
	return binary.LittleEndian.Uint64(unsafe.Slice((*byte)(unsafe.Add(unsafe.Pointer(unsafe.StringData(s)), i)), 8))
}

// Store64 writes w to b at i as 8 little-endian bytes. The caller
// guarantees i+8 <= len(b).
func Store64(b []byte, i int, w uint64) {
	binary.LittleEndian.PutUint64(unsafe.Slice((*byte)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(b)), i)), 8), w)
}

// Load32 is Load64 for 4 bytes; the caller guarantees i+4 <= len(s).
func Load32(s string, i int) uint32 {
	return binary.LittleEndian.Uint32(unsafe.Slice((*byte)(unsafe.Add(unsafe.Pointer(unsafe.StringData(s)), i)), 4))
}

// ByteArray returns the n bytes of the [n]byte at p.
func ByteArray(p Ptr, n int) []byte { return unsafe.Slice((*byte)(p), n) }

// ReadType returns the reflect.Type that v holds, v being an addressable
// value of type reflect.Type, exported or not: encoding/json/v2 keeps the
// types its WithMarshalers functions apply to in unexported fields.
func ReadType(v reflect.Value) (reflect.Type, bool) {
	if !v.IsValid() || !v.CanAddr() || v.Type() != reflect.TypeFor[reflect.Type]() {
		return nil, false
	}
	return *(*reflect.Type)(unsafe.Pointer(v.UnsafeAddr())), true
}
