package mem

import (
	"fmt"
	"reflect"
	"testing"
)

// batchTypes returns n distinct struct types of 64 bytes, each with its
// Batched, made one after another as a compiler makes them.
func batchTypes(n int) ([]reflect.Type, []*Batched) {
	ts := make([]reflect.Type, n)
	ks := make([]*Batched, n)
	for i := range n {
		ts[i] = reflect.StructOf([]reflect.StructField{{Name: fmt.Sprintf("F%d", i), Type: reflect.TypeFor[[8]int64]()}})
		ks[i] = BatchedOf(ts[i], 4<<10)
	}
	return ts, ks
}

// TestBatchesValues hands out values of more types than there are slots,
// interleaved, so that types share and take over slots, and checks that
// every value is a zero value of its own, not written by any other.
func TestBatchesValues(t *testing.T) {
	ts, ks := batchTypes(2*BatchSlots + 3)
	var bs Batches
	for round := range 3 {
		var got []reflect.Value
		for range 20 {
			for i, k := range ks {
				v := Value(ts[i], bs.New(k))
				if !v.IsZero() {
					t.Fatalf("round %d: a %v handed out is not zero: %v", round, ts[i], v)
				}
				v.Field(0).Index(0).SetInt(int64(len(got)))
				got = append(got, v)
			}
		}
		for n, v := range got {
			if x := v.Field(0).Index(0).Int(); x != int64(n) {
				t.Fatalf("round %d: value %d holds %d: written through another", round, n, x)
			}
		}
		bs.Reset()
	}
}

// TestBatchesKeepTheirArrays checks that 64 types made one after another,
// as one compilation makes a document's types (a FHIR bundle's are about
// 50), do not take each other's batches over: each allocates about as if
// it were alone. (The safe build allocates every value alone, which meets
// that too.)
func TestBatchesKeepTheirArrays(t *testing.T) {
	ts, ks := batchTypes(64)
	var bs Batches
	var alone Batches
	perType := testing.AllocsPerRun(5, func() {
		for range 100 {
			alone.New(ks[0])
		}
		alone.Reset()
	})
	all := testing.AllocsPerRun(5, func() {
		for range 100 {
			for _, k := range ks {
				bs.New(k)
			}
		}
		bs.Reset()
	})
	if want := perType*float64(len(ts)) + float64(len(ts)/8); all > want {
		t.Errorf("%d types, 100 values each: %.0f allocations, want at most %.0f (%.0f for one type alone)", len(ts), all, want, perType)
	}
}
