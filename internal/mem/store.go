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

// SetSlice stores a slice of length and capacity n whose elements are at data.
func SetSlice(p Ptr, data Ptr, n int) { *(*sliceHeader)(p) = sliceHeader{data, n, n} }

// New allocates a zero value of type t and returns a pointer to it.
func New(t reflect.Type) Ptr { return reflect.New(t).UnsafePointer() }

// MakeSlice allocates room for n elements of the slice type t and returns a
// pointer to the first (a non-nil pointer even when n is 0).
func MakeSlice(t reflect.Type, n int) Ptr { return reflect.MakeSlice(t, n, n).UnsafePointer() }

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

// Bytes views s as a byte slice without copying. The caller must not change
// the bytes.
func Bytes(s string) []byte { return unsafe.Slice(unsafe.StringData(s), len(s)) }
