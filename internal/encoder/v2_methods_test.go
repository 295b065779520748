//go:build goexperiment.jsonv2 && go1.27

package encoder_test

import (
	"encoding/json"
	jsonv2 "encoding/json/v2"
	"errors"
	"strconv"
	"strings"
	"testing"
	"time"
)

// rawJSON's MarshalJSON returns its text as it is, whatever it holds.
type rawJSON string

func (r rawJSON) MarshalJSON() ([]byte, error) { return []byte(r), nil }

// failJSON's MarshalJSON fails.
type failJSON struct{}

func (failJSON) MarshalJSON() ([]byte, error) { return nil, errors.New("no") }

// ptrJSON has a pointer-receiver MarshalJSON.
type ptrJSON struct{ N int }

func (p *ptrJSON) MarshalJSON() ([]byte, error) {
	return []byte(`{"n":` + strconv.Itoa(p.N) + `}`), nil
}

// counter has a pointer-receiver MarshalJSON that changes its receiver.
type counter struct{ N int }

func (c *counter) MarshalJSON() ([]byte, error) {
	c.N++
	return []byte(strings.Repeat("1", c.N)), nil
}

// text has MarshalText; appender has AppendText too, which v2 prefers.
type text string

func (s text) MarshalText() ([]byte, error) {
	if s == "fail" {
		return nil, errors.New("no")
	}
	return []byte("t:" + s), nil
}

type appender string

func (s appender) MarshalText() ([]byte, error) { return []byte("marshal"), nil }

func (s *appender) AppendText(b []byte) ([]byte, error) { return append(b, "append:"+*s...), nil }

// both has MarshalJSON and MarshalText: v2 calls MarshalJSON.
type both struct{}

func (both) MarshalJSON() ([]byte, error) { return []byte(`"json"`), nil }
func (both) MarshalText() ([]byte, error) { return []byte("text"), nil }

// keyText is a map key with MarshalText; names of two keys may collide.
type keyText int

func (k keyText) MarshalText() ([]byte, error) {
	switch {
	case k < 0:
		return nil, errors.New("negative key")
	case k >= 100:
		return []byte("same"), nil
	case k == 50:
		return []byte("\xff"), nil
	}
	return []byte("k" + strings.Repeat("x", int(k))), nil
}

// zeroIf has a value-receiver IsZero; ptrZero a pointer-receiver one.
type zeroIf struct{ N int }

func (z zeroIf) IsZero() bool { return z.N < 10 }

type ptrZero struct{ N int }

func (z *ptrZero) IsZero() bool { return z.N%2 == 0 }

type withMethods struct {
	R     rawJSON
	PR    *rawJSON
	P     ptrJSON
	T     text
	A     appender
	B     both
	Num   json.Number
	Raw   json.RawMessage
	Z     zeroIf   `json:",omitzero"`
	PZ    ptrZero  `json:",omitzero"`
	PZP   *ptrZero `json:",omitzero"`
	ZI    any      `json:",omitzero"`
	E     rawJSON  `json:",omitempty"`
	Keys  map[keyText]int
	Times map[text]time.Time
}

