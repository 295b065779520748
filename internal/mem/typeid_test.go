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

func TestPtrTypeValueAt(t *testing.T) {
	m := map[string]int{"a": 1}
	var i any = 3.5
	made := reflect.New(reflect.StructOf([]reflect.StructField{{Name: "X", Type: reflect.TypeOf(0)}}))
	for _, ptr := range []reflect.Value{reflect.ValueOf(&m), reflect.ValueOf(&i), made} {
		want := ptr.Elem()
		got := PtrTypeOf(want.Type()).ValueAt(PointerOf(ptr))
		if got.Type() != want.Type() || !got.CanSet() || !reflect.DeepEqual(got.Interface(), want.Interface()) {
			t.Errorf("ValueAt gave %v %v (settable %v), want %v %v", got.Type(), got, got.CanSet(), want.Type(), want)
		}
		got.SetZero()
		if !want.IsZero() {
			t.Errorf("%v: a write through ValueAt did not reach the value", want.Type())
		}
	}
}
