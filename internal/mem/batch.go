//go:build !safejson_safe

package mem

import (
	"reflect"
	"sync"
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

// Batched describes the values of one type for Batch.New.
type Batched struct {
	elem reflect.Type
	// slice is made on first use: many pointer types, such as the one
	// passed to each Unmarshal, never allocate, and reflect.SliceOf costs
	// a new type's first use dearly.
	slice func() reflect.Type
	size  uintptr
	max   int
}

// BatchedOf describes t, whose arrays may grow to maxBytes.
func BatchedOf(t reflect.Type, maxBytes int) *Batched {
	slice := sync.OnceValue(func() reflect.Type { return reflect.SliceOf(t) })
	return &Batched{t, slice, t.Size(), max(1, maxBytes/max(int(t.Size()), 1))}
}

// New returns a pointer to a zero value of k's type. The arrays it cuts
// values from double in length, from one value (allocated as itself) up to
// k's limit.
func (b *Batch) New(k *Batched) Ptr {
	if b.used == b.n {
		n := min(2*b.n+1, k.max)
		if n == 1 || k.size == 0 {
			b.base, b.n, b.used = nil, 1, 1
			return New(k.elem)
		}
		b.base, b.n, b.used = reflect.MakeSlice(k.slice(), n, n).UnsafePointer(), n, 0
	}
	p := unsafe.Add(b.base, uintptr(b.used)*k.size)
	b.used++
	return p
}
