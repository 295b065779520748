//go:build goexperiment.jsonv2 && go1.27

package decoder_test

import (
	"encoding/json"
	jsonv2 "encoding/json/v2"
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/safejson/safejson/internal/decoder"
	"github.com/safejson/safejson/internal/v2opts"
)

// defaults is a struct of settings with values set before decoding, which
// the input overrides in part.
type defaults struct {
	Name    string
	Port    int
	Ratio   float64
	On      bool
	Since   time.Time
	N       json.Number
	Count   uint8 `json:"count,string"`
	Limit   *int32
	Nested  inner
	Opt     *inner
	Tags    []string
	Extra   map[string]int
	Any     any
	private int
	Embedded
	*Leaf
}

func i32(n int32) *int32 { return &n }

func newDefaults() *defaults {
	return &defaults{
		Name: "svc", Port: 8080, Ratio: 0.5, On: true, Since: time.Date(2001, 2, 3, 4, 5, 6, 7, time.UTC),
		N: "12", Count: 3, Limit: i32(9), Nested: inner{A: 1, B: "b"}, Opt: &inner{A: 2},
		Embedded: Embedded{E1: 4}, Leaf: &Leaf{A: 5, B: "leaf"},
	}
}

// mergeTargets are targets that are not zero, all of which the preset
// merges into, and, at the end, leftTargets.
var mergeTargets = slices.Concat(mergedTargets, leftTargets)

