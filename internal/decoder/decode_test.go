package decoder

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/safejson/safejson/internal/jsontest"
)

// targets make destinations of many types; some come pre-filled, since
// decoding merges into what is there.
var targets = map[string]func() any{
	"any":   func() any { return new(any) },
	"map":   func() any { return new(map[string]any) },
	"slice": func() any { return new([]any) },
	"ints":  func() any { return new([]int) },
	"all":   func() any { return new(All) },
	"allFilled": func() any {
		n := 7
		return &All{I: 1, S: "s", Sl: []int{9, 9, 9, 9}, M: map[string]int{"o": 1}, P: &n, A: &n, SS: make([]Inner, 1, 4)}
	},
	"deep":       func() any { return new(Deep) },
	"deepFilled": func() any { return &Deep{Ptr: &Ptr{P: 5}} },
	"fold":       func() any { return new(Fold) },
	"rec":        func() any { return new(Recursive) },
	"small":      func() any { return new(Small) },
	"string":     func() any { return new(string) },
	"number":     func() any { return new(json.Number) },
	"raw":        func() any { return new(json.RawMessage) },
	"array":      func() any { return new([2]int) },
	"bytes":      func() any { return new([]byte) },
	"ptrPtr":     func() any { return new(*int) },
	"text":       func() any { return new(textVal) },
	"textPtr":    func() any { return new(*textVal) },
	"json":       func() any { return new(jsonVal) },
	"stringer":   func() any { return new(interface{ String() string }) },
	"anyPtr":     func() any { var x any = new(int); return &x },
	"anyPtrPtr":  func() any { n := 3; p := &n; var x any = &p; return &x },
	"anyText":    func() any { var x any = &textVal{}; return &x },
	"anySelf":    func() any { var x any; x = &x; return &x },
	"anyStruct":  func() any { var x any = &Inner{X: 4}; return &x },
	"mapText":    func() any { return new(map[textKey]string) },
	"deferred":   func() any { return new(deferRecord) },
	"mapped":     func() any { return new(mapped) },
	"mapInt":     func() any { return new(map[int8]any) },
	"mapStr":     func() any { return &map[string]string{"a": "old", "k": "old"} },
	"mapAny":     func() any { return &map[string]any{"a": "old", "x": 1.0} },
	"sliceSmall": func() any { s := []Small{{ID: 1, Name: "keep"}}; return &s },
	"float32":    func() any { return new(float32) },
	"uint16":     func() any { return new(uint16) },
	"bool":       func() any { return new(bool) },
	"jsonSlice":  func() any { s := []jsonVal{{"old"}, {"old"}, {"old"}}; return &s },
	"jsonMap":    func() any { return &map[string]*jsonVal{"a": {"old"}} },
	"textArray":  func() any { return new([3]textVal) },
	"flatPairs":  func() any { return new([][2]float64) },
	"points":     func() any { return new([]point) },
	"pointsFull": func() any { s := make([]point, 2, 5); s[1].N = 7; return &s },
	"ptrs":       func() any { return new([]*int) },
	"mapFloat":   func() any { return new(map[float32]int) },
	"mapAnyKey":  func() any { return new(map[any]int) },
	"mapStruct":  func() any { return new(map[Inner]int) },
	"nested":     func() any { return new(struct{ A, B nestedJSON }) },
	"nestedMap":  func() any { return new(map[string]nestedJSON) },
	"textBytes":  func() any { return &textBytes{1} },
	"textBytesP": func() any { return new(*textBytes) },
	"anySlice":   func() any { s := []int{1, 2}; var x any = &s; return &x },
	"stringerV":  func() any { var x fmt.Stringer = stringerVal{}; return &x },
	"embedRaw":   func() any { return new(embedRaw) },
	"embedRawF":  func() any { return &embedRaw{Rest: json.RawMessage(` {"z":0} `)} },
	"embedPtr":   func() any { return new(embedPtrMap) },
	"quotedPtrs": func() any { return new(quotedPtrs) },
	"arrAny":     func() any { n := 1; a := [2]any{&n, "x"}; return &a },
	"mapPtrs":    func() any { n := 1; return &map[string]*int{"a": &n} },
	"foldDepth":  func() any { return new(foldDepth) },
	"mapAll":     func() any { return new(map[string]All) },
	"embedDeep":  func() any { return new(embedDeep) },
	"tags27":     func() any { return new(Tags27) },
	"tags27Full": func() any { return &Tags27{Rest: map[string]any{"k": 1.0, "a": []any{1.0}}} },
	"format27":   func() any { return new(Format27) },
	"format27In": func() any {
		return new(struct {
			X, Y int
			F    Format27
		})
	},
	"format27s": func() any { return new([]Format27) },
	"format27m": func() any { return new(map[string]Format27) },
}

