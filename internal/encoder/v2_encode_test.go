//go:build goexperiment.jsonv2 && go1.27

package encoder_test

// The v2 encoding tests of values chosen by hand: the common shapes, strings,
// times, depth, the element loop, and what is left to encoding/json/v2.

import (
	"encoding/json/jsontext"
	"math"
	"math/rand"
	"strings"
	"testing"
	"time"

	"github.com/leanovate/gopter"

	"github.com/safejson/safejson/conformance"
	"github.com/safejson/safejson/internal/encoder"
)

type inner struct {
	A int
	B string `json:"b,omitempty"`
}

type Embedded struct{ E1, E2 int }

type EmbeddedPtr struct {
	P1 string `json:",omitempty"`
	*Embedded
}

type shapes struct {
	Bool    bool
	Ints    [3]int8
	Uint    uint64
	Ptr     uintptr
	F32     float32
	F64     float64
	Str     string
	Bytes   []byte
	NilS    []int
	NilM    map[string]int
	M       map[string]*inner
	IntKeys map[int]string
	UKeys   map[uint16]bool
	Any     any
	Anys    []any
	Time    time.Time
	PTime   *time.Time
	Inner   inner
	PInner  *inner
	Anon    struct{ X, Y float64 }
	Embedded
	*EmbeddedPtr
	OmitE  []string        `json:",omitempty"`
	OmitE2 map[string]int  `json:",omitempty"`
	OmitE3 *int            `json:",omitempty"`
	OmitE4 int             `json:",omitempty"`
	OmitZ  int             `json:",omitzero"`
	OmitZT time.Time       `json:",omitzero"`
	OmitZS struct{ A int } `json:",omitzero"`
	Named  string          `json:"named_1"`
	Quoted int64           `json:",string"`
	//lint:ignore SA5008 v2 takes `string` through pointers to pointers, and so must the engine
	QPtr **float32 `json:"qp,omitempty,string"`
	QNil *uint8    `json:",string"`
	//lint:ignore SA5008 v2 ignores options it does not know, and so must the engine
	Ignore string `json:",inline,other"`
	Case   string `json:",case:ignore"`
	Skip   string `json:"-"`
	unexp  int
	Deep   map[string][]any
}

func TestShapes(t *testing.T) {
	at := time.Date(2026, 12, 1, 11, 0, 0, 123456789, time.FixedZone("x", 5*3600+30*60))
	one := 1
	f32 := float32(1.5)
	f32p := &f32
	values := []any{
		nil, true, 0, -1, uint8(255), int64(math.MaxInt64), 1e21, 1e-7, float32(0.1), math.Copysign(0, -1), "",
		"a\"\\\b\f\n\r\t\x01\x1f\x7f<>&\u2028\u2029é😀", []byte{0, 1, 255}, []byte(nil), [0]int{},
		map[string]int{"b": 1, "a": 2, "": 3, "é": 4, "A": 5}, map[int]int{10: 1, 9: 2, -1: 3},
		[]string(nil), map[string]any(nil), (*int)(nil), &one, at, time.Time{},
		shapes{}, shapes{EmbeddedPtr: &EmbeddedPtr{}}, &shapes{
			Bool: true, Ints: [3]int8{-128, 0, 127}, Uint: math.MaxUint64, Ptr: 7, F32: 3.4e38, F64: 5e-324,
			Str: "x</script>", Bytes: []byte("hi"), M: map[string]*inner{"k": {A: 1}, "n": nil},
			IntKeys: map[int]string{3: "c", 20: "t"}, UKeys: map[uint16]bool{1: true}, Any: map[string]any{"z": []any{1.5, "s", nil}},
			Anys: []any{inner{}, &inner{B: "b"}, []int(nil), map[string]int{}}, Time: at, PTime: &at,
			PInner: &inner{A: -1}, Anon: struct{ X, Y float64 }{1, 2}, Embedded: Embedded{3, 4},
			EmbeddedPtr: &EmbeddedPtr{P1: "p", Embedded: &Embedded{5, 6}},
			OmitE3:      &one, OmitE4: 0, OmitZ: 1, OmitZT: at, Named: "n", Case: "c", unexp: 5, Quoted: -7, QPtr: &f32p,
			Deep: map[string][]any{"d": {map[string]any{"e": []any{}}}},
		},
		[2]byte{1, 2}, [0]byte{}, &[5]byte{0xff}, []namedByte{1, 2}, [2]namedByte{3}, []namedByte(nil),
		withMarshalerTo{}, &withMarshalerTo{}, []withMarshalerTo{{}}, map[string]any{"m": withMarshalerTo{}},
		struct {
			A [3]byte     `json:",omitzero"`
			B [0]byte     `json:",omitempty"`
			C []namedByte `json:",omitempty"`
			D [2][2]byte
		}{D: [2][2]byte{{1}, {2, 3}}},
	}
	for _, v := range values {
		if !check(t, v) {
			t.Errorf("Append left %#v to encoding/json/v2", v)
		}
	}
}

