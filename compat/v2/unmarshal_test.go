//go:build goexperiment.jsonv2 && go1.27

package json_test

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"reflect"
	"slices"
	"strings"
	"testing"
	"testing/iotest"
	"time"

	"encoding/json"
	"encoding/json/jsontext"
	jsonv2 "encoding/json/v2"

	ours "github.com/safejson/safejson/compat/v2"
	"github.com/safejson/safejson/internal/corpus"
)

// decoded is what an Unmarshal call did, comparable across the two
// packages: the error's type and text, and the target's value after.
type decoded struct {
	Value any
	Err   string
}

func decodeOutcome(unmarshal func(any) error, newTarget func() any) decoded {
	v := newTarget()
	err := unmarshal(v)
	var msg string
	if err != nil {
		msg = fmt.Sprintf("%T %v", err, err)
		var se *jsonv2.SemanticError
		if errors.As(err, &se) {
			msg += fmt.Sprintf(" at %d %q", se.ByteOffset, se.JSONPointer)
		}
	}
	rv := reflect.ValueOf(v)
	if rv.Kind() != reflect.Pointer || rv.IsNil() {
		return decoded{v, msg} // a target v2 refuses
	}
	return decoded{rv.Elem().Interface(), msg}
}

type entry struct {
	ID    int64  `json:"id,string"`
	Name  string `json:"name"`
	Tags  []string
	When  time.Time
	Score *float64
	Attrs map[string]any
	Kids  []entry
}

var unmarshalTargets = []func() any{
	func() any { return new(entry) }, func() any { return new([]entry) }, func() any { return new(any) },
	func() any { return new(map[string]int) }, func() any { return new(string) },
	func() any { return new(folding) },
	// Targets that are not zero, which Unmarshal merges into.
	func() any { r := entry{Name: "kept"}; return &r },
	func() any {
		score := 0.5
		return &entry{ID: 3, Name: "kept", When: time.Unix(1, 2).UTC(), Score: &score}
	},
	func() any { r := &entry{Name: "kept", Score: new(float64)}; return &r },
	func() any { f := &folding{UserID: 1, Nick: "n"}; f.Usr.ID = 2; return f },
	func() any { s := "kept"; return &s },
	// And ones it leaves to the standard library.
	func() any { return &entry{Name: "kept", Tags: []string{"t"}, Attrs: map[string]any{"a": 1.0}} },
	func() any { return &[]entry{{Name: "kept"}} },
}

// folding has names v2 matches up to case, dashes and underscores.
type folding struct {
	UserID   int64  `json:"user_id"`
	UserName string `json:"user-name,case:strict"`
	Nick     string `json:",case:ignore"`
	Usr      struct {
		ID int64 `json:"Id"`
	}
}

var unmarshalInputs = []string{
	`{"id":"7","name":"n","Tags":["a"],"When":"2001-02-03T04:05:06Z","Score":1.5,"Attrs":{"x":[1,null]},"Kids":[{"name":"k"}]}`,
	`[{"name":"a"},{"name":"b","Kids":[]}]`, `{"x":1,"y":2}`, `"s"`, `null`, ``, ` `, `{`, `{"id":7}`,
	`{"name":"a","name":"b"}`, `{"Name":"case"}`, `{"x":1,"x":2}`, "\"\xff\"", `{"When":"yesterday"}`,
	`[{"name":"a"},{"name":1}]`, `{"x":1} {"y":2}`, `{"Kids":[{"Kids":[{"id":"x"}]}]}`,
	`{"name":"a","extra":1}`, `[{"name":"a"},{"Kids":[{"other":[]}]}]`, `{"NAME":"upper"}`,
	`{"USERID":1,"username":"u","NICK":"n","usr":{"id":2}}`, `{"user_id":1,"UserId":2}`, `{"Name":"a","name":"b"}`,
	`{"KIDS":[{"Tags":["x"],"tags":["y"]}]}`, `{"id":"7","Score":"1.5","Kids":[{"Score":"-0"}]}`,
	`{"Score":2}`, `{"user_id":"3","Usr":{"Id":"4"}}`, `[{"Attrs":{"n":"1"}}]`,
	// jsontext's errors for these quote what it has read so far, so they
	// tell how the reader's bytes reached it.
	`"\u :`, `{"name":"\u12`, `["\ud800\u :"]`, `{"name":"a\x`,
}

