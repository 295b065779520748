//go:build goexperiment.jsonv2 && go1.27

package json_test

import (
	"bytes"
	"encoding/json"
	"encoding/json/jsontext"
	jsonv2 "encoding/json/v2"
	"errors"
	"fmt"
	"io"
	"net/netip"
	"strings"
	"testing"
	"time"

	ours "github.com/safejson/safejson/compat/v2"
	"github.com/safejson/safejson/internal/corpus"
	"github.com/safejson/safejson/internal/encoder"
)

// writeOptionSets are the option sets MarshalWrite is held to
// encoding/json/v2's under: the v2 engine's (with Deterministic, for the
// same bytes) and DefaultOptionsV1, encoding/json's.
var writeOptionSets = [][]jsonv2.Options{
	{jsonv2.Deterministic(true)},
	{jsonv2.Deterministic(true), jsontext.WithIndent("  ")},
	{jsonv2.Deterministic(true), jsontext.EscapeForHTML(true), jsonv2.StringifyNumbers(true)},
	{jsonv2.Deterministic(true), jsonv2.FormatNilSliceAsNull(true), jsontext.SpaceAfterComma(true)},
	{json.DefaultOptionsV1()},
}

// writeAsMarshal turns a MarshalWrite into a Marshal: it writes to a
// bytes.Buffer that already holds a byte, or, without buffer, to a writer
// of another type, and returns what was written after that byte.
func writeAsMarshal(write func(io.Writer, any, ...jsonv2.Options) error, buffer bool) func(any, ...jsonv2.Options) ([]byte, error) {
	return func(v any, opts ...jsonv2.Options) ([]byte, error) {
		bb := bytes.NewBufferString("-")
		var w io.Writer = bb
		if !buffer {
			w = struct{ io.Writer }{bb}
		}
		err := write(w, v, opts...)
		return bb.Bytes()[1:], err
	}
}

// TestMarshalWrite holds MarshalWrite, to a bytes.Buffer and to another
// writer, to encoding/json/v2's on conformance's random values and the
// corpora.
func TestMarshalWrite(t *testing.T) {
	values := randomValues(2034, 600)
	for _, c := range corpus.Typed() {
		v, err := corpus.DecodeTyped(c.Name)
		if err != nil {
			t.Fatal(err)
		}
		values = append(values, v)
	}
	// Values v2 refuses are its to report: the engine must write most of
	// the others for the test to hold it.
	engine, marshalable := 0, 0
	for _, v := range values {
		if o := marshalOutcome(jsonv2.Marshal, v, false, jsonv2.Deterministic(true)); o.Err == "" && o.Panic == "" {
			marshalable++
		}
		if encoder.WritesV2(v) {
			engine++
		}
	}
	t.Logf("the engine writes %d of the %d values v2 marshals", engine, marshalable)
	if engine < marshalable*3/4 {
		t.Errorf("the engine writes %d of the %d values v2 marshals: too few for the test to hold it", engine, marshalable)
	}
	for _, buffer := range []bool{true, false} {
		std := writeAsMarshal(jsonv2.MarshalWrite, buffer)
		got := writeAsMarshal(ours.MarshalWrite, buffer)
		for i, v := range values {
			for _, opts := range writeOptionSets {
				want := marshalOutcome(std, v, false, opts...)
				if o := marshalOutcome(got, v, false, opts...); o != want && !(want.Err != "" && stdWriteGives(std, o, v, opts)) {
					t.Errorf("case %d, to a bytes.Buffer %v: MarshalWrite(%#v, %v)\n got %+v\nwant %+v", i, buffer, v, opts, o, want)
				}
			}
		}
	}
}

// stdWriteGives reports whether the standard library's MarshalWrite gives
// o for v in one of a few hundred more calls: where several members fail,
// which it meets first can depend on its map order.
func stdWriteGives(std func(any, ...jsonv2.Options) ([]byte, error), o outcome, v any, opts []jsonv2.Options) bool {
	for range 300 {
		if marshalOutcome(std, v, false, opts...) == o {
			return true
		}
	}
	return false
}