// inputs cover each JSON form and the awkward cases of each rule.
var inputs = []string{
	`null`, `true`, `false`, `0`, `-0`, `1`, `-1`, `1.5`, `1e3`, `-1E-2`, `1e400`, `-1e400`, `1e-400`,
	`255`, `256`, `65536`, `-129`, `9223372036854775807`, `9223372036854775808`, `-9223372036854775808`,
	`18446744073709551615`, `18446744073709551616`, `3.4e38`, `3.5e38`, `123456789012345678901234567890`,
	`""`, `"a"`, `"fail"`, `"typeerr"`, `"\u00e9\ud83d\ude00"`, `"\ud800"`, `"\udc00x"`, `"\ud800\u0041"`,
	`"\ud800\ud800"`, "\"\xff\xfe\"", "\"a\xc3\"", "\"\xed\xa0\x80\"", `"\/\b\f\n\r\t\"\\"`, `"aGVsbG8="`, `"!!"`,
	`"12"`, `"-1.5"`, `"1e400"`, `"0x10"`, `"true"`, `"null"`, `"nope"`, `"\"q\""`, `"tr"`, `" 12"`, `"-"`,
	`[]`, `[1]`, `[1,2]`, `[1,2,3]`, `[1,"a",null,true,{}]`, `[[1],[2,3]]`, `[{"x":1},{"y":"b"}]`,
	`{}`, `{"a":1}`, `{"I":1,"S":"x","B":true}`, `{"i":2,"s":"y","b":false}`,
	`{"I":"1"}`, `{"I":1.5}`, `{"I":[1]}`, `{"I":{"a":1}}`, `{"S":1}`, `{"B":"true"}`, `{"F32":1e39}`,
	`{"U8":256}`, `{"U":-1}`, `{"I8":-129}`, `{"Bs":"aGk="}`, `{"Bs":"!"}`, `{"Bs":[1,2]}`, `{"Bs":null}`,
	`{"Sl":[1,2]}`, `{"Sl":[]}`, `{"Sl":null}`, `{"Sl":"x"}`, `{"Ar":[1]}`, `{"Ar":[1,2,3,4]}`, `{"Ar":null}`,
	`{"M":{"a":1,"b":"x"}}`, `{"M":null}`, `{"M":[]}`, `{"MI":{"1":"a","x":"b","-3":"c"}}`,
	`{"MU":{"255":true,"256":false,"-1":true}}`, `{"MT":{"a":1,"bad":2}}`, `{"MJ":{"k":1}}`, `{"MB":{"true":1}}`,
	`{"P":1}`, `{"P":null}`, `{"P":"x"}`, `{"PP":"s"}`, `{"PP":null}`, `{"A":1}`, `{"A":null}`, `{"A":[1,{"b":2}]}`,
	`{"E":null}`, `{"E":1}`, `{"E":"s"}`, `{"E":{}}`, `{"E":1e400}`, `{"N":1.5}`, `{"N":"2"}`, `{"N":"x"}`, `{"N":true}`,
	`{"R":{"a": [1, 2]}}`, `{"R":null}`, `{"T":"t"}`, `{"T":"fail"}`, `{"T":1}`, `{"T":[1]}`, `{"T":null}`,
	`{"TP":"t"}`, `{"TP":null}`, `{"TP":{}}`, `{"J":1}`, `{"J":null}`, `{"J":"fail"}`, `{"J":"typeerr"}`, `{"JP":null}`,
	`{"JP":[1, 2]}`, `{"V":1}`, `{"Tm":"2024-03-05T07:08:09Z"}`, `{"Tm":"bad"}`, `{"Tm":null}`,
	`{"St":{"x":1,"y":"a"}}`, `{"St":1}`, `{"SP":{"x":1}}`, `{"SP":null}`, `{"SS":[{"x":1},{"y":"b"}]}`,
	`{"Ch":1}`, `{"Ch":null}`, `{"C":1}`, `{"Fn":{}}`,
	`{"Q":"12"}`, `{"Q":12}`, `{"Q":"x"}`, `{"Q":""}`, `{"Q":null}`, `{"Q":"null"}`, `{"Q":[1]}`, `{"Q":1e400}`,
	`{"Q":"1e400"}`, `{"Q":"99999999999999999999"}`, `{"Q":true}`, `{"QS":"\"a\""}`, `{"QS":"a"}`, `{"QS":"12"}`,
	`{"QS":"\"a"}`, `{"QS":"\"\\'\""}`, `{"QB":"true"}`, `{"QB":"tru"}`, `{"QB":"1"}`, `{"QB":"nul"}`,
	`{"QF":"1.5"}`, `{"QF":"0x1p-2"}`, `{"QF":"-Inf"}`, `{"QF":"1e999"}`, `{"QP":"5"}`, `{"QP":"null"}`, `{"QP":null}`,
	`{"QN":"12"}`, `{"QN":"1x"}`, `{"QN":"\"1\""}`, `{"QT":"\"v\""}`, `{"QT":"v"}`, `{"QT":"\"fail\""}`,
	`{"tagged":1,"Tag":2}`, `{"Skip":1,"-":2,"Dash":3}`, `{"k":1,"K":2,"\u212a":3}`, `{"priv":1}`,
	`{"x":1,"y":"a","p":2,"Q":[1],"z":3,"name":"n"}`, `{"X":5,"P":6,"Z":7}`, `{"z":1}`, `{"p":1}`,
	`{"K":1,"k":2}`, `{"\u212a":1}`, `{"Σ":"a"}`, `{"ς":"b"}`, `{"s":1}`, `{"S":1}`, `{"ab":1}`, `{"AB":2}`, `{"Ab":3}`,
	`{"V":1,"Next":{"V":2,"Next":{"V":3}},"Kids":[{"V":4}],"M":{"a":{"V":5},"b":null}}`,
	`{"id":1,"name":"n","admin":true,"score":2.5,"tags":["a","b"]}`, `[{"id":2}]`, `[{"name":"x"},{"id":3}]`,
	`{"I":"x","S":2}`, `{"I":1,"I":2}`, `{"M":{"a":1},"M":{"b":2}}`, `{"a":"x","a":"y"}`,
	` {"a" : [ 1 , 2 ] } `, "\t[\n1\r]\n",
	`{"strict":1,"STRICT":2,"ign_x":3,"IGN_X":4,"ignx":5,"a\\b":6,"A\\B":7,"tm":"2024-01-02T03:04:05Z","k":"v","Rest":1}`,
	`{"1.5":1,"1e40":2,"x":3,"-0":4}`, `{"P":"5","T":"\"q\"","N":"12","F":"1.5"}`, `{"P":"null","N":"x","F":"1e99"}`,
	`{"A":1,"b":2,"c":[3]}`, `{"QS":"\"\\ud800\""}`, `{"QS":"\"\\ud800\\u0041\""}`, `{"QS":"\"\\udc00\""}`, `{"QS":"\"\\ud800"}`, `{"QS":"\"\\udc00"}`, `{"QS":"\"\\ud800\\"}`, `{"QS":"\"\\ud800\\uDc1"}`,
	`{"QS":"\"\\ud800\\ud"}`, `{"QS":"\"\\ud800\\u0"}`, `{"QS":"\"\\ud800x"}`, `{"QS":"\"\\ud800\\udc0g"}`, `{"QS":"\"\\ud800\\ue"}`, `{"QS":"\"\\ud800\\u0041\\udc00x\"y"}`, `{"QS":"\"\\ud800 \\x\""}`,
	`{"QS":"\"\\udc00\\ud800\\u00\""}`, `{"QS":"\"\\ud800\u0001\""}`,
	`{"QS":"\"\\ud83d\\ude00\""}`,
	`{"QS":"\"\\u00e9\\"}`, `{"QS":"\"\\u00"}`, `{"QS":"\"a\"é"}`, `{"QS":"é"}`, `{"QS":"\"\\x\""}`, `{"a/b~c":{"M":{"k\u0041":"bad"}},"":{"I":"x"}}`, "{\"\xff\":{\"I\":\"x\"}}", `{"Name":1}`, `{"nAME":2,"name":3}`, `{"Rest":1,"A":"x"}`, `[5,"y"]`, `{"a":2,"b":null}`, `{"A":{"I":"x"},"B":{"S":1}}`, `{"A":{"M":{"a":"x"}},"B":[1]}`,
	`{"tm":"2024-01-02T03:04:05+25:00"}`, `{"tm":5}`, `{"tm":null}`, `{"tm":"x\u00ff"}`, `{"A":1,"T":"x"}`, `{"X":1,"F":{},"Y":2}`,
	`{"X":1,"F":{"X":5,"A":6, "Y":7},"Y":2}`, `{"F":{"Y":{"F":{"X":3}}},"X":4}`, `[{"A":1},{}]`, `{"a":{"A":1},"b":{}}`,
	// errors that stop decoding part way
	`[1,"fail",2]`, `["a","b","fail","c"]`, `{"a":1,"b":"fail","c":2}`, `["x","fail"]`,
	`{"SS":[{"x":1},{"y":"b"}],"J":"fail","I":5}`, `{"I":5,"MT":{"a":1,"bad":2},"S":"after"}`,
	`{"Sl":[1,2,3],"T":"fail","S":"after"}`, `{"SS":[{"x":1}],"N":"bad","S":"after"}`,
	// syntax errors
	``, ` `, `{`, `[`, `[1,]`, `{"a"}`, `{"a":}`, `{"a":1,}`, `{a:1}`, `[1 2]`, `01`, `1.`, `1.e1`, `-`, `--1`, `+1`,
	`1e`, `1e+`, `tru`, `nul`, `falsey`, `nulll`, `"abc`, "\"\x01\"", `"\x"`, `"\u12"`, `"\u12g4"`, `[1]]`, `{}}`,
	`1 2`, `{"I":1} x`, `{"I":"x"`, `{"I":"x",}`, `[1,"a",{"b":}]`, `{"Tm":"bad"`, `{"J":1,}`, `{"MT":{"bad":1}`,
	"\x00", `[1,2,3`, `{"Q":"1"`, `{"E":1`, `{"A":{"x":[1,2`, `NaN`, `Infinity`, `[-]`, `["a":1]`, `{"a",1}`,
}

