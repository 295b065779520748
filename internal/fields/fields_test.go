package fields

import (
	"bytes"
	"encoding/json"
	"reflect"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

type inner struct{ A, B int }

type inner2 struct {
	B int
	C int `json:"c"`
}

type deep struct{ inner2 }

type unexported struct{ U int }

type Exported struct{ A, B int }

type ptrs struct {
	*Exported
	X int
}

type conflicts struct {
	inner
	inner2
	A int `json:"B"`
}

type depths struct {
	deep
	C int
}

type tags struct {
	Skip    int `json:"-"`
	Empty   int `json:",omitempty"`
	Named   int `json:"n,omitzero"`
	Quoted  int `json:"q,string"`
	Spaces  int `json:"a b"`
	Punct   int `json:"!#$%&()*+-./:;<=>?@[]^_{|}~"`
	Unicode int `json:"日本"`
	Single  int `json:"'q'"`
	unexported
}

type embedOption struct {
	I inner `json:",embed"`
	J inner `json:"j,embed"`
}

// TestListIsEncodingJSONs checks the names of List, in order, against the
// members encoding/json writes for a value with every field set.
func TestListIsEncodingJSONs(t *testing.T) {
	odd := reflect.StructOf([]reflect.StructField{
		{Name: "Nul", Type: reflect.TypeFor[int](), Tag: `json:"` + "\x00" + `"`},
		{Name: "Quote", Type: reflect.TypeFor[int](), Tag: `json:"a'b"`},
		{Name: "Back", Type: reflect.TypeFor[int](), Tag: `json:"x\\y"`},
		{Name: "Bad", Type: reflect.TypeFor[int](), Tag: `json:"` + "\xff" + `"`},
		{Name: "Comma", Type: reflect.TypeFor[int](), Tag: `json:",,omitempty"`},
		{Name: "Dash", Type: reflect.TypeFor[int](), Tag: `json:"-,"`},
		{Name: "DQuote", Type: reflect.TypeFor[int](), Tag: `json:"a\"b"`},
		{Name: "Opts", Type: reflect.TypeFor[int](), Tag: `json:"o,omitEmpty,case:ignore"`},
	})
	for _, typ := range []reflect.Type{
		reflect.TypeFor[inner](), reflect.TypeFor[ptrs](), reflect.TypeFor[conflicts](),
		reflect.TypeFor[depths](), reflect.TypeFor[tags](), reflect.TypeFor[embedOption](), odd,
	} {
		v := reflect.New(typ).Elem()
		fill(v)
		out, err := json.Marshal(v.Interface())
		if err != nil {
			t.Fatalf("%v: %v", typ, err)
		}
		want := memberNames(t, out)
		var got []string
		for _, f := range List(typ) {
			got = append(got, f.Name)
		}
		if d := cmp.Diff(want, got); d != "" {
			t.Errorf("List(%v) names (-want +got):\n%s", typ, d)
		}
	}
}

// fill sets every settable int in v to 1, allocating embedded pointers.
func fill(v reflect.Value) {
	switch v.Kind() {
	case reflect.Int:
		if v.CanSet() {
			v.SetInt(1)
		}
	case reflect.Pointer:
		if v.IsNil() && v.CanSet() {
			v.Set(reflect.New(v.Type().Elem()))
		}
		if !v.IsNil() {
			fill(v.Elem())
		}
	case reflect.Struct:
		for i := range v.NumField() {
			fill(v.Field(i))
		}
	}
}

// memberNames returns the names of the top-level object's members.
func memberNames(t *testing.T, b []byte) []string {
	t.Helper()
	var names []string
	dec := json.NewDecoder(bytes.NewReader(b))
	if _, err := dec.Token(); err != nil {
		t.Fatal(err)
	}
	for dec.More() {
		name, err := dec.Token()
		if err != nil {
			t.Fatal(err)
		}
		names = append(names, name.(string))
		var value json.RawMessage
		if err := dec.Decode(&value); err != nil {
			t.Fatal(err)
		}
	}
	return names
}

func TestMapKeyOf(t *testing.T) {
	type name string
	for _, c := range []struct {
		t    reflect.Type
		want MapKey
	}{
		{reflect.TypeFor[string](), MapKeyString}, {reflect.TypeFor[name](), MapKeyString},
		{reflect.TypeFor[int8](), MapKeyInt}, {reflect.TypeFor[int64](), MapKeyInt},
		{reflect.TypeFor[uintptr](), MapKeyUint}, {reflect.TypeFor[uint16](), MapKeyUint},
		{reflect.TypeFor[time.Duration](), MapKeyOther}, {reflect.TypeFor[float64](), MapKeyOther},
		{reflect.TypeFor[bool](), MapKeyOther}, {reflect.TypeFor[[2]int](), MapKeyOther},
	} {
		if got := MapKeyOf(c.t); got != c.want {
			t.Errorf("MapKeyOf(%v) = %d, want %d", c.t, got, c.want)
		}
		if c.t == reflect.TypeFor[time.Duration]() {
			c.want = MapKeyInt // v1 reads its keys as integers
		}
		if got := KeyKind(c.t); got != c.want {
			t.Errorf("KeyKind(%v) = %d, want %d", c.t, got, c.want)
		}
	}
}