// namedByte is a byte of its own name: v2 writes its slices and arrays as
// numbers, not base64.
type namedByte byte

type withMarshalerTo struct{ A int }

func (withMarshalerTo) MarshalJSONTo(enc *jsontext.Encoder) error {
	return enc.WriteToken(jsontext.Int(1))
}

// silentMarshalerTo's method writes no value, which v2 reports.
type silentMarshalerTo struct{}

func (silentMarshalerTo) MarshalJSONTo(*jsontext.Encoder) error { return nil }

// TestLeftToV2 lists values that v2 writes by rules this package does not
// have, or refuses: Append must not write them.
func TestLeftToV2(t *testing.T) {
	ring := &struct{ Next any }{}
	ring.Next = ring
	values := []any{
		math.NaN(), math.Inf(1), "\xff", map[string]int{"\xff": 1}, time.Second,
		silentMarshalerTo{}, []silentMarshalerTo{{}}, map[string]any{"m": &silentMarshalerTo{}},
		struct {
			B bool `json:",string"`
		}{},
		struct {
			M jsontext.Value `json:",embed"`
		}{M: jsontext.Value(`{"a":1}`)}, struct {
			M map[textKey]int `json:",embed"`
		}{M: map[textKey]int{"a": 1}}, struct {
			A int
			M map[string]int `json:",embed"`
		}{M: map[string]int{"A": 1}}, struct {
			T time.Time `json:"t,format:unix"`
		}{}, map[bool]int{true: 1}, map[float64]int{1: 1}, map[time.Duration]int{time.Second: 1},
		time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC), time.Date(2000, 1, 1, 0, 0, 0, 0, time.FixedZone("h", 24*3600)),
		ring, make(chan int), func() {}, complex(1, 2), struct{ E error }{},
		struct {
			Q string `json:"'quoted-é\"</'"`
		}{}, struct {
			T string `json:"t,format:x"`
		}{},
	}
	for _, v := range values {
		if check(t, v) {
			t.Errorf("Append wrote %#v itself", v)
		}
	}
}

// TestStrings compares string quoting on hostile strings of every length
// around the vector and word sizes.
func TestStrings(t *testing.T) {
	gen := conformance.Strings()
	params := gopter.DefaultGenParameters()
	params.Rng = rand.New(rand.NewSource(56))
	for range 3000 {
		s, _ := gen(params).Retrieve()
		check(t, s)
	}
	base := "a\"\\\x00\x1f\x7f\u2028é😀\xff<>&/"
	for _, c := range base {
		for n := range 40 {
			s := strings.Repeat("x", n) + string(c) + strings.Repeat("y", n%7)
			check(t, s)
			check(t, map[string]string{s: s})
		}
	}
}

func FuzzStringV2(f *testing.F) {
	for _, s := range []string{"", "abc", "a\"\\\x00\x1f", "\u2028\u2029", "é😀", "\xff", "\xed\xa0\x80", strings.Repeat("x", 40) + "\n"} {
		f.Add(s)
	}
	f.Add(` {"a" : [1, "\u0041\/"]} `)
	f.Fuzz(func(t *testing.T, s string) {
		check(t, s)
		check(t, map[string]any{s: []any{s}})
		// As the text of methods: MarshalJSON's, rewritten as v2 does,
		// and MarshalText's, quoted, as a value and as a map key.
		check(t, rawJSON(s))
		check(t, map[text]rawJSON{text(s): rawJSON(s), "k": "0"})
	})
}

