//go:build goexperiment.jsonv2 && go1.27

package encoder_test

import (
	"bytes"
	"encoding/json/jsontext"
	jsonv2 "encoding/json/v2"
	"errors"
	"fmt"
	"math"
	"math/rand"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/leanovate/gopter"

	"github.com/safejson/safejson/conformance"
	"github.com/safejson/safejson/internal/corpus"
	"github.com/safejson/safejson/internal/encoder"
	"github.com/safejson/safejson/internal/v2opts"
)

// check compares Append with encoding/json/v2's Marshal with Deterministic
// map order: where Append writes, it must write v2's bytes, and where v2
// fails, Append must leave the value to it. It reports whether Append wrote.
func check(t *testing.T, v any) bool {
	t.Helper()
	want, werr := stdMarshal(v)
	got, ok, panicked := engineAppend(v, true)
	switch {
	case panicked != nil:
		// A method panicked: v2 must have called it too, and let the
		// same panic through.
		if werr == nil || werr.Error() != fmt.Sprintf("panic: %v", panicked) {
			t.Errorf("Append(%#v) panicked with %v; encoding/json/v2 gives %s, %v", v, panicked, want, werr)
		}
		return true
	case !ok:
		return false
	case werr != nil:
		t.Errorf("Append(%#v) wrote %s; encoding/json/v2 fails: %v", v, got, werr)
	case string(got) != string(want):
		t.Errorf("Append(%#v):\n got %s\nwant %s", v, got, want)
	}
	// In the maps' own order: the same members.
	unsorted, ok, _ := engineAppend(v, false)
	if !ok {
		t.Errorf("Append(%#v) wrote it sorted but not in map order", v)
	} else if canonical(unsorted) != canonical(got) {
		t.Errorf("Append(%#v) in map order:\n got %s\nsorted %s", v, unsorted, got)
	}
	return true
}

// canonical is a JSON text with its object members sorted (RFC 8785).
func canonical(b []byte) string {
	v := jsontext.Value(bytes.Clone(b))
	if err := v.Canonicalize(); err != nil {
		return "invalid: " + err.Error()
	}
	return string(v)
}

// stdMarshal is encoding/json/v2's Marshal, with a panic (from the random
// values' marshalers) turned into an error.
func stdMarshal(v any) (out []byte, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	return jsonv2.Marshal(v, jsonv2.Deterministic(true))
}

// engineAppend is Append, with a panic (from a method) caught.
func engineAppend(v any, sorted bool) (out []byte, ok bool, panicked any) {
	defer func() { panicked = recover() }()
	var o encoder.OptionsV2
	if sorted {
		o.Flags = v2opts.Sorted
	}
	out, ok = encoder.AppendV2(nil, v, o)
	return out, ok, nil
}

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

