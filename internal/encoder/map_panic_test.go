package encoder

import (
	"encoding/json"
	"errors"
	"fmt"
	"testing"
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
