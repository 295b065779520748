//go:build goexperiment.jsonv2 && go1.27

package json_test

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"encoding/json/jsontext"
	jsonv2 "encoding/json/v2"

	"github.com/google/go-cmp/cmp"

	ours "github.com/safejson/safejson/compat/v2"
	"github.com/safejson/safejson/internal/decoder"
	"github.com/safejson/safejson/internal/v2opts"
)

// UnmarshalJSONFrom methods, well-behaved and not, held to
// encoding/json/v2 under several option sets, at the top, in fields,
// elements, map values and behind pointers. Each records what it saw of
// its decoder, which must be what v2's shows.

// seen is what a method saw of its decoder.
type seen struct {
	Pointer    jsontext.Pointer
	Offset     int64
	Depth      int
	Kind       string
	RejectSet  bool
	Reject     bool
	UnreadHead string
}

func look(dec *jsontext.Decoder) seen {
	reject, set := jsonv2.GetOption(dec.Options(), jsonv2.RejectUnknownMembers)
	head := dec.UnreadBuffer()
	return seen{
		Pointer: dec.StackPointer(), Offset: dec.InputOffset(), Depth: dec.StackDepth(),
		Kind: dec.PeekKind().String(), RejectSet: set, Reject: reject, UnreadHead: string(head[:min(len(head), 8)]),
	}
}

// fromValue reads its value whole and keeps it.
type fromValue struct {
	Saw  seen
	Text string
}

func (f *fromValue) UnmarshalJSONFrom(dec *jsontext.Decoder) error {
	f.Saw = look(dec)
	v, err := dec.ReadValue()
	f.Text = string(v)
	return err
}

// fromNested decodes its value into a struct through the decoder.
type fromNested struct {
	Saw   seen
	Inner struct {
		A int
		B []string
	}
}

func (f *fromNested) UnmarshalJSONFrom(dec *jsontext.Decoder) error {
	f.Saw = look(dec)
	return jsonv2.UnmarshalDecode(dec, &f.Inner)
}

// fromTokens reads its value token by token, upper-casing strings.
type fromTokens []string

func (f *fromTokens) UnmarshalJSONFrom(dec *jsontext.Decoder) error {
	depth := dec.StackDepth()
	for {
		tok, err := dec.ReadToken()
		if err != nil {
			return err
		}
		if tok.Kind() == '"' {
			*f = append(*f, strings.ToUpper(tok.String()))
		}
		if dec.StackDepth() == depth {
			return nil
		}
	}
}

// fromMode misbehaves as its input says.
type fromMode struct{ Saw seen }

func (f *fromMode) UnmarshalJSONFrom(dec *jsontext.Decoder) error {
	f.Saw = look(dec)
	switch dec.PeekKind() {
	case 'n': // null: read nothing
		return nil
	case 't': // true: fail
		dec.ReadToken()
		return errors.New("from: boom")
	case 'f': // false: unsupported
		return errors.ErrUnsupported
	case '[': // an array: read only its start
		_, err := dec.ReadToken()
		return err
	}
	_, err := dec.ReadValue()
	return err
}

type fromHolder struct {
	A  int
	Q  []int
	V  fromValue
	P  *fromValue
	N  fromNested
	T  fromTokens
	L  []fromValue
	M  map[string]fromNested
	PP **fromTokens
}