// TestTimes writes times at the edges of what RFC 3339 holds, in zones of
// whole minutes and of seconds, each as v2 writes it or leaves to v2 what
// v2 refuses.
func TestTimes(t *testing.T) {
	ny, err := time.LoadLocation("America/New_York")
	if err != nil {
		ny = time.FixedZone("EST", -5*3600)
	}
	zones := []*time.Location{time.UTC, time.Local, ny}
	for _, off := range []int{1, -1, 30, 59, 60, -60, 5*3600 + 30*60, -(9*3600 + 30*60), 23*3600 + 59*60, -(23*3600 + 59*60),
		23*3600 + 59*60 + 59, 24 * 3600, -24 * 3600, 25 * 3600} {
		zones = append(zones, time.FixedZone("z", off))
	}
	for _, year := range []int{-1, 0, 1, 1969, 1970, 2026, 9999, 10000} {
		for _, nsec := range []int{0, 1, 10, 100000000, 123456789, 999999999} {
			for _, loc := range zones {
				at := time.Date(year, 12, 31, 23, 59, 59, nsec, loc)
				v := struct {
					T time.Time
					P *time.Time
				}{at, &at}
				got, ok := encoder.AppendV2(nil, v, encoder.OptionsV2{})
				want, werr := stdMarshal(v)
				switch {
				case !ok && werr == nil:
					t.Errorf("Append left %v to encoding/json/v2, which writes %s", at, want)
				case ok && werr != nil:
					t.Errorf("Append(%v) wrote %s; encoding/json/v2 fails: %v", at, got, werr)
				case ok && string(got) != string(want):
					t.Errorf("Append(%v):\n got %s\nwant %s", at, got, want)
				}
			}
		}
	}
}

type nestPtrs struct{ K []*nestPtrs }

type nestVals struct{ K []nestVals }

type nestPtr struct{ P *nestPtr }

// TestDepthLimit nests values through each container that counts a level
// of depth here, past the depth where v2 starts to look for cycles: values
// nested less deeply are written as v2 writes them, deeper ones and cycles
// are left to v2.
func TestDepthLimit(t *testing.T) {
	ptrs := func(n int) any {
		v := &nestPtrs{}
		for range n {
			v = &nestPtrs{K: []*nestPtrs{nil, v}}
		}
		return v
	}
	vals := func(n int) any {
		v := nestVals{}
		for range n {
			v = nestVals{K: []nestVals{v}}
		}
		return v
	}
	ptr := func(n int) any {
		v := &nestPtr{}
		for range n {
			v = &nestPtr{P: v}
		}
		return v
	}
	for _, c := range []struct {
		name  string
		build func(int) any
		at    int // levels of the build at which values are left to v2
	}{{"slice of pointers", ptrs, 500}, {"slice of values", vals, 1001}, {"pointer", ptr, 1000}} {
		for _, n := range []int{c.at - 2, c.at - 1, c.at, c.at + 1} {
			if wrote := check(t, c.build(n)); wrote != (n < c.at) {
				t.Errorf("%s, %d levels: written here %v", c.name, n, wrote)
			}
		}
	}
	cyclePtrs := &nestPtrs{}
	cyclePtrs.K = []*nestPtrs{nil, cyclePtrs}
	cyclePtr := &nestPtr{}
	cyclePtr.P = cyclePtr
	for _, v := range []any{cyclePtrs, cyclePtr} {
		if check(t, v) {
			t.Errorf("the cycle %T was written here", v)
		}
	}
}

type namedString string

// TestLeafElements covers slices and arrays of every kind that the element
// loop writes itself, and the elements it must leave to v2.
func TestLeafElements(t *testing.T) {
	written := []any{
		[]string{"", "a", "<é>\u2028"}, []namedString{"n"}, [2]string{"x", "y"},
		[]int64{math.MinInt64, 0, math.MaxInt64}, []int{-1, 1}, [3]int32{math.MinInt32, 0, math.MaxInt32},
		[]uint64{0, math.MaxUint64}, []uint{7}, [1]uint32{math.MaxUint32},
		[]bool{true, false}, [2]float64{1.5, math.Copysign(0, -1)}, []float64{1e21, 1e-7, 5e-324},
		[][]float64{{1, 2}, nil, {}}, [0]float64{}, []float64{},
	}
	for _, v := range written {
		if !check(t, v) {
			t.Errorf("Append left %#v to encoding/json/v2", v)
		}
	}
	for _, v := range []any{
		[]string{"ok", "\xff"}, [2]string{"\xfe", ""}, []float64{1, math.NaN()},
		[2]float64{math.Inf(1), 0}, []float64{math.Inf(-1)},
	} {
		if check(t, v) {
			t.Errorf("Append wrote %#v, which v2 refuses", v)
		}
	}
}
