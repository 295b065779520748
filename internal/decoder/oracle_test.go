package decoder

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/safejson/safejson/internal/jsontest"
	"github.com/safejson/safejson/internal/semantics"
	"github.com/safejson/safejson/internal/streamdecoder"
)

// The oracle is the encoding/json of the toolchain running the tests (Go
// 1.26, or 1.27 in either mode): every test here compares with what it does.

// options for comparing decoded values: unexported fields count too, and
// NaN equals NaN (Go 1.27 reads "NaN" in a `,string` float field). Times
// compare by their text, instant and zone: left to itself go-cmp calls
// time.Time.Equal through reflect.Method, and on js/wasm a GC cycle can
// take that method's code pointer for a heap pointer and abort the test
// binary ("found bad pointer in Go heap", the kind of golang/go#80472).
// Maps keyed by times compare as lists sorted by that text: go-cmp
// compares map keys with ==, and a time in a zone of an offset that is
// not whole hours holds a *time.Location of its own, made anew by each
// parse (time.FixedZone shares those of whole hours).
var cmpOpts = []cmp.Option{
	cmp.Exporter(func(reflect.Type) bool { return true }),
	cmp.Comparer(func(a, b time.Time) bool { return a.String() == b.String() }),
	cmpopts.SortMaps(func(a, b time.Time) bool { return a.String() < b.String() }),
	cmpopts.EquateNaNs(),
}

// diffUnmarshal decodes data with encoding/json and with this package into
// two targets made by mk (which may pre-fill them) and returns a description
// of any difference in the targets or the errors.
func diffUnmarshal(data []byte, mk func() any, o Options) string {
	want, got := mk(), mk()
	var wantErr error
	if semantics.OnV2 && holdsPointerToItself(want) && json.Valid(data) && firstByte(data) != 'n' {
		// encoding/json on v2 recurses until the stack overflows (a fatal
		// error, which no test can call); safejson stops with an error.
		if err := Unmarshal(data, got, o); err != errDescent {
			return fmt.Sprintf("error = %v, want %v", err, errDescent)
		}
		return ""
	}
	if o == (Options{}) {
		wantErr = json.Unmarshal(data, want)
	} else {
		wantErr = stdDecode(data, want, o)
	}
	var gotErr error
	if o == (Options{}) {
		gotErr = Unmarshal(data, got, o)
	} else {
		gotErr = ourDecode(data, got, o)
	}
	if d := cmp.Diff(jsontest.Describe(wantErr), jsontest.Describe(gotErr)); d != "" {
		return "error (-want +got):\n" + d
	}
	if reflect.DeepEqual(want, got) {
		return ""
	}
	if len(data) > 1000 {
		// cmp.Diff takes very long on deeply nested values.
		return fmt.Sprintf("values differ:\nwant %.300v\ngot  %.300v", want, got)
	}
	if d := cmp.Diff(want, got, cmpOpts...); d != "" {
		return "value (-want +got):\n" + d
	}
	return ""
}

// newDecoder is compat's Decoder: the stream decoder over this package's
// engine.
func newDecoder(r io.Reader) *streamdecoder.Decoder {
	return streamdecoder.NewDecoder(r, func(data []byte, v any, o streamdecoder.Options) error {
		return DecodeValid(data, v, Options(o))
	})
}

// ourDecode is stdDecode through this package's Unmarshal and Decoder: the
// options exist only on a Decoder, whose errors can differ from
// Unmarshal's (v1 on v2 counts offsets from the value, not the stream).
func ourDecode(data []byte, v any, o Options) error {
	if err := Unmarshal(data, new(any), Options{}); err != nil {
		var se *json.SyntaxError
		if errors.As(err, &se) {
			return err
		}
	}
	dec := newDecoder(bytesReader(data))
	if o.UseNumber {
		dec.UseNumber()
	}
	if o.DisallowUnknownFields {
		dec.DisallowUnknownFields()
	}
	return dec.Decode(v)
}

// holdsPointerToItself reports whether v is a *any whose interface holds v.
func holdsPointerToItself(v any) bool {
	p, ok := v.(*any)
	return ok && *p == any(p)
}

// firstByte is the first byte of data after whitespace, or 0.
func firstByte(data []byte) byte {
	for _, c := range data {
		if c != ' ' && c != '\t' && c != '\n' && c != '\r' {
			return c
		}
	}
	return 0
}

// stdDecode is json.Unmarshal with options, through a Decoder; input with
// anything after the value is not used with it.
func stdDecode(data []byte, v any, o Options) error {
	if err := json.Unmarshal(data, new(any)); err != nil {
		var se *json.SyntaxError
		if errors.As(err, &se) {
			return err
		}
	}
	dec := json.NewDecoder(bytesReader(data))
	if o.UseNumber {
		dec.UseNumber()
	}
	if o.DisallowUnknownFields {
		dec.DisallowUnknownFields()
	}
	return dec.Decode(v)
}
