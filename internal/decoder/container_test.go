package decoder

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/safejson/safejson/internal/mem"
)

// TestSliceLengthHint decodes arrays of many lengths, in random order, into
// the same slice types, fresh and pre-filled: the length a type last
// decoded to sizes its next growth, which must change no value or length.
func TestSliceLengthHint(t *testing.T) {
	type big struct {
		A string
		B [40]int // over hintedSize bytes in all
		C []int
	}
	r := rand.New(rand.NewPCG(4, 2))
	for range 400 {
		n := r.IntN(300)
		if r.IntN(4) == 0 {
			n = r.IntN(6)
		}
		ints := make([]string, n)
		objs := make([]string, n)
		for i := range n {
			ints[i] = fmt.Sprint(i)
			objs[i] = fmt.Sprintf(`{"A":"%d","C":[%d]}`, i, i)
		}
		intText := "[" + strings.Join(ints, ",") + "]"
		objText := "[" + strings.Join(objs, ",") + "]"
		for _, c := range []struct {
			data string
			mk   func() any
		}{
			{intText, func() any { return new([]int) }},
			{intText, func() any { s := []int{7, 8, 9}; return &s }},
			{objText, func() any { return new([]big) }},
			{objText, func() any { s := make([]big, 2, 40); s[1].A = "old"; return &s }},
			{`{"X":` + intText + `}`, func() any { return new(struct{ X []int }) }},
		} {
			if d := diffUnmarshal([]byte(c.data), c.mk, Options{}); d != "" {
				t.Fatalf("%.80s: %s", c.data, d)
			}
		}
	}
}

// point is flat: slices of it are carved.
type point struct {
	X, Y float32
	N    uint16
	Ok   bool
	Arr  [2]int8
}

// meters is a float64 of its own name, without methods.
type meters float64

// TestCarvedSlices decodes arrays of flat elements, of random lengths and
// with elements encoding/json rejects, into fresh and pre-filled targets,
// and compares with encoding/json. Inputs reach past the first slabs, so
// that arrays are moved to a new slab part way.
func TestCarvedSlices(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 3))
	num := func() string {
		switch r.IntN(15) {
		case 0:
			return "300" // overflows int8 and uint8
		case 5:
			return "1e400" // out of a float's range
		case 6:
			return "-0.12345678901234567890123e-2" // past the fast paths' digits
		case 7:
			return " 7 " // spaces around an element
		case 1:
			return `"s"`
		case 2:
			return "null"
		case 3:
			return "-1.5e3"
		case 4:
			return `{"X":1}`
		}
		return fmt.Sprint(r.IntN(200))
	}
	list := func(n int, elem func() string) string {
		parts := make([]string, n)
		for i := range parts {
			parts[i] = elem()
		}
		return "[" + strings.Join(parts, ",") + "]"
	}
	length := func() int {
		if r.IntN(3) == 0 {
			return r.IntN(2000)
		}
		return r.IntN(5)
	}
	obj := func() string {
		return fmt.Sprintf(`{"X":%s,"y":%s,"N":%s,"Ok":true,"Arr":%s,"Zz":[1,{}]}`,
			num(), num(), num(), list(r.IntN(4), num))
	}
	for range 200 {
		rings := list(r.IntN(6), func() string { return list(length(), num) })
		// Polygons: rings of positions of 0 to 3 numbers, for arrays of 2
		// or 3 floats.
		polygons := list(r.IntN(4), func() string {
			return list(length(), func() string { return list(r.IntN(4), num) })
		})
		for _, c := range []struct {
			data string
			mk   func() any
		}{
			{rings, func() any { return new([][]float64) }},
			{rings, func() any { return new([][]int8) }},
			{rings, func() any { return new([][]uint8) }},
			{rings, func() any { return &[][]float32{{1, 2, 3}, {}, make([]float32, 0, 9)} }},
			{rings, func() any { return new([][][2]float64) }},
			{polygons, func() any { return new([][][2]float64) }},
			{polygons, func() any { return new([][][3]meters) }},
			{list(length(), obj), func() any { return new([]point) }},
			{list(length(), obj), func() any { s := make([]point, 1, 3); s[0].N = 9; return &s }},
			{`{"A":` + list(length(), num) + `,"S":"x","B":` + rings + `}`, func() any {
				return new(struct {
					A []int64
					S string
					B [][]bool
				})
			}},
		} {
			if d := diffUnmarshal([]byte(c.data), c.mk, Options{}); d != "" {
				t.Fatalf("%.80s: %s", c.data, d)
			}
		}
	}
}

// TestCarvedSlicesStandAlone checks that carved slices have no capacity
// beyond their length, so that appending to one leaves its neighbours in
// the slab alone.
func TestCarvedSlicesStandAlone(t *testing.T) {
	var got [][]int
	if err := Unmarshal([]byte(`[[1,2],[3],[4,5,6]]`), &got, Options{}); err != nil {
		t.Fatal(err)
	}
	for i := range got {
		got[i] = append(got[i], 99)
	}
	want := [][]int{{1, 2, 99}, {3, 99}, {4, 5, 6, 99}}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("after appending to each (-want +got):\n%s", d)
	}
}