var mergedTargets = []func() any{
	func() any { return newDefaults() },
	func() any { d := newDefaults(); return &d },
	func() any { return &defaults{Opt: &inner{}} },
	func() any {
		return &shapes{Bool: true, Uint: 3, S: "s", Ptr: &inner{A: 1, B: "x"}, When: time.Unix(1, 2).UTC(), Strict: 4, Skipped: 5}
	},
	func() any { s := &shapes{F64: 1, Ptr: &inner{}}; return &s },
	func() any { n := 7; p := &n; return &p },
	func() any { n := 7; p := &n; return &struct{ P **int }{&p} },
	func() any { n := 7; p := &n; return &quotedDeep{P: &p, R: 2} },
	func() any { u := uint16(5); return &quotedNums{I: 1, U: &u, F: 2, G: 3} },
	func() any {
		return &embedsPointers{Embedded: &Embedded{E1: 1, E2: 2}, Deep: &Deep{Leaf: &Leaf{A: 3}, D: 4}, Own: 5}
	},
	func() any { return &embedsPointers{Deep: &Deep{D: 4}} },
	func() any {
		return &folding{FirstName: "f", ID: 1, foldingEmbedded: foldingEmbedded{Last_Name: "l", Extra: true}}
	},
	func() any {
		return &standardTypes{N: "1.5", Np: func() *json.Number { n := json.Number("2"); return &n }()}
	},
	func() any { t := time.Unix(5, 6).UTC(); return &t },
	func() any { n := int8(-3); return &n },
	func() any { f := float32(1.5); return &f },
	func() any { s := "kept"; return &s },
	func() any { b := true; return &b },
	func() any { return &bigStruct{F3: 3, F11: 11, Name: "big"} },
	func() any { l := &longNode{Name: "l", N: 1}; return &l },
	func() any { a := &aliased{N: 1, A: inner{A: 2}}; a.P = &a.A; return a },
	func() any { return &withMethods{PR: new(rawText), PU: new(upper), T: time.Unix(9, 0).UTC()} },
	func() any { return &defaults{Name: "x", Tags: []string{"a"}} },
	func() any { return &shapes{Ints: [3]int8{1}} },
	func() any { return &[2]inner{{A: 1, B: "b"}, {A: 2}} },
	func() any { return &defaults{Port: 1, Extra: map[string]int{"a": 1, "k": 2}} },
	func() any { return &map[string]inner{"a": {A: 1, B: "b"}, "c": {A: 3}} },
	func() any { return &struct{ M map[int16]string }{M: map[int16]string{0: "zero", 5: "five"}} },
	func() any { return &map[string]any{"a": 1.0} },
	func() any { return &defaults{On: true, Any: "held"} },
	func() any { return &defaults{Any: map[string]any{"k": "v", "n": 1.0, "m": map[string]any{"b": true}}} },
	func() any { return &defaults{Any: append(make([]any, 0, 3), 1.0, "s")} },
	func() any { var a any = map[string]any{"Name": "in any", "Port": []any{1.0}}; return &a },
	func() any { return &struct{ M map[string]any }{M: map[string]any{"k": "v", "l": []any{true}}} },
	func() any { return &struct{ B []byte }{B: []byte{1}} },
	func() any { return &struct{ B [2]byte }{B: [2]byte{1}} },
	func() any { return &struct{ B *[3]byte }{B: &[3]byte{1, 2, 3}} },
	func() any { return &struct{ M map[string]*inner }{M: map[string]*inner{"a": {A: 1}, "n": nil}} },
	func() any { return &map[string][]int{"a": append(make([]int, 0, 4), 1), "b": {2, 3}} },
	func() any { return &map[string]map[string]int{"a": {"x": 1}, "b": nil} },
	func() any { return &map[string]defaults{"a": *newDefaults()} },
	func() any { type tree struct{ Kids map[string]*tree }; return &tree{map[string]*tree{"a": {}}} },
	func() any { return &defaults{Any: 1} }, // interfaces holding what v2 never decodes into one
	func() any { return &defaults{Any: &inner{A: 1}} },
	func() any { return &defaults{Any: map[string]any{"m": map[string]int{"a": 1}}} },
	func() any { return &defaults{Any: inner{A: 1, B: "b"}} },
	func() any { return &defaults{Any: []*inner{{A: 1}, nil}} },
	func() any { return &embedsInts{T: "t", Rest: map[string]int{"r": 1}} },
	func() any {
		return &embedsMap{T: "t", M: map[string]any{"k": "v", "n": 1.0, "p": &inner{A: 1}, "z": nil}}
	},
	func() any { return &embedsPtrMap{A: 1, M: &map[string]int{"a": 1}} },
	func() any { t := text("t"); return &withText{T: t} }, // values with methods, called on them
	func() any { return &defaults{Any: text("t")} },
	func() any { return &withTallies{T: tally{N: 2, Last: "x"}, A: "a", P: &tally{N: 5}} },
	func() any { return &[]tally{{N: 1}, {N: 2}} },
	func() any { return &withShape{Sh: square{S: 2}} }, // interfaces with methods
	func() any { return &withShape{Sh: &circle{R: 1}, Name: "c"} },
	func() any { return &withShape{Name: "nil"} },
	func() any { return &embedsNamed{N: 1, M: map[embedKey]inner{"a": {A: 1, B: "b"}}} },
	func() any { return &embedsMapBehind{EmbedsMap: &EmbedsMap{T: "t", M: map[string]any{"a": []any{1.0}}}} },
}

// leftTargets are targets that are not zero which the preset leaves to
// v2: parts that v2 would merge into otherwise.
var leftTargets = []func() any{
	func() any { return &defaults{Any: time.Duration(1)} }, // ... or one v2 has no default form for
	func() any { in := &inner{}; return &struct{ A, B any }{in, in} },
	func() any { m := map[string]any{"a": 1.0}; return &struct{ A, B any }{m, m} }, // one map in two places
	func() any { return &defaults{Opt: &inner{}, private: 1} },
	func() any { n := 1; return &struct{ C countingPtr }{countingPtr{&n}} }, // a method value holding a pointer
	func() any { type node struct{ Next *node }; n := &node{}; n.Next = n; return n },
	func() any { in := &inner{A: 1}; return &struct{ P, Q *inner }{in, in} },
	func() any { type tree map[string]tree; return &tree{"a": nil} }, // refers back to itself as a map
}

// aliased holds a pointer to one of its own fields.
type aliased struct {
	N int
	A inner
	P *inner
}

