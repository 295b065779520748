//go:build !safejson_safe

package mem

import (
	"reflect"
	"unsafe"
)

// The decoder engine writes Go values through a Ptr, as the encoder reads
// them. These are its writes.

// Store writes v at p. T must match the memory at p in size and layout.
func Store[T any](p Ptr, v T) { *(*T)(p) = v }

// SetLen sets the length of the slice at p. The caller keeps n within the
// slice's capacity.
func SetLen(p Ptr, n int) { (*sliceHeader)(p).len = n }

// Cap returns the capacity of the slice at p.
func Cap(p Ptr) int { return (*sliceHeader)(p).cap }

// zeroSized is where empty slices point: any non-nil address will do for a
// slice with no capacity, as reflect.MakeSlice's zero-length slices show.
var zeroSized [0]uint64

// SetEmpty stores an empty, non-nil slice at p without allocating.
func SetEmpty(p Ptr) { *(*sliceHeader)(p) = sliceHeader{unsafe.Pointer(&zeroSized), 0, 0} }

// SetSlice stores at p the slice of n elements at base with capacity c.
func SetSlice(p, base Ptr, n, c int) { *(*sliceHeader)(p) = sliceHeader{base, n, c} }

// New allocates a zero value of type t and returns a pointer to it.
func New(t reflect.Type) Ptr { return unsafeNew(rtype(t)) }

// NewArray allocates n zero values of type t in one array and returns a
// pointer to the first.
func NewArray(t reflect.Type, n int) Ptr { return unsafeNewArray(rtype(t), n) }

// rtype is the runtime's type descriptor behind t: the word a
// reflect.Type interface holds.
func rtype(t reflect.Type) Ptr { return (*eface)(unsafe.Pointer(&t)).data }

// The runtime's allocation by type descriptor, which reflect.New and
// reflect.MakeSlice wrap. reflect.New looks up the pointer type of a type
// that the program never names a pointer to (an anonymous struct, or one
// made by reflect.StructOf) in a synchronized map on every call, and
// MakeSlice allocates a header besides the array; measured, the lookup was
// a sixth of decoding a one-field object. The runtime keeps these two
// names for packages outside the standard library (go.dev/issue/67401).
//
//go:linkname unsafeNew reflect.unsafe_New
func unsafeNew(t Ptr) Ptr

//go:linkname unsafeNewArray reflect.unsafe_NewArray
func unsafeNewArray(t Ptr, n int) Ptr

// IsZero reports whether the size bytes at p are all zero.
func IsZero(p Ptr, size uintptr) bool {
	b := unsafe.Slice((*byte)(p), size)
	for len(b) >= 8 {
		if *(*uint64)(unsafe.Pointer(&b[0])) != 0 {
			return false
		}
		b = b[8:]
	}
	for _, c := range b {
		if c != 0 {
			return false
		}
	}
	return true
}