// TestUnmarshal compares Unmarshal with encoding/json/v2's on inputs the
// engine decodes and on ones it leaves to the standard library, errors
// (type, message, offset and JSON pointer) and partial values included.
func TestUnmarshal(t *testing.T) {
	optionSets := [][]jsonv2.Options{
		nil,
		{jsonv2.RejectUnknownMembers(true)},
		{jsonv2.RejectUnknownMembers(true), jsonv2.Deterministic(true), jsonv2.RejectUnknownMembers(false)},
		{jsonv2.MatchCaseInsensitiveNames(true)},
		{jsontext.AllowDuplicateNames(true)},
		{jsonv2.JoinOptions(jsonv2.MatchCaseInsensitiveNames(true), jsontext.AllowDuplicateNames(true)), jsonv2.RejectUnknownMembers(true)},
		{jsonv2.MatchCaseInsensitiveNames(true), jsontext.SpaceAfterComma(true), jsonv2.MatchCaseInsensitiveNames(false)},
		{jsonv2.StringifyNumbers(true)},
		{jsonv2.JoinOptions(jsonv2.StringifyNumbers(true), jsonv2.RejectUnknownMembers(true))},
		// v2 reads interfaces otherwise under these two together.
		{jsonv2.StringifyNumbers(true), jsontext.AllowDuplicateNames(true)},
	}
	checkUnmarshalInputs(t, optionSets)
}

// checkUnmarshalInputs compares Unmarshal with encoding/json/v2's on each
// of unmarshalInputs into each of unmarshalTargets under each option set.
func checkUnmarshalInputs(t *testing.T, optionSets [][]jsonv2.Options) {
	t.Helper()
	for _, opts := range optionSets {
		for _, in := range unmarshalInputs {
			for _, nt := range unmarshalTargets {
				want := decodeOutcome(func(v any) error { return jsonv2.Unmarshal([]byte(in), v, opts...) }, nt)
				got := decodeOutcome(func(v any) error { return ours.Unmarshal([]byte(in), v, opts...) }, nt)
				if !reflect.DeepEqual(want, got) {
					t.Errorf("Unmarshal(%q, %T, %v):\n got %#v\nwant %#v", in, nt(), opts, got, want)
				}
			}
		}
	}
}

// TestUnmarshalRead compares UnmarshalRead with encoding/json/v2's through
// readers that hand out the input whole, a byte at a time, or fail partway.
func TestUnmarshalRead(t *testing.T) {
	failAfter := func(r io.Reader, n int64) io.Reader {
		return io.MultiReader(io.LimitReader(r, n), iotest.ErrReader(errors.New("broken pipe")))
	}
	readers := map[string]func(string) io.Reader{
		"whole":    func(s string) io.Reader { return strings.NewReader(s) },
		"bytewise": func(s string) io.Reader { return iotest.OneByteReader(strings.NewReader(s)) },
		"data+eof": func(s string) io.Reader { return iotest.DataErrReader(strings.NewReader(s)) },
		"fails":    func(s string) io.Reader { return failAfter(strings.NewReader(s), int64(len(s)/2)) },
		"failsend": func(s string) io.Reader { return failAfter(strings.NewReader(s), int64(len(s))) },
		"wronglen": func(s string) io.Reader { return wrongLen{strings.NewReader(s)} },
		"buffer":   func(s string) io.Reader { return bytes.NewBufferString(s) },
	}
	inputs := append(slices.Clone(unmarshalInputs), v1Inputs...)
	for _, opts := range [][]jsonv2.Options{nil, {json.DefaultOptionsV1()}} {
		for name, reader := range readers {
			for _, in := range inputs {
				for _, nt := range append(slices.Clone(unmarshalTargets), v1Targets...) {
					want := decodeOutcome(func(v any) error { return jsonv2.UnmarshalRead(reader(in), v, opts...) }, nt)
					got := decodeOutcome(func(v any) error { return ours.UnmarshalRead(reader(in), v, opts...) }, nt)
					if !reflect.DeepEqual(want, got) {
						t.Errorf("UnmarshalRead(%s %q, %T, %v):\n got %#v\nwant %#v", name, in, nt(), opts, got, want)
					}
				}
			}
		}
	}
}

