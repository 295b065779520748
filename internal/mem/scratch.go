package mem

import (
	"reflect"
	"sync"
)

// Scratch pools slices of one type, of length 0 and zero to their
// capacity, that the elements of a long array are decoded into until its
// length is known. The array is then allocated once, at that length,
// instead of regrowing on the way (each step a new array, the elements
// copied and the old one left to the collector).
type Scratch struct {
	t    reflect.Type
	pool sync.Pool
}

// NewScratch returns a Scratch of slices of type t.
func NewScratch(t reflect.Type) *Scratch { return &Scratch{t: t} }

// Take returns a scratch slice, and the place of its header, holding a
// copy of the n elements of the slice at p, with room for as many more.
func (s *Scratch) Take(p Ptr, n int) (v *reflect.Value, h Ptr) {
	v, _ = s.pool.Get().(*reflect.Value)
	if v == nil {
		x := reflect.New(s.t).Elem()
		v = &x
	}
	v.Grow(2 * n)
	v.SetLen(n)
	reflect.Copy(*v, Value(s.t, p))
	return v, PointerOf(v.Addr())
}

// Store stores a copy of the elements of the scratch slice v at p, as a
// new slice of their length.
func (s *Scratch) Store(v *reflect.Value, p Ptr) {
	out := reflect.MakeSlice(s.t, v.Len(), v.Len())
	reflect.Copy(out, *v)
	Value(s.t, p).Set(out)
}

// Put clears the scratch slice v and gives it back.
func (s *Scratch) Put(v *reflect.Value) {
	v.Clear()
	v.SetLen(0)
	s.pool.Put(v)
}