// mergeInputs set fields of the targets, null them, and fail partway.
var mergeInputs = []string{
	`{"Name":"in","Port":1,"Opt":{"b":"new"},"Nested":{"A":9},"E2":3,"A":6,"Limit":10}`,
	`{"Name":null,"Port":null,"Ratio":null,"On":null,"Since":null,"N":null,"count":null,"Limit":null,"Nested":null,"Opt":null}`,
	`{"Leaf":null,"Embedded":null,"A":null,"b":null,"E1":null}`, `{"Opt":{"A":null},"Nested":{"b":null}}`,
	`{"Since":"2020-02-29T23:59:59Z","N":"3e4","count":"255","Tags":["t"],"Extra":{"k":1},"Any":[1]}`,
	`{"count":"256"}`, `{"count":256}`, `{"Port":"x"}`, `{"Opt":{"A":1},"Opt":{"A":2}}`, `{"Opt":{"A":"x"}}`,
	`{"Name":"in","Since":"bad"}`, `{"Limit":1e10}`, `{"Nested":{"A":1},"x":1,"x":2}`, `{"NAME":"upper"}`,
	`{"Bool":false,"Ptr":{"A":null},"When":null,"Slice":[{}],"Map":{"a":1},"Any":{}}`, `{"Ptr":null}`, `{"Ptr":{}}`,
	`{"P":null}`, `{"P":5}`, `{"P":"5"}`, `{"P":"null"}`, `{"I":null,"U":null,"F":null,"g":null}`, `{"U":"8"}`,
	`{"I":"1","U":"x"}`, `{"D":null,"Leaf":{"b":"b"}}`, `{"Deep":null}`, `{"E1":null,"Own":null}`, `{"A":7,"D":8}`,
	`{"Embedded":{"E1":1}}`, `{"first_name":"x","Extra":false}`, `{"Last_Name":null}`,
	`{"N":null,"Np":null}`, `{"Np":"3"}`, `{"Np":1}`, `{"Name":"n","Kids":[{"Name":"k"}],"T":null}`, `{"Next":null}`,
	`{"F3":null,"F11":1,"Name":null}`, `{"P":{"A":5},"A":{"b":"x"}}`, `{"A":null,"P":{"b":"y"}}`,
	`{"P":null,"A":{"A":3}}`, `{"P":{"A":5},"N":"x"}`, `{"PR":"x","PU":"y","T":null}`, `{"PR":null,"PU":null}`,
	`{"PR":"bad"}`, `{"PU":"bad"}`, `{"PU":1}`, `{"R":[1, 2],"PR":{"a" : 1}}`,
	`{"Extra":{"a":1,"a":2}}`, `{"Extra":{"k":1,"a":"x"}}`, `{"Extra":{"n":1},"Port":"x"}`, `{"a":{"A":"bad"},"c":null}`,
	`{"M":{"0":"a","-0":"b"}}`, `{"M":{"5":null,"x":"y"}}`, `{"r":2,"T":"u","new":3}`, `{"a":{"b":"y"},"a":{}}`,
	`{"Any":{"k":"w","n":2,"m":{"b":false,"c":null},"new":[1]}}`, `{"Any":{"k":1}}`, `{"Any":{"n":"2"}}`,
	`{"Any":{"m":[]}}`, `{"Any":[true,"x",3,4]}`, `{"Any":"str"}`, `{"Any":null}`, `{"Any":{"k":null,"k":"x"}}`,
	`{"Name":"top","Port":[2,3]}`, `{"Port":{}}`, `{"a":2,"b":{}}`, `{"a":"x"}`, `{"M":{"k":"w","l":[false,1]}}`,
	`{"M":{"l":{}}}`, `{"M":{"k":true}}`, `{"A":{"a":2}}`, `{"Name":`, `{"M":{"k":`, `{"a":`,
	`{"B":"CQgH"}`, `{"B":"CQg="}`, `{"B":""}`, `{"B":null}`, `{"B":"CQ"}`, `{"B":[1,2]}`, `{"B":"CQgH","B":"CQ=="}`,
	`{"M":{"a":{"b":"x"},"n":{"A":2},"c":{}}}`, `{"M":{"a":null}}`, `{"M":{"a":{"A":"x"}}}`, `{"a":[5],"b":[6,7,8]}`,
	`{"a":null,"b":[]}`, `{"a":[1,"x"]}`, `{"a":{"x":2,"y":3},"b":{"z":4}}`, `{"a":{"x":null}}`, `{"a":{"x":"s"}}`,
	`{"a":{"Opt":{"b":"o"},"Tags":["t"],"Extra":{"k":2},"Limit":3}}`, `{"a":{"Opt":null,"Leaf":{"A":1}}}`,
	`{"Any":2}`, `{"Any":2.5}`, `{"Any":"2"}`, `{"Any":{"b":"x"}}`, `{"Any":{"A":"x"}}`, `{"Any":{"m":{"a":2,"b":3}}}`,
	`{"Any":{"m":{"a":"x"}}}`, `{"Any":[{"b":"y"},{"A":4},{}]}`, `{"Any":[null,{"A":1}]}`, `{"Any":[{"A":[]}]}`,
	`{"Any":{"b":"z","A":"x"}}`, `{"Any":[{"A":7},{"A":"x"}]}`, `{"Any":{"m":{"b":2},"n":"x"}}`,
	`{"T":"u"}`, `{"T":null}`, `{"T":1}`, `{"T":{"N":1},"A":"b","P":[1]}`, `{"T":null,"A":null,"P":null}`,
	`{"A":"c","T":"bad"}`, `{"P":"bad","A":"d"}`, `[1,"x",null]`, `["bad"]`, `{"C":1}`, `{"Any":"u"}`,
	`{"Sh":{"S":3}}`, `{"Sh":{"R":2},"Name":"n"}`, `{"Sh":null}`, `{"Sh":1}`, `{"Name":"x","Sh":{"S":"x"}}`, `{"Sh":{}}`,
	`{"T":"u","r":2,"s":3}`, `{"r":null}`, `{"r":"x"}`, `{"k":"w","n":2,"new":true,"p":{"b":"x"},"z":{}}`,
	`{"k":1}`, `{"n":"x"}`, `{"p":{"A":2,"b":1}}`, `{"k":null,"p":null}`, `{"a":{"b":"c"},"d":{"A":5}}`, `{"a":{"A":"x"}}`,
}

