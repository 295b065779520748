//go:build goexperiment.jsonv2 && go1.27

package json_test

import (
	"encoding"
	"errors"
	"fmt"
	"reflect"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"

	"encoding/json"
	"encoding/json/jsontext"
	jsonv2 "encoding/json/v2"

	ours "github.com/safejson/safejson/compat/v2"
	"github.com/safejson/safejson/internal/typefuncs"
	"github.com/safejson/safejson/internal/v2opts"
)

// The types that the functions of these tests apply to.
type (
	celsius  float64
	point    struct{ X, Y int }
	stringer int
	label    string // a map key
)

func (s stringer) String() string { return "s" + strconv.Itoa(int(s)) }

// withFuncs reaches each of the types above, through fields, pointers,
// slices, maps and an interface.
type withFuncs struct {
	Name string
	Temp celsius
	P    point
	PP   *point
	S    stringer
	Any  any
	List []celsius
	M    map[string]point
	E    engineSeen
}

// plain reaches none of them.
type plain struct {
	Name string
	N    int
	F    float64
	Any  any
	E    engineSeen
}

var (
	celsiusFunc = jsonv2.MarshalFunc(func(c celsius) ([]byte, error) {
		return []byte(`"` + strconv.FormatFloat(float64(c), 'f', 1, 64) + `C"`), nil
	})
	pointFunc = jsonv2.MarshalToFunc(func(enc *jsontext.Encoder, p *point) error {
		return enc.WriteToken(jsontext.Int(int64(p.X*1000 + p.Y)))
	})
	stringerFunc = jsonv2.MarshalFunc(func(s fmt.Stringer) ([]byte, error) { return []byte(strconv.Quote(s.String())), nil })
	stringFunc   = jsonv2.MarshalFunc(func(s string) ([]byte, error) { return []byte(`"` + strings.ToUpper(s) + `"`), nil })
	// bigFloatFunc hands floats up to 100 on to their usual encoding.
	bigFloatFunc = jsonv2.MarshalToFunc(func(enc *jsontext.Encoder, f float64) error {
		if f <= 100 {
			return errors.ErrUnsupported
		}
		return enc.WriteToken(jsontext.String("big"))
	})
	labelFunc = jsonv2.MarshalFunc(func(l label) ([]byte, error) { return []byte(`"L` + string(l) + `"`), nil })
	anyFunc   = jsonv2.MarshalFunc(func(v any) ([]byte, error) { return []byte(`"any"`), nil })
	errorFunc = jsonv2.MarshalFunc(func(c celsius) ([]byte, error) { return nil, errors.New("no celsius") })
)