// TestCarvable lists which element types are carved: only those holding no
// pointers whose decoding runs no method.
func TestCarvable(t *testing.T) {
	type flatStruct struct {
		A int
		//lint:ignore U1000 unexported fields take room too
		b   [3]float32
		C   struct{ D bool }
		Dur time.Duration
	}
	for _, c := range []struct {
		typ  reflect.Type
		want bool
	}{
		{reflect.TypeFor[float64](), true},
		{reflect.TypeFor[uint8](), true},
		{reflect.TypeFor[[2]float64](), true},
		{reflect.TypeFor[flatStruct](), true},
		{reflect.TypeFor[struct{}](), false}, // nothing to carve
		{reflect.TypeFor[[0]int](), false},
		{reflect.TypeFor[string](), false},
		{reflect.TypeFor[*int](), false},
		{reflect.TypeFor[[]int](), false},
		{reflect.TypeFor[any](), false},
		{reflect.TypeFor[map[string]int](), false},
		{reflect.TypeFor[struct{ A, B *int }](), false},
		{reflect.TypeFor[struct{ A [2]string }](), false},
		{reflect.TypeFor[valJSON](), false},
		{reflect.TypeFor[struct{ V valJSON }](), false},
		{reflect.TypeFor[textNum](), false},
		{reflect.TypeFor[struct{ textNum }](), false},
		{reflect.TypeFor[json.Number](), false},
		{reflect.TypeFor[time.Time](), false},
	} {
		if got := carvable(c.typ); got != c.want && mem.Carving {
			t.Errorf("carvable(%v) = %v, want %v", c.typ, got, c.want)
		}
	}
}

// textNum is flat but for its method.
type textNum int

func (n *textNum) UnmarshalText(b []byte) error { *n = textNum(len(b)); return nil }

// TestBatchedPointers decodes arrays and trees of pointers, of lengths
// that cross the batch sizes, into fresh and pre-filled targets: every
// pointer must reach a value of its own, as reflect.New would give it.
func TestBatchedPointers(t *testing.T) {
	type node struct {
		V    int
		Kids []*node
		P    *point
	}
	r := rand.New(rand.NewPCG(9, 1))
	var tree func(depth int) string
	tree = func(depth int) string {
		kids := make([]string, 0)
		if depth < 3 {
			for range r.IntN(6) {
				kids = append(kids, tree(depth+1))
			}
		}
		p := "null"
		if r.IntN(2) == 0 {
			p = fmt.Sprintf(`{"X":%d}`, r.IntN(9))
		}
		return fmt.Sprintf(`{"V":%d,"Kids":[%s],"P":%s}`, r.IntN(100), strings.Join(kids, ","), p)
	}
	for range 100 {
		n := r.IntN(300)
		ints := make([]string, n)
		for i := range ints {
			ints[i] = fmt.Sprint(i)
			if r.IntN(10) == 0 {
				ints[i] = "null"
			}
		}
		intText := "[" + strings.Join(ints, ",") + "]"
		treeText := tree(0)
		for _, c := range []struct {
			data string
			mk   func() any
		}{
			{intText, func() any { return new([]*int) }},
			{intText, func() any { a, b := 7, 8; s := []*int{&a, nil, &b}; return &s }},
			{intText, func() any { return new([]*struct{}) }},
			{treeText, func() any { return new(node) }},
			{treeText, func() any { return new(*node) }},
			{`[` + treeText + `,` + intText + `]`, func() any { return new([]any) }},
		} {
			if d := diffUnmarshal([]byte(c.data), c.mk, Options{}); d != "" {
				t.Fatalf("%.80s: %s", c.data, d)
			}
		}
	}
	// Writing through one pointer changes no other.
	var ps []*int
	if err := Unmarshal([]byte(`[1,2,3,4,5,6,7,8,9,10]`), &ps, Options{}); err != nil {
		t.Fatal(err)
	}
	for i, p := range ps {
		*p += 100 * i
	}
	for i, p := range ps {
		if *p != i+1+100*i {
			t.Errorf("ps[%d] = %d, want %d", i, *p, i+1+100*i)
		}
	}
}