func TestUnmarshalJSONFrom(t *testing.T) {
	targets := []func() any{
		func() any { return new(fromValue) },
		func() any { return new(fromNested) },
		func() any { return new(fromTokens) },
		func() any { return new(fromMode) },
		func() any { return new(fromHolder) },
		func() any { return new([]fromMode) },
		func() any { return new(map[string]*fromValue) },
		func() any { return new(struct{ X []fromHolder }) },
	}
	inputs := []string{
		`"x"`, ` 12 `, `null`, `true`, `false`, `[1,2]`, `{"A":1,"B":["b"]}`, `{"A":1,"Z":2}`,
		`{"A":1,"B":["b"],"A":2}`, `["a",{"k":"v"}]`, `[null,true]`, `[1,"x",false]`,
		`{"A":7,"V":"v","P":{"x":[1]},"N":{"A":3,"B":["n"]},"T":["t",{"u":"w"}],"L":[1,"l",null],"M":{"m":{"A":4}},"PP":["pp"]}`,
		`{"V":"\u00e9","T":"caf\u00e9","N":{"A":"bad"}}`, `{"V":1,"V":2}`, `{"P":null,"PP":null,"M":null}`,
		`{"X":[{"V":[true]},{"N":{"B":[]}}]}`, `{"V":[1,}`, `{"N":{"A":1}} x`, `{"L":[1,2]`,
		`{"a":{"B":["1"]}}`, `{"k":{"x":1}}`,
		// Arrays that close before a method's value, in what holds it.
		`{"Q":[1,2],"V":"v"}`, `{"X":[{"Q":[1],"V":"v"},{"Q":[],"N":{"B":["x"]}}]}`,
		// Brackets in a string before one.
		`{"Z":"]}\"]","V":"v"}`,
	}
	optionSets := [][]jsonv2.Options{
		nil,
		{jsonv2.RejectUnknownMembers(true)},
		{jsonv2.RejectUnknownMembers(false), jsonv2.MatchCaseInsensitiveNames(true)},
		{jsontext.AllowDuplicateNames(true)},
	}
	repeats := map[string]bool{`{"A":1,"B":["b"],"A":2}`: true, `{"V":1,"V":2}`: true}
	for _, opts := range optionSets {
		f, _ := v2opts.Of(opts)
		for _, in := range inputs {
			for _, newTarget := range targets {
				want, got := newTarget(), newTarget()
				werr := jsonv2.Unmarshal([]byte(in), want, opts...)
				gerr := ours.Unmarshal([]byte(in), got, opts...)
				if fmt.Sprint(gerr) != fmt.Sprint(werr) || reflect.TypeOf(gerr) != reflect.TypeOf(werr) {
					t.Errorf("%v: Unmarshal(%q, %T): error %v, want %v", opts, in, got, gerr, werr)
				}
				if diff := cmp.Diff(want, got); diff != "" {
					t.Errorf("%v: Unmarshal(%q, %T): (-v2 +ours)\n%s", opts, in, got, diff)
				}
				// Every call that succeeds runs on the engine, but where
				// names repeat, which go to v2 whatever the options.
				if werr == nil && !repeats[in] && !decoder.UnmarshalV2([]byte(in), newTarget(), decoder.OptionsV2{Flags: f, Opts: opts}) {
					t.Errorf("%v: Unmarshal(%q, %T) left to v2", opts, in, got)
				}
			}
		}
	}
}

// countedFrom counts the calls of its UnmarshalJSONFrom, which hands the
// value to v2's decoding of the struct.
type countedFrom struct{ Called, Fizz int }

func (c *countedFrom) UnmarshalJSONFrom(*jsontext.Decoder) error {
	c.Called++
	return errors.ErrUnsupported
}

// TestUnmarshalJSONFromCalledOnce: a method that returns
// errors.ErrUnsupported having read nothing is called once, as v2 calls
// it, and the value is decoded as its kind, on the engine.
func TestUnmarshalJSONFromCalledOnce(t *testing.T) {
	for _, in := range []string{`{"Fizz":123}`, `[{"Fizz":1},{"Called":5}]`, `{"Fizz":"x"}`} {
		var want, got []countedFrom
		wantOne, gotOne := new(countedFrom), new(countedFrom)
		werr := jsonv2.Unmarshal([]byte(in), wantOne)
		gerr := ours.Unmarshal([]byte(in), gotOne)
		if *gotOne != *wantOne || fmt.Sprint(gerr) != fmt.Sprint(werr) {
			t.Errorf("Unmarshal(%s) = %+v, %v; want %+v, %v", in, *gotOne, gerr, *wantOne, werr)
		}
		werr = jsonv2.Unmarshal([]byte(in), &want)
		gerr = ours.Unmarshal([]byte(in), &got)
		if !reflect.DeepEqual(got, want) || fmt.Sprint(gerr) != fmt.Sprint(werr) {
			t.Errorf("Unmarshal(%s) = %+v, %v; want %+v, %v", in, got, gerr, want, werr)
		}
	}
	if !decoder.UnmarshalV2([]byte(`{"Fizz":123}`), new(countedFrom), decoder.OptionsV2{}) {
		t.Error("Unmarshal into countedFrom left to v2")
	}
}
