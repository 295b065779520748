// Package randbench holds JSON libraries to encoding/json on the random
// type sets of internal/randtypes, then times them side by side in one
// process. cmd/safejson's bench -random runs it with safejson against
// encoding/json; the bench module's cmd/random adds the peer libraries,
// which the root module may not import.
package randbench

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"

	"github.com/safejson/safejson/internal/randtypes"
)

// Lib is one JSON library under test.
type Lib struct {
	Name      string
	Marshal   func(v any) ([]byte, error)
	Unmarshal func(data []byte, v any) error
}

// Op is an operation that is checked and timed.
type Op int

const (
	Marshal Op = iota
	Unmarshal
)

func (o Op) String() string { return [...]string{"Marshal", "Unmarshal"}[o] }

// Case is a type set with encoding/json's output for its value and what
// encoding/json decodes that output into.
type Case struct {
	randtypes.Set
	JSON    []byte
	decoded any // a pointer to the decoded value
}

// Prepare marshals and unmarshals every set with encoding/json. An error
// means the generator drew a value encoding/json cannot round-trip.
func Prepare(sets []randtypes.Set) ([]Case, error) {
	cases := make([]Case, len(sets))
	for i, s := range sets {
		data, err := json.Marshal(s.Value)
		if err != nil {
			return nil, fmt.Errorf("set %d: encoding/json.Marshal: %v", s.Index, err)
		}
		p := reflect.New(s.Type).Interface()
		if err := json.Unmarshal(data, p); err != nil {
			return nil, fmt.Errorf("set %d: encoding/json.Unmarshal: %v", s.Index, err)
		}
		cases[i] = Case{Set: s, JSON: data, decoded: p}
	}
	return cases, nil
}

// New returns a pointer to a new zero value to unmarshal the case into.
func (c *Case) New() any { return reflect.New(c.Type).Interface() }

// Check runs lib's Marshal and Unmarshal on c and says how each differs
// from encoding/json, nil where it does not. Marshal must give the same
// bytes. Unmarshal must give a value reflect.DeepEqual to encoding/json's
// or, unless exact, one that encoding/json marshals to the same bytes (a
// different but equivalent *time.Location, say).
func Check(c *Case, lib Lib, exact bool) (errs [2]error) {
	errs[Marshal] = guard(func() error {
		got, err := lib.Marshal(c.Value)
		if err != nil {
			return fmt.Errorf("error %v", err)
		}
		if !bytes.Equal(got, c.JSON) {
			return fmt.Errorf("bytes differ at offset %d of %d: %s", firstDiff(got, c.JSON), len(c.JSON), excerpt(got, c.JSON))
		}
		return nil
	})
	errs[Unmarshal] = guard(func() error {
		p := c.New()
		if err := lib.Unmarshal(c.JSON, p); err != nil {
			return fmt.Errorf("error %v", err)
		}
		if reflect.DeepEqual(p, c.decoded) {
			return nil
		}
		again, err := json.Marshal(p)
		if !exact && err == nil && bytes.Equal(again, c.JSON) {
			return nil
		}
		if err != nil {
			return fmt.Errorf("decoded value differs; encoding/json cannot marshal it: %v", err)
		}
		return fmt.Errorf("decoded value differs; it marshals to other bytes at offset %d: %s",
			firstDiff(again, c.JSON), excerpt(again, c.JSON))
	})
	return errs
}

// guard turns a panic of f into an error.
func guard(f func() error) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("panic: %v", p)
		}
	}()
	return f()
}

func firstDiff(a, b []byte) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}

// excerpt shows got and want around their first difference.
func excerpt(got, want []byte) string {
	i := firstDiff(got, want)
	from := max(i-30, 0)
	cut := func(b []byte) []byte { return b[min(from, len(b)):min(i+30, len(b))] }
	return fmt.Sprintf("got …%s…, want …%s…", cut(got), cut(want))
}