func TestUnmarshalMatrix(t *testing.T) {
	for _, in := range inputs {
		for name, mk := range targets {
			if d := diffUnmarshal([]byte(in), mk, Options{}); d != "" {
				t.Errorf("Unmarshal(%q) into %s: %s", in, name, d)
			}
		}
	}
}

func TestUnmarshalOptions(t *testing.T) {
	for _, o := range []Options{{UseNumber: true}, {DisallowUnknownFields: true}, {true, true}} {
		for _, in := range inputs {
			for _, name := range []string{"any", "all", "deep", "fold", "small", "anyPtr", "stringer"} {
				if d := diffUnmarshal([]byte(in), targets[name], o); d != "" {
					t.Errorf("%+v: Unmarshal(%q) into %s: %s", o, in, name, d)
				}
			}
		}
	}
}

func TestUnmarshalInvalidArgument(t *testing.T) {
	var nilPtr *int
	for _, v := range []any{nil, 1, nilPtr, map[string]int{}} {
		for _, in := range []string{`1`, `{`} {
			want := jsontest.Describe(json.Unmarshal([]byte(in), v))
			got := jsontest.Describe(Unmarshal([]byte(in), v, Options{}))
			if *want != *got {
				t.Errorf("Unmarshal(%q, %#v) = %+v, want %+v", in, v, got, want)
			}
		}
	}
}

