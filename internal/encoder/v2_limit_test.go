//go:build goexperiment.jsonv2 && go1.27

package encoder_test

import (
	"bytes"
	"encoding/json"
	jsonv2 "encoding/json/v2"
	"errors"
	"fmt"
	"io"
	"slices"
	"testing"

	"github.com/safejson/safejson/internal/encoder"
	"github.com/safejson/safejson/internal/escape"
	"github.com/safejson/safejson/internal/v2opts"
)

// TestLimit holds each element loop of the v2 preset to OptionsV2.Limit:
// past it the call gives the value up, at its limit and above it writes
// the same text as without one, and the text never passes the limit by
// more than one element.
func TestLimit(t *testing.T) {
	type item struct{ A, B string }
	long := string(bytes.Repeat([]byte("x"), 40))
	items := make([]item, 30)
	pointers := make([]*item, 30)
	strs := make([]string, 30)
	ints := make([]int, 30)
	anys := make([]any, 30)
	nested := make([][]string, 30)
	anyMap := map[string]any{}
	strMap := map[string]string{}
	intMap := map[int]item{}
	for i := range 30 {
		items[i] = item{long, "b"}
		pointers[i] = &items[i]
		strs[i] = long
		ints[i] = 1000000 + i
		anys[i] = long
		nested[i] = []string{long}
		key := fmt.Sprint("k", i)
		anyMap[key] = long
		strMap[key] = long
		intMap[i] = item{long, "c"}
	}
	invalid := []string{"\xff" + long, long, long, long, long, long}
	values := []any{
		items, pointers, strs, ints, anys, nested, anyMap, strMap, intMap,
		[30]string(strs), struct{ L []item }{items}, map[string][]int{"a": ints, "b": ints},
	}
	for _, flags := range []v2opts.Flags{0, v2opts.Sorted} {
		for _, v := range values {
			whole, ok := encoder.MarshalV2(v, &encoder.OptionsV2{Flags: flags})
			if !ok {
				t.Fatalf("%T: MarshalV2 without a limit gave it up", v)
			}
			checkLimit(t, v, encoder.OptionsV2{Flags: flags}, len(whole))
		}
	}
	whole, ok := encoder.MarshalV2(invalid, &encoder.OptionsV2{Flags: v2opts.AllowInvalidUTF8})
	if !ok {
		t.Fatal("invalid strings: MarshalV2 without a limit gave them up")
	}
	checkLimit(t, invalid, encoder.OptionsV2{Flags: v2opts.AllowInvalidUTF8}, len(whole))
}

// checkLimit runs AppendV2 and WriteV2 on v under o with limits below,
// at and above n, the length of v's text, whose elements are all shorter
// than half of it.
func checkLimit(t *testing.T, v any, o encoder.OptionsV2, n int) {
	t.Helper()
	want, _ := encoder.MarshalV2(v, &o)
	for _, limit := range []int{1, n / 2, n, n + 1} {
		o.Limit = limit
		got, ok := encoder.AppendV2(nil, v, o)
		written, err := encoder.WriteV2(new(bytes.Buffer), v, o)
		if ok != written || err != nil {
			t.Errorf("%T, limit %d: AppendV2 reported %v, WriteV2 %v (%v)", v, limit, ok, written, err)
		}
		switch {
		case limit >= n && !ok:
			t.Errorf("%T, limit %d: a %d-byte text given up", v, limit, n)
		case limit < n && ok:
			t.Errorf("%T, limit %d: a %d-byte text written whole", v, limit, n)
		case ok && canonical(got) != canonical(want):
			t.Errorf("%T, limit %d: wrote\n%s\nwant\n%s", v, limit, got, want)
		}
	}
}

