package decoder

import (
	"reflect"

	"github.com/safejson/safejson/internal/mem"
)

// Slices whose elements hold no pointers and decode without methods (such
// as the [][]float64 rings of GeoJSON coordinates) are decoded straight
// into a shared slab, which grows as strings' arena does, and carved out of
// it at their exact length: a few large allocations instead of one or more
// per slice, and no regrowing through reflect. A slice keeps its whole slab
// alive, as a string keeps its arena chunk. Only slices that start with no
// capacity are carved; into one that has some, encoding/json decodes in
// place, and so does sliceDec.

// carvable reports whether slices of t may be carved: t is not empty, holds
// no pointers, and no method runs while a value of it is decoded.
func carvable(t reflect.Type) bool {
	return mem.Carving && t.Size() > 0 && flat(t)
}

func flat(t reflect.Type) bool {
	if hasMethods(reflect.PointerTo(t)) {
		return false
	}
	switch t.Kind() {
	case reflect.Bool,
		reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64:
		return true
	case reflect.Array:
		return flat(t.Elem())
	case reflect.Struct:
		for i := range t.NumField() {
			if !flat(t.Field(i).Type) {
				return false
			}
		}
		return true
	}
	return false
}

// carveSlice decodes the elements of the non-empty array at d.i (its
// opening bracket consumed) into the slab and stores them at p as a slice.
// On an error it stores what it has decoded, as sliceDec leaves the
// elements it has filled.
func (d *decodeState) carveSlice(p mem.Ptr, etd *typeDec, size, align int) error {
	start := d.slab.align(align)
	for i := 0; ; i++ {
		if end := start + (i+1)*size; end > len(d.slab.buf) {
			start = d.slab.grow(start, i*size, (i+1)*size, d.i, len(d.data)-d.i)
		}
		var err error
		q, ok := mem.SlabAt(d.slab.buf, start+i*size), false
		if etd.float64Leaf {
			var x float64
			if x, ok = d.fastFloat(); ok {
				mem.Store(q, x)
			}
		}
		if !ok {
			err = etd.slot(d, q)
		}
		more := false
		if err == nil {
			if more = d.comma(); !more {
				more, err = d.next(']')
			}
		}
		if err != nil || !more {
			d.slab.carve(p, start, i+1, size)
			return err
		}
	}
}

// slab is where slices are carved: buf, of which used bytes are taken.
type slab struct {
	buf    []byte
	used   int
	chunks mem.Chunks
}

// align returns where the next slice of elements aligned to align starts.
func (s *slab) align(align int) int { return (s.used + align - 1) &^ (align - 1) }

// grow moves the n bytes decoded so far at start to a new slab with room
// for at least need bytes, and returns their new start. The slab is sized
// as the string arena is (at and left are where the input is read and how
// much of it is left), or twice what the array needs if more.
func (s *slab) grow(start, n, need, at, left int) int {
	buf := make([]byte, s.chunks.Next(start, need, at, left))
	copy(buf, s.buf[start:start+n])
	s.buf, s.used = buf, 0
	return 0
}

// carve stores at p the slice of the n elements of size bytes from start,
// with no room to append in place.
func (s *slab) carve(p mem.Ptr, start, n, size int) {
	mem.SetCarved(p, s.buf, start, n)
	s.used = start + n*size
}
