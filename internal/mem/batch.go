//go:build !safejson_safe

package mem

import (
	"reflect"
	"unsafe"
)

// Batch hands out zero values of one type from arrays of them allocated
// several at a time, so that decoding many small objects in a row, such as
// the nodes of a tree, costs a few allocations instead of one each. A value
// handed out keeps its whole array alive.
type Batch struct {
	base Ptr
	used int
	n    int
}

// Batched describes the values of one type for Batch.New: single values,
// or runs of a few to start slices with.
type Batched struct {
	elem  reflect.Type
	group int     // values per handout
	size  uintptr // bytes per handout
	max   int     // handouts per array, at most
	home  int     // its first slot in Batches
}

// BatchedOf describes t, whose arrays may grow to maxBytes.
func BatchedOf(t reflect.Type, maxBytes int) *Batched { return GroupsOf(t, 1, maxBytes) }

// GroupsOf describes runs of n values of t, handed out together, from
// arrays that may grow to maxBytes.
func GroupsOf(t reflect.Type, n, maxBytes int) *Batched {
	size := t.Size() * uintptr(n)
	return &Batched{t, n, size, max(1, maxBytes/max(int(size), 1)), nextHome()}
}

// New returns a pointer to a zero value of k's type, or to the first of a
// run of them. The arrays it cuts them from double in length, from one
// handout, allocated as itself, up to k's limit.
func (b *Batch) New(k *Batched) Ptr {
	if b.used == b.n {
		n := min(2*b.n+1, k.max)
		if n == 1 || k.size == 0 {
			b.base, b.n, b.used = nil, 1, 1
			if k.group == 1 {
				return New(k.elem)
			}
			return NewArray(k.elem, k.group)
		}
		b.base, b.n, b.used = NewArray(k.elem, n*k.group), n, 0
	}
	p := unsafe.Add(b.base, uintptr(b.used)*k.size)
	b.used++
	return p
}
