//go:build goexperiment.jsonv2 && go1.27

package json_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strings"
	"testing"
	"testing/iotest"

	"encoding/json/jsontext"
	jsonv2 "encoding/json/v2"

	ours "github.com/safejson/safejson/compat/v2"
)

// streamOptionSets are the options FuzzStreamV2 draws from: ones the
// engine runs, DefaultOptionsV1, and a layout for MarshalWrite.
var streamOptionSets = [][]jsonv2.Options{
	nil,
	{jsonv2.RejectUnknownMembers(true)},
	{json.DefaultOptionsV1()},
	{jsonv2.StringifyNumbers(true)},
	{jsonv2.MatchCaseInsensitiveNames(true), jsontext.AllowDuplicateNames(true)},
	{jsonv2.WithUnmarshalers(celsiusFrom), jsonv2.WithMarshalers(celsiusFunc)},
	{jsontext.WithIndent("  "), jsontext.AllowInvalidUTF8(true)},
	{json.DefaultOptionsV1(), jsontext.WithIndent("\t")},
}

var streamTargets = []func() any{
	func() any { return new(entry) }, func() any { return new(any) }, func() any { return new([]entry) },
	func() any { return new(map[string]int) }, func() any { return new(funcsTarget) },
	func() any { return &entry{Name: "kept", Kids: make([]entry, 1, 4)} },
}

// FuzzStreamV2 holds UnmarshalRead to encoding/json/v2's through readers
// that split the input at a fuzzed offset, hand it out a byte at a time,
// fail at the offset or give their last bytes with io.EOF; then writes
// what v2 decodes into an interface with MarshalWrite, whole and to a
// writer that fails at the offset. The error (type, message, offset,
// pointer), the target after the call, and the bytes written must be the
// standard library's, or, where the writer fails, a part of its text.
func FuzzStreamV2(f *testing.F) {
	for i, in := range unmarshalInputs {
		f.Add(in, uint16(i*7), uint8(i))
	}
	f.Fuzz(func(t *testing.T, in string, at uint16, set uint8) {
		opts := streamOptionSets[int(set)%len(streamOptionSets)]
		cut := int(at) % (len(in) + 1)
		readers := map[string]func() io.Reader{
			"split":    func() io.Reader { return io.MultiReader(strings.NewReader(in[:cut]), strings.NewReader(in[cut:])) },
			"bytewise": func() io.Reader { return iotest.OneByteReader(strings.NewReader(in)) },
			"fails": func() io.Reader {
				return io.MultiReader(strings.NewReader(in[:cut]), iotest.ErrReader(errors.New("broken pipe")))
			},
			"data+eof": func() io.Reader { return iotest.DataErrReader(strings.NewReader(in)) },
		}
		for name, r := range readers {
			for _, nt := range streamTargets {
				want := decodeOutcome(func(v any) error { return jsonv2.UnmarshalRead(r(), v, opts...) }, nt)
				got := decodeOutcome(func(v any) error { return ours.UnmarshalRead(r(), v, opts...) }, nt)
				if !reflect.DeepEqual(want, got) {
					t.Fatalf("UnmarshalRead(%s at %d %q, %T, %v):\n got %#v\nwant %#v", name, cut, in, nt(), opts, got, want)
				}
			}
		}
		var v any
		if jsonv2.Unmarshal([]byte(in), &v, opts...) != nil {
			return
		}
		mopts := append(opts[:len(opts):len(opts)], jsonv2.Deterministic(true))
		var want, got bytes.Buffer
		werr, gerr := jsonv2.MarshalWrite(&want, v, mopts...), ours.MarshalWrite(&got, v, mopts...)
		if fmt.Sprint(werr) != fmt.Sprint(gerr) || !bytes.Equal(want.Bytes(), got.Bytes()) {
			t.Fatalf("MarshalWrite(%#v, %v):\n got %q, %v\nwant %q, %v", v, mopts, got.Bytes(), gerr, want.Bytes(), werr)
		}
		if werr != nil || cut >= want.Len() {
			return
		}
		w, stdW := &failingWriter{n: cut}, &failingWriter{n: cut}
		gerr, werr = ours.MarshalWrite(w, v, mopts...), jsonv2.MarshalWrite(stdW, v, mopts...)
		if fmt.Sprintf("%T %v", gerr, gerr) != fmt.Sprintf("%T %v", werr, werr) || !bytes.HasPrefix(want.Bytes(), w.got.Bytes()) {
			t.Fatalf("MarshalWrite(%#v, %v) to a writer failing after %d bytes: %T %v after %q; want %T %v", v, mopts, cut, gerr, gerr, w.got.Bytes(), werr, werr)
		}
	})
}
