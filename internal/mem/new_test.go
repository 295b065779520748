//go:build !safejson_safe

package mem

import (
	"reflect"
	"runtime"
	"testing"
)

// TestNewKeepsPointers allocates values and arrays of a type made at run
// time, holding pointers, stores fresh pointers in them, collects garbage
// and checks what they point to: memory allocated by New and NewArray
// must be typed, so that the collector follows its pointers, and zeroed.
func TestNewKeepsPointers(t *testing.T) {
	st := reflect.StructOf([]reflect.StructField{
		{Name: "N", Type: reflect.TypeFor[int]()},
		{Name: "P", Type: reflect.TypeFor[*[64]int]()},
		{Name: "S", Type: reflect.TypeFor[string]()},
	})
	type view struct {
		N int
		P *[64]int
		S string
	}
	var held []*view
	for i := range 200 {
		v := (*view)(New(st))
		arr := (*[3]view)(NewArray(st, 3))
		for _, x := range []*view{v, &arr[0], &arr[2]} {
			if x.N != 0 || x.P != nil || x.S != "" {
				t.Fatalf("allocation %d is not zero: %+v", i, *x)
			}
			x.N, x.P, x.S = i, &[64]int{63: i}, string(rune('a'+i%26))+"x"
			held = append(held, x)
		}
	}
	runtime.GC()
	// Fill what the collection freed, so that a pointer it did not follow
	// now points to other values.
	churn := make([]*[64]int, 0, 4096)
	for range cap(churn) {
		p := new([64]int)
		for k := range p {
			p[k] = -1
		}
		churn = append(churn, p)
	}
	for j, x := range held {
		i := j / 3
		if x.N != i || x.P[63] != i || x.S != string(rune('a'+i%26))+"x" {
			t.Fatalf("value %d after collection: %d %d %q", j, x.N, x.P[63], x.S)
		}
	}
	runtime.KeepAlive(churn)
}