// TestWithMarshalers compares Marshal under WithMarshalers with
// encoding/json/v2, and checks that the engine writes the values that none
// of the functions applies to, and leaves the others to the standard
// library, which calls them.
func TestWithMarshalers(t *testing.T) {
	cases := []struct {
		opts []jsonv2.Options
		// plainOnEngine says whether the engine writes plain{}: whether
		// no function applies to a string, an int, a float64 or an
		// interface's values; funcsOnEngine, withFuncs{}.
		plainOnEngine, funcsOnEngine bool
	}{
		{[]jsonv2.Options{jsonv2.WithMarshalers(celsiusFunc)}, true, false},
		{[]jsonv2.Options{jsonv2.WithMarshalers(pointFunc)}, true, false},
		{[]jsonv2.Options{jsonv2.WithMarshalers(stringerFunc)}, true, false},
		{[]jsonv2.Options{jsonv2.WithMarshalers(stringFunc)}, false, false},
		{[]jsonv2.Options{jsonv2.WithMarshalers(bigFloatFunc)}, false, false},
		{[]jsonv2.Options{jsonv2.WithMarshalers(anyFunc)}, false, false},
		{[]jsonv2.Options{jsonv2.WithMarshalers(labelFunc)}, true, true},
		// DefaultOptionsV1 runs on the v1 engine, which knows no functions.
		{[]jsonv2.Options{json.DefaultOptionsV1(), jsonv2.WithMarshalers(pointFunc)}, false, false},
		{[]jsonv2.Options{jsonv2.WithMarshalers(pointFunc), json.DefaultOptionsV1()}, false, false},
		{[]jsonv2.Options{jsonv2.WithMarshalers(errorFunc)}, true, false},
		{[]jsonv2.Options{jsonv2.WithMarshalers(jsonv2.JoinMarshalers(celsiusFunc, pointFunc, stringerFunc))}, true, false},
		{[]jsonv2.Options{jsonv2.JoinOptions(jsonv2.WithMarshalers(celsiusFunc), jsonv2.StringifyNumbers(true)), jsontext.WithIndent("  ")}, true, false},
		{[]jsonv2.Options{jsonv2.WithMarshalers(stringFunc), jsonv2.WithMarshalers(celsiusFunc)}, true, false},
		// v2 fails on a nil WithMarshalers wherever it looks one up.
		{[]jsonv2.Options{jsonv2.WithMarshalers(stringFunc), jsonv2.WithMarshalers(nil)}, false, false},
		{[]jsonv2.Options{jsonv2.JoinOptions(jsonv2.WithMarshalers(stringFunc), jsonv2.WithMarshalers(nil))}, false, false},
		{[]jsonv2.Options{jsonv2.WithMarshalers(nil)}, false, false},
		{[]jsonv2.Options{jsonv2.WithUnmarshalers(jsonv2.UnmarshalFunc(func([]byte, *string) error { return nil }))}, true, true},
	}
	values := []any{
		withFuncs{}, &withFuncs{}, plain{},
		withFuncs{Name: "n", Temp: 21.5, P: point{1, 2}, PP: &point{3, 4}, S: 5, Any: celsius(-4), List: []celsius{1, 250}, M: map[string]point{"a": {5, 6}}},
		plain{Name: "n", N: 1, F: 250, Any: []any{"s", 1.5, point{7, 8}}},
		plain{Any: stringer(9)}, plain{Any: map[string]any{"c": celsius(3)}}, plain{Any: &point{}},
		[]any{celsius(1), "x", 500.0}, map[string]any{"p": point{}, "s": stringer(1)}, map[celsius]int{1: 2}, map[label]int{"a": 1, "b": 2}, map[string]label{"c": "d"},
		[]point{{1, 1}}, stringer(3), celsius(2), "top", 101.0, nil,
	}
	values = append(values, randomValues(4401, 300)...)
	for _, c := range cases {
		if _, ok := v2opts.Of(c.opts); !ok && c.plainOnEngine {
			t.Errorf("Of(%v) leaves the options to the standard library", c.opts)
		}
		opts := append(c.opts, jsonv2.Deterministic(true))
		for i, v := range values {
			want := marshalOutcome(jsonv2.Marshal, v, false, opts...)
			got := marshalOutcome(ours.Marshal, v, false, opts...)
			// Under DefaultOptionsV1, v2's output varies where invalid
			// UTF-8 makes map keys the same, so it is asked again.
			if want != got && !stdGivesExactly(got, v, opts...) {
				t.Errorf("case %d: Marshal(%T value, %v)\n got %+v\nwant %+v", i, v, opts, got, want)
			}
		}
		if !funcTypesRead() {
			continue // every call with functions goes to the standard library
		}
		for _, v := range []any{plain{}, withFuncs{}} {
			var seen bool
			reflect.ValueOf(&v).Elem().Set(reflect.ValueOf(withSeen(v, &seen)))
			ours.Marshal(v, opts...)
			want := c.funcsOnEngine
			if _, ok := v.(plain); ok {
				want = c.plainOnEngine
			}
			if seen != want {
				t.Errorf("Marshal(%T, %v) on the engine: %v, want %v", v, c.opts, seen, want)
			}
		}
	}
}

// funcTypesRead reports whether this build reads the types of v2's
// functions (a build with -tags safejson_safe does not); internal/typefuncs
// tests that the usual build does.
func funcTypesRead() bool {
	got := typefuncs.Marshalers([]jsonv2.Options{jsonv2.WithMarshalers(celsiusFunc)})
	return len(got) == 1 && got[0] == reflect.TypeFor[celsius]()
}

// withSeen returns v, a plain or withFuncs, with its engineSeen recording
// in seen.
func withSeen(v any, seen *bool) any {
	switch v := v.(type) {
	case plain:
		v.E.seen = seen
		return v
	case withFuncs:
		v.E.seen = seen
		return v
	}
	panic(v)
}

// decodedOnEngine records whether safejson's decoder was among the
// callers of the last decoderSeen's UnmarshalJSON. A zero target is one
// the engine takes, so the type has no field to record in.
var decodedOnEngine bool

type decoderSeen struct{}