// embedsInts has an `embed` map of integers, which v2 fills by rules of
// its own.
type embedsInts struct {
	T    string
	Rest map[string]int `json:",embed"`
}

// TestMergeV2 decodes into targets that are not zero, against v2.
func TestMergeV2(t *testing.T) {
	checkAll(t, mergeInputs, mergeTargets)
	checkAll(t, inputs, mergeTargets)
}

// TestMergesV2 holds UnmarshalV2 to taking the common targets that are not
// zero, and to leaving the others to v2.
func TestMergesV2(t *testing.T) {
	checkTaken(t, []taken{
		{mergeInputs[0], mergeTargets[0], 0},
		{mergeInputs[1], mergeTargets[0], 0},
		{mergeInputs[2], mergeTargets[0], 0},
		{mergeInputs[4], mergeTargets[0], 0},
		{mergeInputs[0], mergeTargets[1], 0},
		{`null`, mergeTargets[1], 0},
		{`{"NAME":"upper","opt":{"B":"x"}}`, mergeTargets[0], v2opts.MatchCase},
		{`{"Port":"1","count":"2","Limit":"3"}`, mergeTargets[0], v2opts.Stringify},
		{`{"Ptr":{"A":2},"Map":{"a":1},"Any":[1]}`, mergeTargets[3], 0},
		{`5`, mergeTargets[5], 0},
		{`{"P":"5"}`, mergeTargets[7], 0},
		{`{"U":"8","I":null}`, mergeTargets[8], 0},
		{`{"A":7,"E1":null}`, mergeTargets[9], 0},
		{`{"first_name":"x","Extra":false}`, mergeTargets[11], 0},
		{`{"N":null,"Np":"3"}`, mergeTargets[12], 0},
		{`"2020-02-29T23:59:59Z"`, mergeTargets[13], 0},
		{`null`, mergeTargets[16], 0},
		{`{"P":{"A":5},"A":{"b":"x"}}`, mergeTargets[20], 0},
		{`{"PR":"x","PU":"y","T":null}`, mergeTargets[21], 0},
		{`{"PR":null,"PU":null}`, mergeTargets[21], 0},
		{`{"Tags":["t","u"],"Name":"n"}`, mergeTargets[22], 0},
		{`{"Tags":null}`, mergeTargets[22], 0},
		{`{"Ints":[4,5,6]}`, mergeTargets[23], 0},
		{`{"Ints":null,"S":"s"}`, mergeTargets[23], 0},
		{`[{"b":"x"},{"A":3}]`, mergeTargets[24], 0},
		{`null`, mergeTargets[24], 0},
		{`{"Extra":{"k":3,"n":4},"Port":2}`, mergeTargets[25], 0},
		{`{"Extra":null}`, mergeTargets[25], 0},
		{`{"Extra":{}}`, mergeTargets[25], 0},
		{`{"a":{"b":"x"},"n":{"A":4}}`, mergeTargets[26], 0},
		{`{"M":{"-0":"minus","7":"seven"}}`, mergeTargets[27], 0},
	})
	for _, nt := range mergedTargets {
		if !decoder.TakesV2(nt(), decoder.OptionsV2{}) {
			t.Errorf("UnmarshalV2 leaves %#v", nt())
		}
	}
	for _, nt := range leftTargets {
		if decoder.TakesV2(nt(), decoder.OptionsV2{}) || decoder.UnmarshalV2([]byte(`{}`), nt(), decoder.OptionsV2{}) {
			t.Errorf("UnmarshalV2 takes %#v", nt())
		}
	}
}

