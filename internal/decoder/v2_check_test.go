//go:build goexperiment.jsonv2 && go1.27

package decoder_test

// The differential check of UnmarshalV2 against encoding/json/v2, which the
// v2 decoding tests run each input through.

import (
	"encoding/json/jsontext"
	jsonv2 "encoding/json/v2"
	"fmt"
	"reflect"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/safejson/safejson/internal/decoder"
	"github.com/safejson/safejson/internal/v2opts"
)

// check decodes data into a new value from newTarget with UnmarshalV2 and
// with encoding/json/v2, with v2's default options, again with
// RejectUnknownMembers, again with MatchCaseInsensitiveNames and
// AllowDuplicateNames, again with StringifyNumbers, and again with it and
// AllowDuplicateNames, under which v2 reads interfaces otherwise: where
// UnmarshalV2 decodes, v2 must succeed with the same value, keeping the
// same pointers of the target's; where it declines, the target must be as
// newTarget made it, pointers included. It reports whether UnmarshalV2
// decoded with the default options.
func check(t *testing.T, data string, newTarget func() any) bool {
	t.Helper()
	decoded := checkWith(t, data, newTarget, 0)
	checkWith(t, data, newTarget, v2opts.RejectUnknown)
	checkWith(t, data, newTarget, v2opts.MatchCase|v2opts.AllowDuplicates)
	checkWith(t, data, newTarget, v2opts.Stringify)
	checkWith(t, data, newTarget, v2opts.Stringify|v2opts.AllowDuplicates)
	return decoded
}

// checkAll checks each of inputs into each of targets.
func checkAll(t *testing.T, inputs []string, targets []func() any) {
	t.Helper()
	for _, in := range inputs {
		for _, nt := range targets {
			check(t, in, nt)
		}
	}
}

// taken is a text that UnmarshalV2 must decode into a new target: under
// the flags f, or where f is 0, under v2's default options (and the others
// check tries).
type taken struct {
	in     string
	target func() any
	f      v2opts.Flags
}

// checkTaken checks each case, and fails it where UnmarshalV2 left it to v2.
func checkTaken(t *testing.T, cases []taken) {
	t.Helper()
	for _, c := range cases {
		decoded := false
		if c.f == 0 {
			decoded = check(t, c.in, c.target)
		} else {
			decoded = checkWith(t, c.in, c.target, c.f)
		}
		if !decoded {
			t.Errorf("Unmarshal(%q, %T) with flags %b left it to v2", c.in, c.target(), c.f)
		}
	}
}

// checkWith is check's work under the flags f, of which it reads
// RejectUnknown, MatchCase, AllowDuplicates and Stringify.
func checkWith(t *testing.T, data string, newTarget func() any, f v2opts.Flags) bool {
	t.Helper()
	want := newTarget()
	wantBefore := pointersOf(want)
	opts := []jsonv2.Options{
		jsonv2.RejectUnknownMembers(f&v2opts.RejectUnknown != 0),
		jsonv2.MatchCaseInsensitiveNames(f&v2opts.MatchCase != 0),
		jsontext.AllowDuplicateNames(f&v2opts.AllowDuplicates != 0),
		jsonv2.StringifyNumbers(f&v2opts.Stringify != 0),
	}
	werr := stdUnmarshal([]byte(data), want, opts...)
	got := newTarget()
	gotBefore := pointersOf(got)
	if !decoder.UnmarshalV2([]byte(data), got, decoder.OptionsV2{Flags: f, Opts: opts}) {
		if !reflect.DeepEqual(got, newTarget()) || !slices.Equal(pointersOf(got), gotBefore) {
			t.Errorf("Unmarshal(%q, %T, %b) declined but left %#v", data, got, f, reflect.ValueOf(got).Elem())
		}
		return false
	}
	if werr != nil {
		t.Errorf("Unmarshal(%q, %T, %b) decoded %#v; encoding/json/v2 fails: %v", data, got, f, reflect.ValueOf(got).Elem(), werr)
		return true
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Unmarshal(%q, %T, %b): (-v2 +got)\n%s", data, got, f, cmp.Diff(want, got, cmp.Exporter(func(reflect.Type) bool { return true })))
	}
	if g, w := kept(gotBefore, pointersOf(got)), kept(wantBefore, pointersOf(want)); !slices.Equal(g, w) {
		t.Errorf("Unmarshal(%q, %T, %b) kept the target's pointers %v; v2 keeps %v", data, got, f, g, w)
	}
	return true
}

// pointersOf lists the non-nil pointers in v, a pointer, through pointers
// and struct fields, depth first, as far as a few levels.
func pointersOf(v any) []uintptr {
	var ps []uintptr
	var walk func(v reflect.Value, depth int)
	walk = func(v reflect.Value, depth int) {
		switch v.Kind() {
		case reflect.Pointer:
			if !v.IsNil() && depth < 8 {
				ps = append(ps, v.Pointer())
				walk(v.Elem(), depth+1)
			}
		case reflect.Struct:
			for i := range v.NumField() {
				walk(v.Field(i), depth)
			}
		}
	}
	walk(reflect.ValueOf(v), 0)
	return ps
}

// kept says, for each pointer in after, which of before it is (its index),
// or -1 for one that was not there.
func kept(before, after []uintptr) []int {
	idx := make([]int, len(after))
	for i, p := range after {
		idx[i] = slices.Index(before, p)
	}
	return idx
}

// stdUnmarshal is encoding/json/v2's Unmarshal, with a panic (from the
// random types' methods) turned into an error.
func stdUnmarshal(data []byte, v any, opts ...jsonv2.Options) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	return jsonv2.Unmarshal(data, v, opts...)
}

// stdMarshal is encoding/json/v2's Marshal, with a panic turned into an
// error.
func stdMarshal(v any) (data []byte, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	return jsonv2.Marshal(v)
}

func newOf[T any]() func() any { return func() any { return new(T) } }