func (*decoderSeen) UnmarshalJSON([]byte) error {
	pcs := make([]uintptr, 64)
	frames := runtime.CallersFrames(pcs[:runtime.Callers(2, pcs)])
	for {
		f, more := frames.Next()
		if strings.HasPrefix(f.Function, "github.com/safejson/safejson/internal/decoder.") {
			decodedOnEngine = true
		}
		if !more {
			return nil
		}
	}
}

// unmarshalOrPanic is unmarshal, with a panic returned as an error: v2
// panics on a nil WithUnmarshalers.
func unmarshalOrPanic(unmarshal func([]byte, any, ...jsonv2.Options) error, in []byte, v any, opts ...jsonv2.Options) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	return unmarshal(in, v, opts...)
}

type (
	plainTarget struct {
		Name string
		N    int
		F    float64
		Any  any
		D    decoderSeen
	}
	funcsTarget struct {
		Name string
		Temp celsius
		P    point
		PP   *point
		Text textTarget
		List []celsius
		M    map[string]point
	}
	// textTarget has an UnmarshalText method, which TextUnmarshaler
	// functions apply to.
	textTarget struct{ S string }
)

func (t *textTarget) UnmarshalText(b []byte) error { t.S = string(b); return nil }

var (
	celsiusFrom = jsonv2.UnmarshalFunc(func(b []byte, c *celsius) error { *c = celsius(len(b)); return nil })
	pointFrom   = jsonv2.UnmarshalFromFunc(func(dec *jsontext.Decoder, p *point) error {
		v, err := dec.ReadValue()
		p.X = len(v)
		return err
	})
	textFrom   = jsonv2.UnmarshalFunc(func(b []byte, u encoding.TextUnmarshaler) error { return u.UnmarshalText([]byte("func")) })
	stringFrom = jsonv2.UnmarshalFunc(func(b []byte, s *string) error { *s = "func:" + string(b); return nil })
	// bigFrom hands what is not a number on to its usual decoding.
	bigFrom = jsonv2.UnmarshalFromFunc(func(dec *jsontext.Decoder, f *float64) error {
		if dec.PeekKind() != '0' {
			return errors.ErrUnsupported
		}
		v, err := dec.ReadValue()
		*f = float64(len(v))
		return err
	})
	failingFrom = jsonv2.UnmarshalFunc(func(b []byte, c *celsius) error { return errors.New("no celsius") })
)