// TestMethods: values of types with methods that Append writes as v2
// does, and values v2 rejects, which Append must leave to it.
func TestMethods(t *testing.T) {
	r := rawJSON(` [1, {"a" : "\u0041\/"}] `)
	writes := []any{
		rawJSON(`1`), rawJSON(` "a" `), rawJSON(`"\u00e9\u2028\/\ud83d\ude00"`), rawJSON("\"\u2028\""),
		rawJSON(`{"b":1,"a":[true,false,null]}`), rawJSON(strings.Repeat("[", 100) + strings.Repeat("]", 100)),
		&r, []rawJSON{"1", " 2 ", `"x"`}, map[string]rawJSON{"a": "null", "b": "{}"},
		ptrJSON{}, &ptrJSON{N: 2}, []ptrJSON{{}, {N: 1}}, map[string]ptrJSON{"p": {N: 3}},
		text("x"), appender("y"), both{}, []both{{}},
		json.Number(""), json.Number("12.5e3"), []json.Number{"1", "-0"},
		json.RawMessage(nil), json.RawMessage(` {"z": [ 1 ] } `),
		withMethods{R: "0", E: "null"}, &withMethods{
			R: `"r"`, PR: &r, P: ptrJSON{N: 3}, T: "t", A: "a", Num: "7", Raw: json.RawMessage(`[ ]`),
			Z: zeroIf{N: 10}, PZ: ptrZero{N: 1}, PZP: &ptrZero{N: 3}, ZI: zeroIf{N: 1}, E: `""`,
			Keys:  map[keyText]int{1: 1, 2: 2, 3: 3},
			Times: map[text]time.Time{"b": time.Unix(1, 0).UTC(), "a": {}},
		},
		withMethods{R: "[]", E: "[]", ZI: &ptrZero{N: 4}, PZP: &ptrZero{N: 2}},
		map[keyText]string{1: "a", 2: "b"},
		// Texts written as they are without the lexer, and near misses
		// that the lexer rewrites.
		rawJSON(`""`), rawJSON(`"Mon Jan 02 15:04:05 -0700 2006"`), rawJSON(`"a/b"`), rawJSON(`"a<b>&c"`),
		rawJSON("\"a\x7fb\""), rawJSON(`"` + strings.Repeat("id-42 ", 20) + `"`), rawJSON(`0`), rawJSON(`-0`),
		rawJSON(`-12.5e+3`), rawJSON(`1.5E-7`), rawJSON(`1234567890123456789012345678901234567890`),
		rawJSON(`"a\"b"`), rawJSON(`"\u00e9"`), rawJSON(`"é"`), rawJSON(`"\/"`), rawJSON(`1 `), rawJSON(` 1`),
		rawJSON(`"a" `), []rawJSON{`"x"`, `7`, `"y"`},
	}
	for _, v := range writes {
		if !check(t, v) {
			t.Errorf("Append left %#v to encoding/json/v2", v)
		}
	}
	rejects := []any{
		rawJSON(`{"a":1,"a":2}`), rawJSON(`{"a":1,"\u0061":2}`), rawJSON(`[1,]`), rawJSON(``),
		rawJSON(`1 2`), rawJSON("\"\xff\""), rawJSON(`"\ud800"`), failJSON{}, []any{1, failJSON{}}, withMethods{},
		// Deeper than Append follows: left to v2, which takes it.
		rawJSON(strings.Repeat("[", 9100) + strings.Repeat("]", 9100)),
		text("fail"), text("é\xff"), json.Number("012"), json.Number("x"), json.RawMessage(`nope`),
		map[keyText]string{100: "a", 101: "b"}, map[keyText]int{-1: 1}, map[keyText]int{50: 1},
		map[keyText]any{4: failJSON{}},
		rawJSON(`01`), rawJSON(`-01`), rawJSON(`1.`), rawJSON(`-`), rawJSON(`+1`), rawJSON(`1e`), rawJSON(`0x1`),
		rawJSON(`.5`), rawJSON(`"a"b"`), rawJSON(`"`), rawJSON(`"a\"`), rawJSON(`"abc`), rawJSON("\"tab\t\""),
		rawJSON("\"\xffab\""), rawJSON("\"ab\xc3\""), rawJSON(`"\q"`),
	}
	for _, v := range rejects {
		if check(t, v) {
			t.Errorf("Append wrote %#v itself", v)
		}
	}
}

// TestMethodsSeeACopy: v2 calls methods on a copy of a value given to it
// without its address, so a pointer-receiver method that changes its
// receiver changes nothing of the caller's; given a pointer, it changes
// the value pointed to.
func TestMethodsSeeACopy(t *testing.T) {
	type holder struct{ P counter }
	mine, theirs := holder{}, holder{}
	var boxed any = mine
	for range 2 {
		got, ok, _ := engineAppend(boxed, true)
		want, err := jsonv2.Marshal(theirs)
		if !ok || err != nil || string(got) != string(want) {
			t.Fatalf("Append(holder{}) = %s, %v; want %s, %v", got, ok, want, err)
		}
	}
	if boxed.(holder).P.N != 0 {
		t.Errorf("a method changed the caller's value: %+v", boxed)
	}
	p, q := &holder{}, &holder{}
	for range 2 {
		got, _, _ := engineAppend(p, true)
		want, _ := jsonv2.Marshal(q)
		if string(got) != string(want) || p.P.N != q.P.N {
			t.Errorf("Append(&holder) = %s with %+v; v2 gives %s with %+v", got, p, want, q)
		}
	}
}
