package mem

import (
	"math/bits"
	"sync/atomic"
)

// Batches holds the Batch of each type that one decoding call allocates
// from. A document of many types, such as a FHIR bundle, uses dozens at
// once; a type that took over another's batch would throw away what was
// left of it and start again from one value, so every type keeps a slot of
// its own where it can: its home, or one of the few after it.
type Batches struct {
	slots [BatchSlots]batchSlot
	used  uint64 // a bit for each slot in use
}

type batchSlot struct {
	owner *Batched
	b     Batch
}

const (
	// BatchSlots is how many types' batches one call keeps at once.
	BatchSlots = 64
	// batchProbes is how many slots from its home a type looks at before
	// it takes over its home.
	batchProbes = 4
)

// homes hands out home slots in turn: the types of one compilation, which
// one document uses together, sit apart.
var homes atomic.Uint64

func nextHome() int { return int(homes.Add(1) % BatchSlots) }

// New returns a pointer to a zero value of k's type, or to the first of a
// run of them, from k's batch.
func (t *Batches) New(k *Batched) Ptr {
	if s := &t.slots[k.home]; s.owner == k {
		return s.b.New(k)
	}
	return t.slot(k).b.New(k)
}

// slot finds k's slot, or gives it the first free one from its home on,
// or its home.
func (t *Batches) slot(k *Batched) *batchSlot {
	for i := range batchProbes {
		j := (k.home + i) % BatchSlots
		s := &t.slots[j]
		if s.owner == k {
			return s
		}
		if s.owner == nil {
			s.owner = k
			t.used |= 1 << j
			return s
		}
	}
	s := &t.slots[k.home]
	*s = batchSlot{owner: k}
	return s
}

// Reset empties the slots for the next call, so that its values are not
// cut from arrays that this one's hold.
func (t *Batches) Reset() {
	for m := t.used; m != 0; m &= m - 1 {
		t.slots[bits.TrailingZeros64(m)] = batchSlot{}
	}
	t.used = 0
}