func TestUnmarshalDepth(t *testing.T) {
	for _, n := range []int{9999, 10000, 10001, 100000} {
		for _, open := range []string{"[", `{"a":`} {
			in := strings.Repeat(open, n)
			closed := in + strings.Repeat(map[string]string{"[": "]", `{"a":`: "}"}[open], n)
			for _, data := range []string{in, closed} {
				for _, name := range []string{"any", "rec", "slice"} {
					if d := diffUnmarshal([]byte(data), targets[name], Options{}); d != "" {
						t.Errorf("depth %d %q into %s: %s", n, open, name, d)
					}
				}
			}
		}
	}
}

// encoding/json loops forever on a cycle of interfaces holding pointers to
// each other (it cannot be the oracle here); safejson stops with an error.
func TestUnmarshalInterfaceCycle(t *testing.T) {
	var x, y any
	x, y = &y, &x
	if err := Unmarshal([]byte(`1`), &x, Options{}); err != errDescent {
		t.Errorf("Unmarshal into a cycle = %v, want %v", err, errDescent)
	}
}

// Maps with pointer keys never compare equal (each key is a new pointer),
// so their errors and the values their keys point to are compared.
func TestUnmarshalPointerKeys(t *testing.T) {
	deref := func(m map[*int]int) map[int]int {
		out := map[int]int{}
		for k, v := range m {
			out[*k] = v
		}
		return out
	}
	for _, in := range inputs {
		var want, got map[*int]int
		wantErr := jsontest.Describe(json.Unmarshal([]byte(in), &want))
		gotErr := jsontest.Describe(Unmarshal([]byte(in), &got, Options{}))
		if d := cmp.Diff(wantErr, gotErr); d != "" {
			t.Errorf("Unmarshal(%q): error (-want +got):\n%s", in, d)
		}
		if (want == nil) != (got == nil) || !reflect.DeepEqual(deref(want), deref(got)) {
			t.Errorf("Unmarshal(%q) = %v, want %v", in, deref(got), deref(want))
		}
	}
}
