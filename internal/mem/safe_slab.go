//go:build safejson_safe

package mem

// Carving is false: a location here is a reflect.Value of the type stored
// there, and a slab of bytes holds no values of other types. Callers check
// Carving before they use SlabAt or SetCarved.
const Carving = false

// SlabAt is never called in the safe build (see Carving).
func SlabAt(slab []byte, off int) Ptr { panic("mem: no slabs in the safe build") }

// SetCarved is never called in the safe build (see Carving).
func SetCarved(p Ptr, slab []byte, off, n int) { panic("mem: no slabs in the safe build") }

// SetSlice is never called in the safe build (see Carving).
func SetSlice(p, base Ptr, n, c int) { panic("mem: no runs of values in the safe build") }
