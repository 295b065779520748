package encoder

import (
	"encoding/json"
	"errors"
	"fmt"
	"testing"

	"github.com/safejson/safejson/internal/escape"
)

type failingMarshaler struct{}

func (failingMarshaler) MarshalJSON() ([]byte, error) { return nil, errors.New("fails first") }

type panickingMarshaler struct{}

func (panickingMarshaler) MarshalJSON() ([]byte, error) { panic("never reached by encoding/json") }

// encoding/json encodes map values in key order and stops at the first
// error, so a marshaler that panics under a later key is never called. The
// fast path encodes in iteration order; found by conformance's Marshal
// property.
func TestMapPanicAfterErrorInKeyOrder(t *testing.T) {
	type row struct {
		M  json.Marshaler
		ID failingMarshaler
	}
	v := map[string][]row{"a": {{}}, "b": {{M: panickingMarshaler{}}}}
	describe := func(f func() ([]byte, error)) (s string) {
		defer func() {
			if r := recover(); r != nil {
				s = fmt.Sprint("panic: ", r)
			}
		}()
		b, err := f()
		return fmt.Sprintf("%q %T %v", b, err, err)
	}
	want := describe(func() ([]byte, error) { return json.Marshal(v) })
	for range 50 { // map iteration order is random
		got := describe(func() ([]byte, error) { return Marshal(v, Options{}) })
		if got != want {
			t.Fatalf("Marshal = %s, want %s", got, want)
		}
	}
}

// countedPanic counts its MarshalJSON calls in calls, and panics in the
// ones where boom is set.
type countedPanic struct {
	calls *int
	boom  bool
}

func (c countedPanic) MarshalJSON() ([]byte, error) {
	*c.calls++
	if c.boom {
		panic("boom")
	}
	return []byte(`1`), nil
}

// TestPanicInOrder: a type that reaches no map or interface is written
// with no guard once a state has seen it (see inOrderType). Calls of it
// that panic and that do not, in turn, give encoding/json's results; a
// state that has seen the type calls a panicking method once, as
// encoding/json does (a guarded call runs it again in exact order).
func TestPanicInOrder(t *testing.T) {
	type record struct {
		A    int
		When countedPanic
		Tail []string
	}
	catch := func(f func() ([]byte, error)) (s string) {
		defer func() {
			if r := recover(); r != nil {
				s = fmt.Sprint("panic: ", r)
			}
		}()
		b, err := f()
		return fmt.Sprintf("%q %v", b, err)
	}
	o := Options{Escape: escape.HTML}
	var calls int
	for i, boom := range []bool{false, false, true, false, true, true, false} {
		v := record{A: i, When: countedPanic{&calls, boom}, Tail: []string{"x"}}
		want := catch(func() ([]byte, error) { return json.Marshal(v) })
		if got := catch(func() ([]byte, error) { return Marshal(v, o) }); got != want {
			t.Fatalf("call %d: Marshal = %s, want %s", i, got, want)
		}
	}

	st := getState(o) // not put back: a panic leaves it midway
	if _, err := st.encodeAny(nil, record{When: countedPanic{&calls, false}}); err != nil {
		t.Fatal(err)
	}
	calls = 0
	got := catch(func() ([]byte, error) { return st.encodeAny(nil, record{When: countedPanic{&calls, true}}) })
	if got != "panic: boom" || calls != 1 {
		t.Errorf("a seen type: %s after %d method calls, want panic: boom after 1", got, calls)
	}

	// A map's type is not in order: a state that has seen it still finds
	// the error of the first key in encoding/json's order.
	type row struct {
		M  json.Marshaler
		ID failingMarshaler
	}
	m := map[int]row{1: {}, 2: {M: panickingMarshaler{}}} // string keys are worked in order anyway
	want := catch(func() ([]byte, error) { return json.Marshal(m) })
	st = getState(o)
	defer putState(st)
	for range 50 { // map iteration order is random
		got := catch(func() ([]byte, error) {
			b, err := st.encodeAny(nil, m)
			if err != nil {
				return nil, err // Marshal returns no text with an error
			}
			return b, nil
		})
		if got != want {
			t.Fatalf("a seen map type: %s, want %s", got, want)
		}
		st.reset()
	}
}
