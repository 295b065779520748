//go:build safejson_safe

package mem

import "reflect"

// Batch allocates values one by one in the safe build, where a location
// is a reflect.Value of its own.
type Batch struct{}

// Batched describes the values of one type for Batch.New.
type Batched struct {
	elem reflect.Type
	home int // its first slot in Batches
}

// BatchedOf describes t.
func BatchedOf(t reflect.Type, maxBytes int) *Batched { return &Batched{t, nextHome()} }

// GroupsOf is never called in the safe build (see Carving).
func GroupsOf(t reflect.Type, n, maxBytes int) *Batched {
	panic("mem: no runs of values in the safe build")
}

// New returns a pointer to a zero value of k's type.
func (b *Batch) New(k *Batched) Ptr { return New(k.elem) }