// TestLeftToV2 lists values that v2 writes by rules this package does not
// have, or refuses: Append must not write them.
func TestLeftToV2(t *testing.T) {
	ring := &struct{ Next any }{}
	ring.Next = ring
	values := []any{
		math.NaN(), math.Inf(1), "\xff", map[string]int{"\xff": 1}, time.Second,
		withMarshalerTo{}, &withMarshalerTo{}, []withMarshalerTo{{}}, map[string]any{"m": withMarshalerTo{}},
		struct {
			B bool `json:",string"`
		}{},
		struct {
			M map[string]any `json:",embed"`
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

// TestRandomValues runs conformance's random types and values, with every
// tag option, marshalers and hostile strings, through both.
func TestRandomValues(t *testing.T) {
	cases, wrote := 2000, 0
	if testing.Short() {
		cases = 300
	}
	conformance.Draw(conformance.Values(), 12, cases, func(_ int, v any) {
		if check(t, v) {
			wrote++
		}
	})
	// The generator favours what this package leaves alone (marshalers,
	// `string` tags); a share too small would mean the test checks little.
	if wrote < cases/10 {
		t.Errorf("Append wrote only %d of %d random values", wrote, cases)
	}
	t.Logf("Append wrote %d of %d random values", wrote, cases)
}

func TestTypesOfRandomValues(t *testing.T) {
	conformance.Draw(conformance.Types(), 34, 300, func(_ int, typ any) {
		check(t, reflect.New(typ.(reflect.Type)).Elem().Interface())
	})
}

// TestCorpora checks the benchmark documents, typed and as any: Append
// must write all of them, as v2 does.
func TestCorpora(t *testing.T) {
	var values []any
	for _, c := range corpus.Typed() {
		v, err := corpus.DecodeTyped(c.Name)
		if err != nil {
			t.Fatal(err)
		}
		values = append(values, v)
	}
	for _, name := range []string{"twitter_status", "citm_catalog", "golang_source"} {
		v, err := corpus.DecodeAny(name)
		if err != nil {
			t.Fatal(err)
		}
		values = append(values, v)
	}
	for i, v := range values {
		if !check(t, v) {
			t.Errorf("Append left corpus value %d (%T) to encoding/json/v2", i, v)
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

// TestConcurrent marshals shared values from several goroutines, first use
// included: under -race it finds unsynchronized caches and scratch space;
// without it, one call's state leaking into another's output.
func TestConcurrent(t *testing.T) {
	type node struct {
		Name string
		Kids []*node         `json:",omitempty"`
		Attr map[uint16]any  `json:",omitzero"`
		At   time.Time       `json:",omitzero"`
		Tags map[string]bool `json:",omitempty"`
	}
	tree := &node{Name: "root", Attr: map[uint16]any{2: "b", 1: []any{1.5, map[string]any{"x": nil}}}}
	for i := range 50 {
		tree.Kids = append(tree.Kids, &node{Name: strings.Repeat("k", i), Tags: map[string]bool{"a": i%2 == 0, "b": true}})
	}
	values := []any{tree, map[string]any{"t": tree, "n": 1.0}, []map[int64]string{{3: "c", -1: "a"}}}
	want := make([]string, len(values))
	for i, v := range values {
		b, err := stdMarshal(v)
		if err != nil {
			t.Fatal(err)
		}
		want[i] = string(b)
	}
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Go(func() {
			for iter := range 40 {
				i := (g + iter) % len(values)
				got, ok := encoder.AppendV2(nil, values[i], encoder.OptionsV2{Flags: v2opts.Sorted})
				if !ok || string(got) != want[i] {
					t.Errorf("goroutine %d: Append(value %d) = %s, %v; want %s", g, i, got, ok, want[i])
					return
				}
			}
		})
	}
	wg.Wait()
}

// TestOmitZeroTimePointer: v2's omitzero calls IsZero through a non-nil
// *time.Time.
func TestOmitZeroTimePointer(t *testing.T) {
	zero, later := time.Time{}, time.Unix(1, 0).UTC()
	type times struct {
		P *time.Time `json:",omitzero"`
	}
	for _, v := range []times{{}, {&zero}, {&later}} {
		if !check(t, v) {
			t.Errorf("Append left %+v to encoding/json/v2", v)
		}
	}
}

// omitted has each kind of test omitempty and omitzero make before a
// member is written: one word's (strings, slices, pointers, interfaces),
// and the long way's (maps, omitzero, members behind embedded pointers).
type omitted struct {
	S   string           `json:",omitempty"`
	Sl  []int            `json:",omitempty"`
	P   *int             `json:",omitempty"`
	I   any              `json:",omitempty"`
	M   map[string]int   `json:",omitempty"`
	SZ  string           `json:",omitempty,omitzero"`
	MZ  map[string]int   `json:",omitempty,omitzero"`
	PZ  *[]int           `json:",omitzero"`
	Arr [0]int           `json:",omitempty"`
	Any map[string][]any `json:",omitempty"`
	*omittedEmbedded
}

type omittedEmbedded struct {
	ES  string `json:",omitempty"`
	EI  any    `json:",omitempty"`
	ESl []byte `json:",omitempty"`
	EN  int
}

// TestOmitTests writes each of omitted's members empty, and beside it
// holding a value that is or is not empty once written.
func TestOmitTests(t *testing.T) {
	one := 1
	empty := []int{}
	values := []omitted{
		{},
		{Sl: []int{}, I: "", M: map[string]int{}, MZ: map[string]int{}, PZ: &empty, Any: map[string][]any{},
			omittedEmbedded: &omittedEmbedded{EI: []any{}, ESl: []byte{}}},
		{S: "s", Sl: []int{0}, P: &one, I: 0, M: map[string]int{"": 0}, SZ: "z", MZ: map[string]int{"a": 1}, PZ: new([]int),
			Any: map[string][]any{"k": nil}, omittedEmbedded: &omittedEmbedded{ES: "e", EI: map[string]any{}, ESl: []byte{0}, EN: 1}},
		{I: (*int)(nil), omittedEmbedded: &omittedEmbedded{EI: nil}},
	}
	for _, v := range values {
		if !check(t, v) {
			t.Errorf("Append left %+v to encoding/json/v2", v)
		}
		if !check(t, &v) {
			t.Errorf("Append left &%+v to encoding/json/v2", v)
		}
	}
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

// groupDeep's members are behind a second embedded pointer, so that they
// form a group inside groupInner's; its s is shadowed by groupInner's.
type groupDeep struct {
	D1 int `json:"d1,omitempty"`
	D2 string
	D3 []int  `json:"d3,omitempty"`
	S  string `json:"s"`
}

// groupInner's members are left out when empty, so that a group of them
// can write nothing; Q is alone behind its embedded pointer.
type groupInner struct {
	S string    `json:"s,omitempty"`
	P *int      `json:"p,omitempty"`
	Z zeroIf    `json:"z,omitzero"`
	T time.Time `json:"t,omitzero"`
	F failIf    `json:"f,omitempty"`
	*groupDeep
	*single
}

type single struct{ Q int }

// failIf's MarshalJSON fails when it is true, and writes "" otherwise,
// which omitempty leaves out.
type failIf bool

func (f failIf) MarshalJSON() ([]byte, error) {
	if f {
		return nil, errors.New("no")
	}
	return []byte(`""`), nil
}

// allOmitted writes no member when its members are empty.
type allOmitted struct {
	A string            `json:",omitempty"`
	B []int             `json:",omitempty"`
	C int               `json:",omitzero"`
	E *struct{ N bool } `json:",omitzero"`
	O *struct {
		N string `json:",omitempty"`
	} `json:",omitempty"`
}

// groupOuter has members behind embedded pointers at its start, in its
// middle and at its end; its D2 shadows groupDeep's.
type groupOuter struct {
	*Embedded
	X int `json:"x,omitempty"`
	*groupInner
	D2 string `json:"D2,omitempty"`
	*allOmitted
}

// adjacent has groups behind different embedded pointers side by side.
type adjacent struct {
	*Embedded
	*allOmitted
	*groupInner
}

// TestEmbeddedGroups writes members reached through one embedded pointer,
// which the engine writes as one group, around nil pointers, empty
// members, nested groups, shadowed members and a method that fails.
func TestEmbeddedGroups(t *testing.T) {
	one := 1
	full := &groupInner{"s", &one, zeroIf{10}, time.Unix(1, 0).UTC(), false, &groupDeep{2, "d", []int{3}, "shadowed"}, &single{4}}
	emptyO := &struct {
		N string `json:",omitempty"`
	}{}
	cases := []struct {
		name   string
		v      any
		writes bool
	}{
		{"nil", groupOuter{}, true},
		{"nilAddressed", &groupOuter{X: 1}, true},
		{"set", groupOuter{&Embedded{1, 2}, 3, full, "outer", &allOmitted{"a", []int{4}, 5, &struct{ N bool }{}, &struct {
			N string `json:",omitempty"`
		}{"n"}}}, true},
		{"allOmitted", groupOuter{allOmitted: &allOmitted{B: []int{}, O: emptyO}}, true},
		{"onlyAllOmitted", struct{ *allOmitted }{&allOmitted{O: emptyO}}, true},
		{"onlyAllOmittedNil", struct{ *allOmitted }{}, true},
		{"innerEmpty", groupOuter{groupInner: &groupInner{Z: zeroIf{9}}}, true},
		{"deepEmpty", groupOuter{X: 1, groupInner: &groupInner{groupDeep: &groupDeep{}}}, true},
		{"deepOnly", struct{ *groupInner }{&groupInner{groupDeep: &groupDeep{D1: 1}, single: &single{}}}, true},
		{"singleOnly", struct{ *groupInner }{&groupInner{single: &single{5}}}, true},
		{"firstOmitted", struct {
			*groupInner
			Y int
		}{&groupInner{P: &one}, 2}, true},
		{"adjacentNil", adjacent{}, true},
		{"adjacentSet", adjacent{&Embedded{1, 2}, &allOmitted{C: 3}, full}, true},
		{"adjacentMiddleEmpty", &adjacent{&Embedded{}, &allOmitted{}, &groupInner{S: "s"}}, true},
		{"inSlice", []groupOuter{{}, {X: 1, groupInner: &groupInner{S: "a"}}, {Embedded: &Embedded{}}, {allOmitted: &allOmitted{}}}, true},
		{"inPtrSlice", []*groupOuter{{}, nil, {Embedded: &Embedded{1, 2}, groupInner: full}}, true},
		{"inMap", map[string]groupOuter{"a": {groupInner: full}, "b": {}}, true},
		{"failing", groupOuter{X: 1, groupInner: &groupInner{S: "s", F: true}}, false},
		{"failingDeep", []groupOuter{{groupInner: full}, {groupInner: &groupInner{F: true, groupDeep: &groupDeep{}}}}, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := check(t, c.v); got != c.writes {
				t.Errorf("Append wrote it: %v, want %v", got, c.writes)
			}
		})
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