// TestWriteV2 checks that WriteV2 writes MarshalV2's text in one Write, and
// returns the writer's error.
func TestWriteV2(t *testing.T) {
	for _, o := range []encoder.OptionsV2{{}, {Flags: v2opts.EscapeHTML}, {Flags: v2opts.Multiline, Layout: &encoder.Layout{Indent: "  "}}} {
		v := map[string][]string{"<a>": {"b", "c"}}
		want, _ := encoder.MarshalV2(v, &o)
		w := &countingWriter{}
		written, err := encoder.WriteV2(w, v, o)
		if !written || err != nil || w.calls != 1 || w.String() != string(want) {
			t.Errorf("WriteV2 under %+v: %v, %v, %d Write calls of %q; want one of %q", o, written, err, w.calls, w.String(), want)
		}
		sink := errors.New("sink")
		written, err = encoder.WriteV2(&countingWriter{fail: sink}, v, o)
		if !written || err != sink {
			t.Errorf("WriteV2 to a failing writer under %+v: %v, %v; want true, the writer's error", o, written, err)
		}
	}
	if _, ok := encoder.MarshalV2(func() {}, &encoder.OptionsV2{}); ok {
		t.Fatal("MarshalV2 wrote a func")
	}
	w := &countingWriter{}
	if written, _ := encoder.WriteV2(w, func() {}, encoder.OptionsV2{}); written || w.calls != 0 {
		t.Errorf("WriteV2 of a func: reported %v after %d Write calls; want false after none", written, w.calls)
	}
}

// TestMarshalWriteV1 checks that MarshalWriteV1 writes Marshal's text in
// one Write, or into a bytes.Buffer's own room; gives MarshalWrite's error
// for a failed Write; and writes nothing for a value it gives up, at its
// limit or for an error.
func TestMarshalWriteV1(t *testing.T) {
	v := map[string][]string{"<a>": {"b", "c"}}
	o := encoder.Options{Escape: escape.HTML, Limit: 100}
	want, _ := encoder.Marshal(v, o)
	w := &countingWriter{}
	if written, err := encoder.MarshalWriteV1(w, v, o); !written || err != nil || w.calls != 1 || w.String() != string(want) {
		t.Errorf("MarshalWriteV1: %v, %v, %d Write calls of %q; want one of %q", written, err, w.calls, w.String(), want)
	}
	bb := bytes.NewBufferString("-")
	if written, err := encoder.MarshalWriteV1(bb, v, o); !written || err != nil || bb.String() != "-"+string(want) {
		t.Errorf("MarshalWriteV1 to a bytes.Buffer: %v, %v, %q; want %q", written, err, bb.String(), "-"+string(want))
	}
	sink := errors.New("sink")
	written, err := encoder.MarshalWriteV1(&countingWriter{fail: sink}, v, o)
	wantErr := jsonv2.MarshalWrite(&countingWriter{fail: sink}, v, json.DefaultOptionsV1())
	if !written || fmt.Sprintf("%T %v", err, err) != fmt.Sprintf("%T %v", wantErr, wantErr) || !errors.Is(err, sink) {
		t.Errorf("MarshalWriteV1 to a failing writer: %v, %T %v; want true, %T %v", written, err, err, wantErr, wantErr)
	}
	for _, bad := range []any{slices.Repeat([]string{"0123456789"}, 300), func() {}} {
		for _, w := range []io.Writer{&countingWriter{}, new(bytes.Buffer)} {
			written, err := encoder.MarshalWriteV1(w, bad, o)
			if calls := w.(interface{ Len() int }).Len(); written || err != nil || calls != 0 {
				t.Errorf("MarshalWriteV1(%T) of %T: %v, %v, %d bytes written; want false, nil, none", w, bad, written, err, calls)
			}
		}
	}
}

// countingWriter is a bytes.Buffer that counts its Write calls, or fails
// each with fail.
type countingWriter struct {
	bytes.Buffer
	calls int
	fail  error
}

func (w *countingWriter) Write(p []byte) (int, error) {
	w.calls++
	if w.fail != nil {
		return 0, w.fail
	}
	return w.Buffer.Write(p)
}