// TestWithUnmarshalers is TestWithMarshalers for Unmarshal and
// WithUnmarshalers.
func TestWithUnmarshalers(t *testing.T) {
	cases := []struct {
		opts          []jsonv2.Options
		plainOnEngine bool
	}{
		{[]jsonv2.Options{jsonv2.WithUnmarshalers(celsiusFrom)}, true},
		{[]jsonv2.Options{jsonv2.WithUnmarshalers(pointFrom)}, true},
		{[]jsonv2.Options{jsonv2.WithUnmarshalers(textFrom)}, true},
		{[]jsonv2.Options{jsonv2.WithUnmarshalers(stringFrom)}, false},
		{[]jsonv2.Options{jsonv2.WithUnmarshalers(bigFrom)}, false},
		{[]jsonv2.Options{jsonv2.WithUnmarshalers(failingFrom)}, true},
		{[]jsonv2.Options{jsonv2.WithUnmarshalers(jsonv2.JoinUnmarshalers(celsiusFrom, pointFrom, textFrom))}, true},
		{[]jsonv2.Options{jsonv2.JoinOptions(jsonv2.WithUnmarshalers(celsiusFrom), jsonv2.RejectUnknownMembers(true))}, true},
		{[]jsonv2.Options{jsonv2.WithUnmarshalers(stringFrom), jsonv2.WithUnmarshalers(nil)}, false},
		{[]jsonv2.Options{jsonv2.WithUnmarshalers(nil)}, false},
		{[]jsonv2.Options{jsonv2.WithMarshalers(stringFunc)}, true},
		{[]jsonv2.Options{json.DefaultOptionsV1(), jsonv2.WithUnmarshalers(celsiusFrom)}, false},
	}
	inputs := []string{
		`{"Name":"n","N":1,"F":250,"Any":["s",1.5,{"k":null}]}`,
		`{"Name":"n","Temp":21.5,"P":{"X":1,"Y":2},"PP":{"X":3},"Text":"t","List":[1,250],"M":{"a":{"Y":6}}}`,
		`{"Temp":"warm"}`, `{"P":[1,2]}`, `{"F":7}`, `{"Any":{"a":"b"}}`, `{"Name":1}`, `{"M":{"a":{"X":1},"a":{"Y":2}}}`,
		`{"Any":{"Y":5}}`, `{"Any":21.5}`,
		`[1,2]`, `"s"`, `null`, `{`,
	}
	targets := []func() any{
		func() any { return new(plainTarget) }, func() any { return new(funcsTarget) },
		func() any { return new(any) }, func() any { return new(map[string]any) }, func() any { return new(celsius) },
		func() any { return new([]point) }, func() any { return new(entry) }, func() any { return &funcsTarget{Name: "kept", List: []celsius{9}} },
		// Filled interfaces, holding values the functions apply to.
		func() any { return &struct{ Any any }{Any: &point{X: 9}} }, func() any { return &struct{ Any any }{Any: celsius(3)} },
	}
	for _, c := range cases {
		if _, ok := v2opts.Of(c.opts); !ok && c.plainOnEngine {
			t.Errorf("Of(%v) leaves the options to the standard library", c.opts)
		}
		for _, in := range inputs {
			for _, nt := range targets {
				want := decodeOutcome(func(v any) error { return unmarshalOrPanic(jsonv2.Unmarshal, []byte(in), v, c.opts...) }, nt)
				got := decodeOutcome(func(v any) error { return unmarshalOrPanic(ours.Unmarshal, []byte(in), v, c.opts...) }, nt)
				if !reflect.DeepEqual(want, got) {
					t.Errorf("Unmarshal(%q, %T, %v):\n got %#v\nwant %#v", in, nt(), c.opts, got, want)
				}
			}
		}
		if !funcTypesRead() {
			continue
		}
		var p plainTarget
		decodedOnEngine = false
		unmarshalOrPanic(ours.Unmarshal, []byte(`{"Name":"n","N":1,"F":2,"Any":["x"],"D":0}`), &p, c.opts...)
		if decodedOnEngine != c.plainOnEngine {
			t.Errorf("Unmarshal(plainTarget, %+v) on the engine: %v, want %v", c.opts, decodedOnEngine, c.plainOnEngine)
		}
	}
}

// treeNode is a recursive type: what it reaches refers back to it.
type treeNode struct {
	Name string
	Temp *celsius
	Kids []treeNode
	Up   *treeNode
	Meta map[string]any
}

// TestWithFunctionsConcurrent marshals and unmarshals recursive values
// under functions from several goroutines, each type met for the first
// time by all of them at once: under -race it finds unsynchronized work
// on what a type reaches.
func TestWithFunctionsConcurrent(t *testing.T) {
	c := celsius(4)
	v := treeNode{Name: "root", Kids: []treeNode{{Name: "a", Temp: &c}, {Name: "b", Meta: map[string]any{"k": []any{1.5}}}}}
	text := `{"Name":"root","Kids":[{"Name":"a","Temp":4},{"Kids":[{"Name":"b"}]}],"Meta":{"x":true}}`
	cases := []struct {
		marshal, unmarshal jsonv2.Options
	}{
		{jsonv2.WithMarshalers(celsiusFunc), jsonv2.WithUnmarshalers(celsiusFrom)}, // reached through a pointer
		{jsonv2.WithMarshalers(pointFunc), jsonv2.WithUnmarshalers(pointFrom)},     // not reached
	}
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			for _, c := range cases {
				want := marshalOutcome(jsonv2.Marshal, v, false, c.marshal, jsonv2.Deterministic(true))
				if got := marshalOutcome(ours.Marshal, v, false, c.marshal, jsonv2.Deterministic(true)); got != want {
					t.Errorf("Marshal(treeNode, %v):\n got %+v\nwant %+v", c.marshal, got, want)
				}
				nt := func() any { return new(treeNode) }
				wantD := decodeOutcome(func(v any) error { return jsonv2.Unmarshal([]byte(text), v, c.unmarshal) }, nt)
				gotD := decodeOutcome(func(v any) error { return ours.Unmarshal([]byte(text), v, c.unmarshal) }, nt)
				if !reflect.DeepEqual(wantD, gotD) {
					t.Errorf("Unmarshal(treeNode, %v):\n got %#v\nwant %#v", c.unmarshal, gotD, wantD)
				}
			}
		})
	}
	wg.Wait()
}