// BenchmarkMergeV2 decodes a document of settings into a filled defaults
// value, and into a zero one, on the preset and on encoding/json/v2.
func BenchmarkMergeV2(b *testing.B) {
	doc := []byte(`{"Name":"api","Port":9000,"On":false,"Since":"2020-02-29T23:59:59Z","count":"7","Limit":100,"Nested":{"A":2},"Opt":{"b":"x"}}`)
	for _, c := range []struct {
		name   string
		target func() *defaults
	}{{"filled", newDefaults}, {"zero", func() *defaults { return new(defaults) }}} {
		b.Run("preset/"+c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if !decoder.UnmarshalV2(doc, c.target(), decoder.OptionsV2{}) {
					b.Fatal("left to v2")
				}
			}
		})
		b.Run("v2/"+c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if err := jsonv2.Unmarshal(doc, c.target()); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// sliceTarget is a target holding non-nil slices, and views of their
// arrays to their capacities, taken before the call: v2 decodes into those
// arrays, and what they hold after it, past the slices' lengths too, is
// part of what a program can see.
type sliceTarget struct {
	target any
	views  []any
	// self says the target held selfRefs: where their methods ran is
	// compared too (in a zero slice, elements decode where the preset
	// puts them, not where v2's growth does).
	self bool
}

type withSlices struct {
	Bytes []byte
	S     []inner
	P     *[]string
	N     [][]int
	Ptrs  []*inner
	Other []inner
	Self  []selfRef
}

// selfRef's method keeps where it decoded: v2 calls it on the element in
// the slice's own array.
type selfRef struct {
	At *selfRef `json:"-"`
	N  int
}

func (r *selfRef) UnmarshalJSON(b []byte) error {
	r.At = r
	return jsonv2.Unmarshal(b, &r.N)
}

// sliceTargets build targets whose slices have room past their lengths,
// hold values there, share an array, or nest.
var sliceTargets = []func() sliceTarget{
	func() sliceTarget {
		arr := []byte{1, 2, 3, 4}
		return sliceTarget{target: &withSlices{Bytes: arr[:1]}, views: []any{arr}}
	},
	func() sliceTarget {
		arr := []byte{1, 2, 3, 4}
		s := arr[:0]
		return sliceTarget{target: &s, views: []any{arr}}
	},
	func() sliceTarget {
		arr := []inner{{A: 1}, {A: 2, B: "past"}, {A: 3}}
		return sliceTarget{target: &withSlices{S: arr[:1]}, views: []any{arr}}
	},
	func() sliceTarget {
		arr := []int{1, 2, 3, 4}
		s := arr[:2]
		return sliceTarget{target: &s, views: []any{arr}}
	},
	func() sliceTarget {
		arr := []string{"a", "b"}
		s := arr[:1]
		inners := []inner{{A: 9}}
		return sliceTarget{target: &withSlices{P: &s, S: inners, Other: inners}, views: []any{arr, inners}}
	},
	func() sliceTarget {
		in0, in1 := []int{1, 2}, []int{3}
		outer := [][]int{in0, in1}
		ptrs := []*inner{{A: 1}, nil}
		return sliceTarget{target: &withSlices{N: outer[:1], Ptrs: ptrs}, views: []any{outer, in0, in1, ptrs}}
	},
	func() sliceTarget {
		arr := make([]inner, 0, 2)
		return sliceTarget{target: &withSlices{S: arr, Other: []inner{{A: 4}}}, views: []any{arr[:2]}}
	},
	func() sliceTarget {
		arr := make([]selfRef, 1, 3)
		return sliceTarget{target: &withSlices{Self: arr}, views: []any{arr[:3]}, self: true}
	},
}

// TestMergeSlicesV2 decodes into targets with non-nil slices, against v2:
// the values, whether each slice still uses the array it had, and what
// the arrays hold, to their capacities. Where the preset leaves a call to
// v2, the target and the arrays must be as they were.
func TestMergeSlicesV2(t *testing.T) {
	for _, in := range sliceInputs {
		checkSlices(t, in)
	}
}

var sliceInputs = []string{
	`{"S":[{"b":"x"},{"A":2}]}`, `{"S":[{},{},{},{},{"A":5}]}`, `{"S":null}`, `{"S":[]}`,
	`{"S":[{"A":1},{"A":"x"}]}`, `{"S":[{"A":1}],"Other":[{"b":"o"}]}`, `{"Other":[{"A":7}],"S":[{"b":"s"}]}`,
	`{"P":["x","y","z"]}`, `{"P":["x"]}`, `{"P":null}`, `{"N":[[5],[6,7],[]],"Ptrs":[{"b":"p"},null,{}]}`,
	`{"N":[[1,"x"]]}`, `{"Ptrs":[{"A":1}]}`, `[5,6]`, `[5,6,7,8,9]`, `null`, `[]`, `[1,"x"]`, `{"S":[{"A":1}],"x":1,"x":2}`,
	`{"Self":[1,2]}`, `{"Self":[1,2,3,4]}`, `{"Self":[1,"x"]}`,
	// Base64 text into bytes: within the array, past it, empty, null and
	// bad text (cut, unpadded, with a line break), and alone.
	`{"Bytes":"CQgH"}`, `{"Bytes":"CQgHBgU="}`, `{"Bytes":""}`, `{"Bytes":null}`, `{"Bytes":"CQ=="}`,
	`{"Bytes":"CQ"}`, `{"Bytes":"CQgH\nBg=="}`, `{"Bytes":"CQgHBgUE","S":[{"A":"x"}]}`, `{"Bytes":5}`,
	`"CQgH"`, `"CQgHBgU="`, `""`, `"C"`,
}

// checkSlices decodes in into each of sliceTargets as TestMergeSlicesV2
// says.
func checkSlices(t *testing.T, in string) {
	t.Helper()
	for i, build := range sliceTargets {
		want, got := build(), build()
		werr := stdUnmarshal([]byte(in), want.target)
		if !decoder.UnmarshalV2([]byte(in), got.target, decoder.OptionsV2{}) {
			fresh := build()
			if !reflect.DeepEqual(got.target, fresh.target) || !reflect.DeepEqual(got.views, fresh.views) {
				t.Errorf("Unmarshal(%q, target %d) declined but left %+v, arrays %+v", in, i, got.target, got.views)
			}
			stdUnmarshal([]byte(in), got.target)
		} else if werr != nil {
			t.Errorf("Unmarshal(%q, target %d) decoded it; encoding/json/v2 fails: %v", in, i, werr)
			continue
		}
		if !reflect.DeepEqual(got.target, want.target) || !reflect.DeepEqual(got.views, want.views) || !slices.Equal(arraysOf(got), arraysOf(want)) {
			t.Errorf("Unmarshal(%q, target %d):\n got %+v, arrays %+v, in place %v\nwant %+v, arrays %+v, in place %v",
				in, i, got.target, got.views, arraysOf(got), want.target, want.views, arraysOf(want))
		}
	}
}

// arraysOf says, for each slice in the target's struct (or the target, a
// slice), whether it starts where one of its views did, and for each
// selfRef of a target that had them, whether its method ran where the
// element is.
func arraysOf(st sliceTarget) []bool {
	var starts []uintptr
	for _, v := range st.views {
		starts = append(starts, reflect.ValueOf(v).Pointer())
	}
	var in []bool
	v := reflect.ValueOf(st.target).Elem()
	if v.Kind() == reflect.Slice {
		return []bool{slices.Contains(starts, v.Pointer())}
	}
	for i := range v.NumField() {
		f := v.Field(i)
		if f.Kind() == reflect.Pointer && !f.IsNil() {
			f = f.Elem()
		}
		if f.Kind() == reflect.Slice && f.Len() > 0 {
			in = append(in, slices.Contains(starts, f.Pointer()))
		}
		if rs, ok := f.Interface().([]selfRef); ok && st.self {
			for i := range rs {
				in = append(in, rs[i].At == &rs[i])
			}
		}
	}
	return in
}

// TestMergeAnyInPlaceV2 holds the maps and arrays that an interface in the
// target reaches to what v2 leaves in them: v2 decodes into a map an
// interface holds in place, and into a slice's array up to its capacity,
// so a program that holds them sees it. Failures partway are put back.
func TestMergeAnyInPlaceV2(t *testing.T) {
	type held struct {
		target     *defaults
		top, inner map[string]any
		array      []any
	}
	mk := func() held {
		inner := map[string]any{"b": true, "s": "x"}
		array := append(make([]any, 0, 4), 1.0, "a")
		top := map[string]any{"m": inner, "l": array, "n": 2.0}
		return held{&defaults{Name: "kept", Any: top}, top, inner, array[:4]}
	}
	for _, in := range []string{
		`{"Any":{"m":{"b":false,"c":[1]},"l":[true,"y",3],"n":5,"new":{}}}`,
		`{"Any":{"l":[1,2,3,4,5,6]}}`, `{"Any":{"m":null,"l":null}}`, `{"Any":{"l":[]}}`,
		`{"Any":{"m":{"b":"no"}}}`, `{"Any":{"m":{"s":1}}}`, `{"Any":{"n":2,"n":3}}`, `{"Any":{"m":{"b":true},"l":[1,{"x":[}]}}`,
		`{"Any":null}`, `{"Any":[1]}`, `{"Name":1,"Any":{"m":{}}}`,
		// Cut short where a value of the held kind should start.
		`{"Any":{"n":`, `{"Any":{"m":{"b":`, `{"Any":{"m":{"s":`, `{"Any":{"n":"`, `{"Any":{"m":{"s":1`,
	} {
		want, got := mk(), mk()
		checkInPlace(t, in, want.target, got.target, []heldView{
			{"top map", want.top, got.top}, {"inner map", want.inner, got.inner}, {"array", want.array, got.array},
		})
	}
	if !decoder.UnmarshalV2([]byte(`{"Any":{"m":{"b":false}}}`), mk().target, decoder.OptionsV2{}) {
		t.Error("UnmarshalV2 left an interface holding a map to v2")
	}
}

// TestMergeMapValuesInPlaceV2 holds what a target's map values point to,
// the arrays of its slices and its inner maps to what v2 leaves in them:
// v2 decodes into a copy of a member's value, which shares them. Failures
// partway are put back.
func TestMergeMapValuesInPlaceV2(t *testing.T) {
	type target struct {
		P map[string]*inner
		T map[string]*tally
		S map[string][]int
		M map[string]map[string]int
	}
	type held struct {
		target *target
		in     *inner
		tally  *tally
		array  []int
		inner  map[string]int
	}
	mk := func() held {
		in, tl, array, m := &inner{A: 1, B: "b"}, &tally{N: 1}, []int{1, 2, 3}, map[string]int{"x": 1}
		return held{&target{P: map[string]*inner{"p": in}, T: map[string]*tally{"t": tl}, S: map[string][]int{"s": array[:1]},
			M: map[string]map[string]int{"m": m}}, in, tl, array, m}
	}
	// A tally counts the calls of its method: one made before a failure
	// partway must be undone before v2 makes its own.
	for _, in := range []string{
		`{"P":{"p":{"A":2}},"S":{"s":[7,8]},"M":{"m":{"y":2}}}`, `{"S":{"s":[1,2,3,4,5]}}`, `{"P":{"p":null},"S":{"s":null},"M":{"m":null}}`,
		`{"P":{"p":{"b":"c"}},"S":{"s":[9,"x"]}}`, `{"M":{"m":{"x":5}},"P":{"p":{"A":"x"}}}`, `{"P":{"p":{},"p":{}}}`,
		`{"S":{"s":[4]},"M":{"m":{"x":`, `{"P":{"q":{"A":3}}}`, `{"T":{"t":1}}`, `{"T":{"t":2},"S":{"s":[9,"x"]}}`,
		`{"T":{"t":null,"u":3}}`, `{"M":{"m":{"z":1}},"T":{"t":"bad"}}`,
	} {
		want, got := mk(), mk()
		checkInPlace(t, in, want.target, got.target, []heldView{
			{"pointee", want.in, got.in}, {"tally", want.tally, got.tally}, {"array", want.array, got.array},
			{"inner map", want.inner, got.inner},
		})
	}
	if !decoder.UnmarshalV2([]byte(`{"P":{"p":{"A":2}},"S":{"s":[7]}}`), mk().target, decoder.OptionsV2{}) {
		t.Error("UnmarshalV2 left maps of pointers and slices to v2")
	}
}

// heldView is something a target reaches that a program may hold on to,
// in the target v2 decodes into and in the one the preset does.
type heldView struct {
	name      string
	want, got any
}

// checkInPlace decodes in into want, by v2, and into got, an equal target,
// by the preset (and by v2 again where the preset leaves it, with got as
// it was), and compares the targets and the views.
func checkInPlace(t *testing.T, in string, want, got any, views []heldView) {
	t.Helper()
	werr := jsonv2.Unmarshal([]byte(in), want)
	if !decoder.UnmarshalV2([]byte(in), got, decoder.OptionsV2{}) {
		if err := jsonv2.Unmarshal([]byte(in), got); (err == nil) != (werr == nil) {
			t.Fatalf("%s: v2's second run: %v, first %v", in, err, werr)
		}
	} else if werr != nil {
		t.Errorf("%s: decoded, where v2 fails: %v", in, werr)
	}
	for _, c := range append([]heldView{{"target", want, got}}, views...) {
		if !reflect.DeepEqual(c.want, c.got) {
			t.Errorf("%s: the %s:\n got %#v\nwant %#v", in, c.name, c.got, c.want)
		}
	}
}

// tally's UnmarshalJSON counts its calls into the value it is called on,
// and fails on "bad": merged into, it shows that v2 calls it on the value
// there.
type tally struct {
	N    int
	Last string
}

func (t *tally) UnmarshalJSON(b []byte) error {
	if strings.Contains(string(b), "bad") {
		return errors.New("bad")
	}
	t.N++
	t.Last = string(b)
	return nil
}

// appendText's UnmarshalText appends to the value it is called on.
type appendText string

func (a *appendText) UnmarshalText(b []byte) error {
	if string(b) == "bad" {
		return errors.New("bad")
	}
	*a += appendText(b)
	return nil
}

type withTallies struct {
	T tally
	A appendText
	P *tally
}

// countingPtr's method writes through the pointer it holds, which putting
// its place back would not undo: a target holding a non-zero one is left
// to v2.
type countingPtr struct{ P *int }

func (c *countingPtr) UnmarshalJSON([]byte) error {
	if c.P != nil {
		*c.P++
	}
	return nil
}

// shape is an interface with a method: v2 decodes into a copy of what one
// holds, and fails on a nil one.
type shape interface{ Area() float64 }

type square struct{ S float64 }

func (s square) Area() float64 { return s.S * s.S }

type circle struct{ R float64 }

func (c *circle) Area() float64 { return 3 * c.R * c.R }

type withShape struct {
	Name string
	Sh   shape
}