// TestBatchSlotsShared decodes values of more pointer types than there are
// batch slots, interleaved, so that types take slots over from each other.
func TestBatchSlotsShared(t *testing.T) {
	var fields []reflect.StructField
	var members []string
	for k := 1; k <= 2*mem.BatchSlots+1; k++ {
		name := fmt.Sprintf("F%d", k)
		fields = append(fields, reflect.StructField{Name: name, Type: reflect.PointerTo(reflect.ArrayOf(k, reflect.TypeFor[int64]()))})
		elems := make([]string, k)
		for i := range elems {
			elems[i] = fmt.Sprint(k*100 + i)
		}
		members = append(members, fmt.Sprintf(`"%s":[%s]`, name, strings.Join(elems, ",")))
	}
	st := reflect.SliceOf(reflect.StructOf(fields))
	obj := "{" + strings.Join(members, ",") + "}"
	data := "[" + strings.Repeat(obj+",", 20) + obj + "]"
	mk := func() any { return reflect.New(st).Interface() }
	if d := diffUnmarshal([]byte(data), mk, Options{}); d != "" {
		t.Fatal(d)
	}
}

// TestBoxedValues decodes numbers and strings into interfaces, enough of
// them to fill several of the arrays their boxes are cut from, in arrays,
// objects and interface fields, and compares with encoding/json.
func TestBoxedValues(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 5))
	value := func() string {
		switch r.IntN(5) {
		case 0:
			return fmt.Sprintf(`"s%d"`, r.IntN(1000))
		case 1:
			return `""`
		case 2:
			return fmt.Sprintf("%d.%d", r.IntN(1000), r.IntN(1000))
		case 3:
			return "1e400" // out of range: a type error, and nil
		}
		return fmt.Sprint(r.Int64N(1 << 40))
	}
	for range 50 {
		n := r.IntN(1500)
		elems := make([]string, n)
		members := make([]string, n)
		for i := range n {
			elems[i] = value()
			members[i] = fmt.Sprintf(`"k%d":%s`, i, value())
		}
		arr := "[" + strings.Join(elems, ",") + "]"
		obj := "{" + strings.Join(members, ",") + "}"
		for _, c := range []struct {
			data string
			mk   func() any
		}{
			{arr, func() any { return new(any) }},
			{obj, func() any { return new(any) }},
			{`[` + arr + `,` + obj + `]`, func() any { return new([]any) }},
			{obj, func() any { return new(map[string]any) }},
			{`{"A":` + arr + `,"B":` + value() + `}`, func() any { return new(struct{ A, B any }) }},
		} {
			for _, o := range []Options{{}, {UseNumber: true}} {
				if d := diffUnmarshal([]byte(c.data), c.mk, o); d != "" {
					t.Fatalf("%.80s: %s", c.data, d)
				}
			}
		}
	}
}

// longNode holds pointers, a time and a deferred method's receiver, so
// that arrays of it outgrow their first run and go through scratch (see
// sliceDec's long).
type longNode struct {
	Name string
	N    int
	T    time.Time
	L    logged
	Kids []longNode
}

// TestLongSlices decodes arrays of struct values of every length up to 70,
// nested, with method calls in their elements, and arrays that stop at an
// element with a syntax or type error, into fresh and pre-filled slices.
func TestLongSlices(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 3))
	elem := func(i int, kids string) string {
		return fmt.Sprintf(`{"Name":"n%d","N":%d,"T":"2001-02-03T04:05:%02dZ","L":"l%d","Kids":[%s]}`, i, i, i%60, i, kids)
	}
	array := func(n int) string {
		elems := make([]string, n)
		for i := range elems {
			kids := ""
			if r.IntN(4) == 0 {
				ks := make([]string, r.IntN(12))
				for k := range ks {
					ks[k] = elem(100+k, "")
				}
				kids = strings.Join(ks, ",")
			}
			elems[i] = elem(i, kids)
		}
		return "[" + strings.Join(elems, ",") + "]"
	}
	for n := range 71 {
		text := array(n)
		inputs := []string{text, `{"Kids":` + text + `,"L":"after"}`}
		if n > 0 {
			k := r.IntN(n)
			bad := strings.Replace(text, fmt.Sprintf(`"N":%d,`, k), `"N":"x",`, 1)
			cut := text[:strings.Index(text, fmt.Sprintf(`"Name":"n%d"`, k))+3]
			fail := strings.Replace(text, fmt.Sprintf(`"L":"l%d"`, k), `"L":"fail"`, 1)
			inputs = append(inputs, bad, cut, fail)
		}
		for _, data := range inputs {
			for _, mk := range []func() any{
				func() any { return new([]longNode) },
				func() any { s := make([]longNode, 1, 3); s[0].Name = "old"; return &s },
				func() any { return new(longNode) },
			} {
				if d := diffCalls([]byte(data), mk); d != "" {
					t.Fatalf("Unmarshal(%.80s) into %T: %s", data, mk(), d)
				}
			}
		}
		formats := strings.Repeat(`{"A":1,"T":"2001-02-03T04:05:06Z"},`, n) + `{"A":2}`
		if d := diffUnmarshal([]byte("["+formats+"]"), func() any { return new([]Format27) }, Options{}); d != "" {
			t.Fatalf("%d formatted elements: %s", n, d)
		}
	}
}
