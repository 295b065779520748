//go:build !safejson_safe

package mem

import "unsafe"

// Carving says slices of pointer-free elements can be carved out of shared
// byte slabs (SlabAt, SetCarved). The safe build has no such memory.
const Carving = true

// SlabAt returns a pointer to byte off of slab.
func SlabAt(slab []byte, off int) Ptr {
	return unsafe.Add(unsafe.Pointer(unsafe.SliceData(slab)), off)
}

// SetCarved stores at p the slice of n elements that starts at byte off of
// slab, with capacity n: appending to it then copies instead of writing
// over whatever follows in the slab. The elements must hold no pointers
// (the garbage collector sees the slab as bytes), off must be aligned for
// them, and n must be at least 1.
func SetCarved(p Ptr, slab []byte, off, n int) {
	*(*sliceHeader)(p) = sliceHeader{SlabAt(slab, off), n, n}
}
