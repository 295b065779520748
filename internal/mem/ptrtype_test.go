//go:build !safejson_safe

package mem

import (
	"fmt"
	"reflect"
	"testing"
	"unsafe"
)

func TestPtrTypeAt(t *testing.T) {
	x := [][2]float64{{1, 2}}
	v := PtrTypeOf(reflect.TypeOf(x)).At(Ptr(&x))
	if v.Type() != reflect.TypeOf(&x) || v.UnsafePointer() != unsafe.Pointer(&x) {
		t.Fatalf("At gave %v at %p, want %v at %p", v.Type(), v.UnsafePointer(), reflect.TypeOf(&x), &x)
	}
	v.Elem().Set(reflect.ValueOf([][2]float64{{3, 4}}))
	v.Elem().Grow(10)
	if x[0][0] != 3 || cap(x) < 11 {
		t.Fatalf("writes through At did not reach x: %v, cap %d", x, cap(x))
	}
}

func TestPointerAt(t *testing.T) {
	type named struct{ A, B string }
	n, i, s := named{"a", "b"}, 7, []string{"x"}
	for _, want := range []any{&n, &i, &s, &struct{}{}} {
		v := reflect.ValueOf(want)
		got := PointerAt(v.Type(), v.UnsafePointer())
		if got != want || reflect.TypeOf(got) != v.Type() {
			t.Errorf("PointerAt(%v, %p) = %T %p, want %T %p", v.Type(), want, got, got, want, want)
		}
	}
}

type stamp struct{ n int }

func (s stamp) String() string { return fmt.Sprint("v", s.n) }

func (s *stamp) Set(n int) { s.n = n }

// TestPtrIfaceAt checks that At gives the interface value of the pointer
// itself: value methods see the value at p, pointer methods change it.
func TestPtrIfaceAt(t *testing.T) {
	x := []stamp{{1}, {2}}
	str := PtrIfaceOf[fmt.Stringer](reflect.TypeFor[stamp]())
	set := PtrIfaceOf[interface{ Set(int) }](reflect.TypeFor[stamp]())
	for i := range x {
		m := str.At(Ptr(&x[i]))
		if p, ok := m.(*stamp); !ok || p != &x[i] {
			t.Fatalf("At(&x[%d]) holds %T %p, want %p", i, m, m, &x[i])
		}
		set.At(Ptr(&x[i])).Set(10 + i)
		if got, want := m.String(), fmt.Sprint("v", 10+i); got != want {
			t.Errorf("String() = %q, want %q", got, want)
		}
	}
}

// TestGroupsOf checks that runs handed out are zero, apart and of n values.
func TestGroupsOf(t *testing.T) {
	k := GroupsOf(reflect.TypeFor[string](), 3, 256)
	var b Batch
	seen := map[*string]bool{}
	for range 40 {
		run := unsafe.Slice((*string)(b.New(k)), 3)
		for i := range run {
			if run[i] != "" || seen[&run[i]] {
				t.Fatalf("run value %d = %q, seen before: %v", i, run[i], seen[&run[i]])
			}
			seen[&run[i]] = true
			run[i] = "x"
		}
	}
}

func TestWithin(t *testing.T) {
	data := []byte("0123456789")
	other := []byte("0123456789")
	for _, tt := range []struct {
		b    []byte
		want bool
	}{{data, true}, {data[3:5], true}, {data[9:], true}, {data[10:], false}, {other[2:], false}, {nil, false}} {
		if got := Within(tt.b, data); got != tt.want {
			t.Errorf("Within(%q) = %v, want %v", tt.b, got, tt.want)
		}
	}
}