// wrongLen says it holds 3 bytes, whatever it holds.
type wrongLen struct{ io.Reader }

func (wrongLen) Len() int { return 3 }

// v1Inputs and v1Targets are what DefaultOptionsV1 reads otherwise than
// v2: invalid UTF-8, repeated and case-folded names, type errors that
// leave partial values, and nesting past v2's limit.
var (
	v1Inputs = []string{
		"{\"name\":\"\xff\"}", `{"name":"a","name":"b","NAME":"c"}`, `{"id":"x","name":"kept?"}`,
		`[{"name":"a"},{"name":1},{"name":"c"}]`, `{"Score":"1"}`, `{"When":"2001-02-03"}`,
		strings.Repeat("[", 10001) + strings.Repeat("]", 10001), `{} x`, `{}  `, "\ufeff{}",
	}
	v1Targets = []func() any{
		func() any { return (*entry)(nil) }, func() any { return 1 }, func() any { return new(unmarshalsJSON) },
	}
)

// unmarshalsJSON has a method v1 calls with the member's text.
type unmarshalsJSON struct{ Text string }

func (u *unmarshalsJSON) UnmarshalJSON(b []byte) error {
	if bytes.Contains(b, []byte("1")) {
		return errors.New("no ones")
	}
	u.Text = string(b)
	return nil
}

// TestUnmarshalReadLong: an input longer than what is read whole goes to
// the standard library's streaming decoder, bytes read so far first.
func TestUnmarshalReadLong(t *testing.T) {
	var b bytes.Buffer
	b.WriteString(`[`)
	for i := 0; b.Len() < 5<<20; i++ {
		fmt.Fprintf(&b, `{"name":"%d","Tags":["%x"]},`, i, i)
	}
	b.WriteString(`{}]`)
	long := b.String()
	for _, in := range []string{long, long[:len(long)-1], "x" + long} {
		nt := func() any { return new([]entry) }
		want := decodeOutcome(func(v any) error { return jsonv2.UnmarshalRead(strings.NewReader(in), v) }, nt)
		got := decodeOutcome(func(v any) error { return ours.UnmarshalRead(strings.NewReader(in), v) }, nt)
		if !reflect.DeepEqual(want, got) {
			t.Errorf("UnmarshalRead of %d bytes: got error %q, want %q", len(in), got.Err, want.Err)
		}
	}
}

// TestUnmarshalCorpora decodes the benchmark documents into both type
// sets through both entry points.
func TestUnmarshalCorpora(t *testing.T) {
	for _, c := range append(corpus.Typed(), corpus.TypedB()...) {
		data, err := corpus.Load(c.Name)
		if err != nil {
			t.Fatal(err)
		}
		want := decodeOutcome(func(v any) error { return jsonv2.Unmarshal(data, v) }, c.New)
		got := decodeOutcome(func(v any) error { return ours.Unmarshal(data, v) }, c.New)
		if !reflect.DeepEqual(want, got) {
			t.Errorf("Unmarshal(%s, set %s) differs from encoding/json/v2 (error %q, want %q)", c.Name, c.Set, got.Err, want.Err)
		}
		got = decodeOutcome(func(v any) error { return ours.UnmarshalRead(bytes.NewReader(data), v) }, c.New)
		if !reflect.DeepEqual(want, got) {
			t.Errorf("UnmarshalRead(%s, set %s) differs from encoding/json/v2's Unmarshal", c.Name, c.Set)
		}
	}
}

// TestMarshalTakesRejectUnknown: Marshal runs RejectUnknownMembers, an
// unmarshal option v2's Marshal ignores, on the engine, with v2's bytes.
func TestMarshalTakesRejectUnknown(t *testing.T) {
	for _, c := range corpus.Typed() {
		v, err := c.Decode()
		if err != nil {
			t.Fatal(err)
		}
		opts := []jsonv2.Options{jsonv2.Deterministic(true), jsonv2.RejectUnknownMembers(true)}
		want, werr := jsonv2.Marshal(v, opts...)
		got, gerr := ours.Marshal(v, opts...)
		if werr != nil || gerr != nil || !bytes.Equal(got, want) {
			t.Errorf("Marshal(%s) with RejectUnknownMembers: %d bytes, %v; want %d bytes, %v", c.Name, len(got), gerr, len(want), werr)
		}
	}
}
