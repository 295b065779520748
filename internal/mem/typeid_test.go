package mem

import (
	"reflect"
	"testing"
	"time"
)

func TestTypeID(t *testing.T) {
	type pair struct{ A, B int }
	values := []any{0, int64(0), "", pair{}, &pair{}, []pair{}, map[string]int{}, time.Time{}, [2]byte{}, struct{}{}}
	for i, x := range values {
		id := TypeIDOf(x)
		if id != TypeIDOfType(reflect.TypeOf(x)) {
			t.Errorf("%T: TypeIDOf and TypeIDOfType(reflect.TypeOf) differ", x)
		}
		if id == (TypeID{}) {
			t.Errorf("%T: zero TypeID", x)
		}
		for _, y := range values[i+1:] {
			if id == TypeIDOf(y) {
				t.Errorf("%T and %T share a TypeID", x, y)
			}
		}
	}
	if TypeIDOf(nil) != (TypeID{}) || TypeIDOfType(nil) != (TypeID{}) {
		t.Error("nil has a non-zero TypeID")
	}
}
