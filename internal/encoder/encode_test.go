package encoder

import (
	"encoding/json"
	"errors"
	"math"
	"reflect"
	"testing"
	"time"

	"github.com/safejson/safejson/internal/corpus"
	"github.com/safejson/safejson/internal/escape"
)

// checkSame compares Marshal with encoding/json.Marshal: bytes, error type
// and error message.
func checkSame(t *testing.T, name string, v any) {
	t.Helper()
	want, wantErr := json.Marshal(v)
	got, gotErr := Marshal(v, Options{Escape: escape.HTML})
	if (wantErr == nil) != (gotErr == nil) {
		t.Errorf("%s: error = %v, want %v", name, gotErr, wantErr)
		return
	}
	if wantErr != nil {
		if reflect.TypeOf(wantErr) != reflect.TypeOf(gotErr) || wantErr.Error() != gotErr.Error() {
			t.Errorf("%s: error = %T %q, want %T %q", name, gotErr, gotErr, wantErr, wantErr)
		}
		return
	}
	if string(got) != string(want) {
		t.Errorf("%s:\n got %s\nwant %s", name, got, want)
	}
}

type inner struct {
	A int `json:"a"`
	B string
}

type withEmbedded struct {
	inner
	*Ptr
	C float64 `json:",omitempty"`
	D []int   `json:"d,omitempty"`
	E *int    `json:"e,string"`
	F int64   `json:",string"`
	G map[string]int
	H any
	I [2]bool
	J []byte
	T time.Time
	N json.Number
	R json.RawMessage
	Z time.Time `json:",omitzero"`
	//lint:ignore U1000 an unexported field the encoder must skip is the case under test
	skp int
}

type Ptr struct{ P int }

type valM struct{ X int }

func (v valM) MarshalJSON() ([]byte, error) { return []byte(` { "x" : 1 } `), nil }

type ptrM struct{ X int }

func (v *ptrM) MarshalJSON() ([]byte, error) { return []byte(`"ptr<>"`), nil }

type textKey int

func (k textKey) MarshalText() ([]byte, error) { return []byte("k" + string(rune('a'+k))), nil }

type badM struct{}

func (badM) MarshalJSON() ([]byte, error) { return []byte(`{bad`), nil }

type errM struct{}

func (errM) MarshalJSON() ([]byte, error) { return nil, errors.New("boom") }

type cyc struct{ Next *cyc }

func TestSmoke(t *testing.T) {
	five := 5
	c := &cyc{}
	c.Next = c
	m := map[string]any{}
	m["self"] = m
	cases := map[string]any{
		"nil":       nil,
		"int":       42,
		"str":       "a<b>&\u2028\xff",
		"float":     []float64{0, math.Copysign(0, -1), 1e21, 1e20, 1e-6, 1e-7, 123.456, math.MaxFloat64},
		"float32":   []float32{0.1, 1e21, 1e-7, 3.4e38},
		"nan":       math.NaN(),
		"struct":    withEmbedded{inner: inner{1, "x"}, E: &five, F: 7, G: map[string]int{"b": 2, "a": 1, "c": 3}, H: []any{1, "x", nil, map[string]any{"z": 1, "y": true}}, J: []byte("hi"), N: "12.5", R: json.RawMessage(` [1, 2] `)},
		"structp":   &withEmbedded{Ptr: &Ptr{3}},
		"valM":      []valM{{}, {}},
		"ptrM":      []ptrM{{}},
		"ptrMval":   struct{ P ptrM }{},
		"ptrMptr":   &struct{ P ptrM }{},
		"mapPtrM":   map[string]ptrM{"a": {}},
		"textKey":   map[textKey]int{1: 1, 0: 0, 2: 2},
		"intKey":    map[int]string{10: "a", 2: "b", -1: "c"},
		"badM":      badM{},
		"errM":      errM{},
		"cycle":     c,
		"cycleMap":  m,
		"chan":      make(chan int),
		"badNum":    json.Number("1."),
		"bigmap":    map[string]int{"q": 1, "w": 2, "e": 3, "r": 4, "t": 5, "y": 6, "u": 7, "i": 8, "o": 9, "p": 10},
		"sortedmap": map[string]int{"a": 1, "b": 2},
	}
	for name, v := range cases {
		checkSame(t, name, v)
	}
}

// TestTypedAnyMaps holds maps of type map[string]any, and of a named type
// of it, reached through a struct field or a slice, to encoding/json: their
// values are written as an interface's.
func TestTypedAnyMaps(t *testing.T) {
	type named map[string]any
	type holder struct {
		M map[string]any `json:"m"`
		N named          `json:"n,omitempty"`
		P *named
	}
	big := map[string]any{}
	for i := range 20 {
		big[string(rune('z'-i))+"<k>"] = []any{i, map[string]any{"x": nil}}
	}
	self := map[string]any{}
	self["self"] = self
	cases := map[string]any{
		"nil":     holder{},
		"empty":   holder{M: map[string]any{}, N: named{}},
		"values":  holder{M: map[string]any{"b": 1.5, "a": "x&y", "c": []any{true, nil}}, N: named{"k": map[string]any{" ": 1}}},
		"big":     []holder{{M: big, N: big}},
		"pointer": holder{P: &named{"a": 1}},
		"nan":     holder{M: map[string]any{"a": 1, "b": math.NaN(), "c": func() {}}},
		"func":    []named{{"a": 1}, {"f": func() {}}},
		"cycle":   holder{M: self},
		"typed":   map[string]named{"x": {"y": map[string]int{"z": 1}}},
	}
	for name, v := range cases {
		checkSame(t, name, v)
	}
}

func TestCorpora(t *testing.T) {
	for _, name := range corpus.Names() {
		v, err := corpus.DecodeAny(name)
		if err != nil {
			t.Fatal(err)
		}
		checkSame(t, name+"/any", v)
	}
	for _, c := range corpus.Typed() {
		v, err := corpus.DecodeTyped(c.Name)
		if err != nil {
			t.Fatal(err)
		}
		checkSame(t, c.Name+"/typed", v)
	}
}

func TestAppendKeepsPrefixAndDropsOutputOnError(t *testing.T) {
	prefix := []byte("prefix:")
	got, err := Append(prefix, map[string]int{"b": 2, "a": 1}, Options{Escape: escape.HTML})
	if err != nil {
		t.Fatal(err)
	}
	want, _ := json.Marshal(map[string]int{"b": 2, "a": 1})
	if string(got) != "prefix:"+string(want) {
		t.Errorf("Append = %s, want prefix:%s", got, want)
	}
	got, err = Append(prefix, []any{1, math.Inf(1)}, Options{Escape: escape.HTML})
	if err == nil || string(got) != "prefix:" {
		t.Errorf("Append with an error = %q, %v; want the prefix unchanged and an error", got, err)
	}
}
