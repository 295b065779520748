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
func New(t reflect.Type) Ptr { return reflect.New(t).UnsafePointer() }

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
