package mem

import (
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"
)

// syntaxErrorPrefixes put encoding/json's scanner in each of its states;
// each is followed by every byte.
var syntaxErrorPrefixes = []string{
	"", "{", `{""`, `{"":0`, `{"":0 `, `{"":0,`, "[", "[0", "[0 ", "[0,", "0 ", `"`, `"\`, `"\u`, `"\u0`, `"\u00`,
	`"\u000`, "-", "0", "0.", "0.0", "0e", "0e+", "t", "tr", "tru", "f", "fa", "fal", "fals", "n", "nu", "nul",
}

// deepPrefixes are at encoding/json's nesting limit; a few bytes after them
// cover the depth error.
var deepPrefixes = []string{strings.Repeat("[", 10000), strings.Repeat(`{"":`, 10000)}

// TestNewSyntaxError rebuilds every syntax error encoding/json reports for
// those texts, through Unmarshal and a Decoder's Decode and Token, and
// compares the whole error value.
func TestNewSyntaxError(t *testing.T) {
	var errs []*json.SyntaxError
	collect := func(err error) {
		var se *json.SyntaxError
		if errors.As(err, &se) {
			errs = append(errs, se)
		}
	}
	type text struct {
		prefix string
		next   string
	}
	var texts []text
	all := make([]byte, 256)
	for i := range all {
		all[i] = byte(i)
	}
	for _, prefix := range syntaxErrorPrefixes {
		texts = append(texts, text{prefix, string(all)})
	}
	for _, prefix := range deepPrefixes {
		texts = append(texts, text{prefix, "[{]}0x "})
	}
	for _, tx := range texts {
		prefix := tx.prefix
		for _, c := range []byte(tx.next) {
			text := prefix + string([]byte{c})
			var v any
			collect(json.Unmarshal([]byte(text), &v))
			dec := json.NewDecoder(strings.NewReader(text))
			for {
				_, err := dec.Token()
				if err != nil {
					collect(err)
					break
				}
			}
		}
		var v any
		collect(json.Unmarshal([]byte(prefix), &v))
	}
	for _, text := range []string{`{}`, `[1 2]`, `{"a" 1}`} {
		dec := json.NewDecoder(strings.NewReader(text))
		dec.Token()
		var v any
		for range 3 {
			if err := dec.Decode(&v); err != nil {
				collect(err)
				break
			}
		}
	}
	if len(errs) < 1000 {
		t.Fatalf("only %d syntax errors collected", len(errs))
	}
	for _, want := range errs {
		if got := NewSyntaxError(want.Error(), want.Offset); !reflect.DeepEqual(got, want) {
			t.Fatalf("NewSyntaxError(%q, %d) = %#v, want %#v", want.Error(), want.Offset, got, want)
		}
	}
}

type failing struct{ err error }

func (f failing) MarshalText() ([]byte, error) { return nil, f.err }

type failingJSONMethod struct{ err error }

func (f failingJSONMethod) MarshalJSON() ([]byte, error) { return nil, f.err }

func TestNewMarshalerError(t *testing.T) {
	boom := errors.New("boom")
	for _, tc := range []struct {
		v      any
		method string
	}{{failing{boom}, "MarshalText"}, {failingJSONMethod{boom}, "MarshalJSON"}} {
		_, want := json.Marshal(tc.v)
		var me *json.MarshalerError
		if !errors.As(want, &me) {
			t.Fatalf("Marshal(%T) = %v, want a MarshalerError", tc.v, want)
		}
		// The type is the caller's (Go 1.27 reports a pointer to it).
		got := NewMarshalerError(me.Type, boom, tc.method)
		if !reflect.DeepEqual(error(got), want) {
			t.Errorf("NewMarshalerError(%s) = %#v, want %#v", tc.method, got, want)
		}
	}
}