// failingWriter takes n bytes, then fails every Write with errSink.
type failingWriter struct {
	n     int
	got   bytes.Buffer
	calls int
}

var errSink = errors.New("sink failed")

func (w *failingWriter) Write(p []byte) (int, error) {
	w.calls++
	if len(p) <= w.n {
		w.n -= len(p)
		return w.got.Write(p)
	}
	k, _ := w.got.Write(p[:w.n])
	w.n = 0
	return k, errSink
}

// TestMarshalWriteFailingWriter checks MarshalWrite's error where the
// writer fails: the standard library's, wrapping the writer's, after a
// part of the text. Under DefaultOptionsV1 that is a *json.MarshalerError
// where the Write fails within a method's text, as it does for a value
// that is itself written by one.
func TestMarshalWriteFailingWriter(t *testing.T) {
	twitter, err := corpus.DecodeTyped("twitter_status")
	if err != nil {
		t.Fatal(err)
	}
	when := time.Date(2024, 3, 5, 7, 8, 9, 0, time.UTC)
	type stamped struct{ time.Time }
	values := []any{twitter, when, &stamped{when}, netip.MustParseAddr("2001:db8::1"), []any{when, 1}}
	for _, v := range values {
		for _, opts := range []jsonv2.Options{jsonv2.Deterministic(true), json.DefaultOptionsV1()} {
			text, err := jsonv2.Marshal(v, opts)
			if err != nil {
				t.Fatal(err)
			}
			for _, at := range []int{0, 1, 100, 5000, len(text) - 1} {
				if at >= len(text) {
					continue
				}
				w, stdW := &failingWriter{n: at}, &failingWriter{n: at}
				got := ours.MarshalWrite(w, v, opts)
				want := jsonv2.MarshalWrite(stdW, v, opts)
				if fmt.Sprintf("%T %v", got, got) != fmt.Sprintf("%T %v", want, want) || !errors.Is(got, errSink) {
					t.Errorf("%T, %v, writer failing after %d bytes: MarshalWrite returned %T %v; want %T %v", v, opts, at, got, got, want, want)
				}
				if !bytes.HasPrefix(text, w.got.Bytes()) {
					t.Errorf("%T, %v, writer failing after %d bytes: wrote %.40q..., not a part of the text", v, opts, at, w.got.Bytes())
				}
			}
		}
	}
}

// TestMarshalWriteOneWrite checks that a value the engine writes goes to
// the writer in one Write, while one whose text is longer than
// MarshalWrite buffers goes to the standard library's MarshalWrite, which
// writes it in many, through a buffer of bounded size; the bytes are the
// standard library's in both.
func TestMarshalWriteOneWrite(t *testing.T) {
	element := strings.Repeat("x", 1000)
	for _, opts := range [][]jsonv2.Options{nil, {json.DefaultOptionsV1()}} {
		for _, n := range []int{4000, 4600} {
			v := make([]string, n) // 4,008,001 and 4,608,001 bytes of text
			for i := range v {
				v[i] = element
			}
			w, stdW := &failingWriter{n: 1 << 30}, &failingWriter{n: 1 << 30}
			if err := ours.MarshalWrite(w, v, opts...); err != nil {
				t.Fatal(err)
			}
			if err := jsonv2.MarshalWrite(stdW, v, opts...); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(w.got.Bytes(), stdW.got.Bytes()) {
				t.Errorf("%v, %d elements: MarshalWrite's text differs from encoding/json/v2's", opts, n)
			}
			long := w.got.Len() > 4<<20
			if long && w.calls < 100 || !long && w.calls != 1 {
				t.Errorf("%v: %d bytes of text written in %d Write calls", opts, w.got.Len(), w.calls)
			}
		}
	}
}
