//go:build goexperiment.jsonv2 && go1.27 && !nosafejson

package bench

import (
	"bytes"
	"encoding/json"
	"encoding/json/jsontext"
	jsonv2 "encoding/json/v2"
	"io"
	"reflect"
	"strconv"
	"testing"
	"time"

	goccy "github.com/goccy/go-json"
	goccytext "github.com/goccy/go-json/jsontext"
	goccyv2 "github.com/goccy/go-json/v2"

	ours "github.com/safejson/safejson/compat/v2"
)

// v2OptionSets are the option sets a v2 user writes, which compat/v2,
// encoding/json/v2 and goccy/go-json's v2 drop-in are measured with side
// by side; goccy holds the same set in goccy's own option values, which
// are of a type of its own.
var v2OptionSets = []struct {
	name  string
	opts  []jsonv2.Options
	goccy []goccyv2.Options
}{
	{"none", nil, nil},
	{"Deterministic", []jsonv2.Options{jsonv2.Deterministic(true)}, []goccyv2.Options{goccyv2.Deterministic(true)}},
	{"WithIndent", []jsonv2.Options{jsontext.WithIndent("  ")}, []goccyv2.Options{goccytext.WithIndent("  ")}},
	{"StringifyNumbers+FormatNilSliceAsNull",
		[]jsonv2.Options{jsonv2.StringifyNumbers(true), jsonv2.FormatNilSliceAsNull(true)},
		[]goccyv2.Options{goccyv2.StringifyNumbers(true), goccyv2.FormatNilSliceAsNull(true)}},
	{"DefaultOptionsV1", []jsonv2.Options{json.DefaultOptionsV1()}, []goccyv2.Options{goccy.DefaultOptionsV1()}},
	{"DefaultOptionsV1+WithIndent",
		[]jsonv2.Options{json.DefaultOptionsV1(), jsontext.WithIndent("  ")},
		[]goccyv2.Options{goccy.DefaultOptionsV1(), goccytext.WithIndent("  ")}},
	// Functions for time.Duration, which no corpus type holds: a program
	// passes the same options to every call, whatever it encodes.
	{"WithMarshalers(Duration)",
		[]jsonv2.Options{jsonv2.WithMarshalers(jsonv2.MarshalFunc(durationText)), jsonv2.WithUnmarshalers(jsonv2.UnmarshalFunc(durationFrom))},
		[]goccyv2.Options{goccyv2.WithMarshalers(goccyv2.MarshalFunc(durationText)), goccyv2.WithUnmarshalers(goccyv2.UnmarshalFunc(durationFrom))}},
}

// durationText and durationFrom write and read a time.Duration as its
// text ("1m30s"), as programs that pass WithMarshalers for it do.
func durationText(d time.Duration) ([]byte, error) { return []byte(`"` + d.String() + `"`), nil }

func durationFrom(b []byte, d *time.Duration) error {
	s, err := strconv.Unquote(string(b))
	if err == nil {
		*d, err = time.ParseDuration(s)
	}
	return err
}

// v2OptionLibrary is a v2 API measured with options: its calls take the
// index of a set in v2OptionSets.
type v2OptionLibrary struct {
	name      string
	marshal   func(v any, set int) ([]byte, error)
	unmarshal func(data []byte, v any, set int) error
	write     func(w io.Writer, v any, set int) error // MarshalWrite
	read      func(r io.Reader, v any, set int) error // UnmarshalRead
}

// v2OptionLibraries are the v2 APIs measured with options.
var v2OptionLibraries = []v2OptionLibrary{
	{"stdv2",
		func(v any, set int) ([]byte, error) { return jsonv2.Marshal(v, v2OptionSets[set].opts...) },
		func(data []byte, v any, set int) error { return jsonv2.Unmarshal(data, v, v2OptionSets[set].opts...) },
		func(w io.Writer, v any, set int) error { return jsonv2.MarshalWrite(w, v, v2OptionSets[set].opts...) },
		func(r io.Reader, v any, set int) error { return jsonv2.UnmarshalRead(r, v, v2OptionSets[set].opts...) }},
	{"safejsonv2",
		func(v any, set int) ([]byte, error) { return ours.Marshal(v, v2OptionSets[set].opts...) },
		func(data []byte, v any, set int) error { return ours.Unmarshal(data, v, v2OptionSets[set].opts...) },
		func(w io.Writer, v any, set int) error { return ours.MarshalWrite(w, v, v2OptionSets[set].opts...) },
		func(r io.Reader, v any, set int) error { return ours.UnmarshalRead(r, v, v2OptionSets[set].opts...) }},
	{"goccyv2",
		func(v any, set int) ([]byte, error) { return goccyv2.Marshal(v, v2OptionSets[set].goccy...) },
		func(data []byte, v any, set int) error { return goccyv2.Unmarshal(data, v, v2OptionSets[set].goccy...) },
		func(w io.Writer, v any, set int) error { return goccyv2.MarshalWrite(w, v, v2OptionSets[set].goccy...) },
		func(r io.Reader, v any, set int) error {
			return goccyv2.UnmarshalRead(r, v, v2OptionSets[set].goccy...)
		}},
}

// TestV2OptionSets checks, before anything is timed, that compat/v2 gives
// encoding/json/v2's bytes (with their members in canonical order, which
// v2 leaves random without Deterministic) and values under each option set.
func TestV2OptionSets(t *testing.T) {
	canonical := func(b []byte) []byte {
		v := jsontext.Value(bytes.Clone(b))
		if err := v.Canonicalize(); err != nil {
			t.Fatal(err)
		}
		return v
	}
	for _, in := range inputs(t) {
		for _, set := range v2OptionSets {
			if !in.UnmarshalOnly {
				want, werr := jsonv2.Marshal(in.Value, set.opts...)
				got, gerr := ours.Marshal(in.Value, set.opts...)
				if (werr == nil) != (gerr == nil) || werr == nil && !bytes.Equal(canonical(want), canonical(got)) {
					t.Errorf("%s, %s: Marshal differs from encoding/json/v2's (errors %v, %v)", in.Name, set.name, werr, gerr)
				}
				var written bytes.Buffer
				gerr = ours.MarshalWrite(&written, in.Value, set.opts...)
				if (werr == nil) != (gerr == nil) || werr == nil && !bytes.Equal(canonical(want), canonical(written.Bytes())) {
					t.Errorf("%s, %s: MarshalWrite differs from encoding/json/v2's Marshal (errors %v, %v)", in.Name, set.name, werr, gerr)
				}
			}
			w, g := in.New(), in.New()
			werr, gerr := jsonv2.Unmarshal(in.Data, w, set.opts...), ours.Unmarshal(in.Data, g, set.opts...)
			if (werr == nil) != (gerr == nil) {
				t.Errorf("%s, %s: Unmarshal errors %v and %v", in.Name, set.name, werr, gerr)
			}
			r := in.New()
			if rerr := ours.UnmarshalRead(bytes.NewReader(in.Data), r, set.opts...); (werr == nil) != (rerr == nil) || !reflect.DeepEqual(w, r) {
				t.Errorf("%s, %s: UnmarshalRead differs from encoding/json/v2's Unmarshal (errors %v, %v)", in.Name, set.name, werr, rerr)
			}
		}
	}
}

func BenchmarkV2OptionsMarshal(b *testing.B) {
	benchV2Marshal(b, func(lib v2OptionLibrary, v any, set int) error {
		_, err := lib.marshal(v, set)
		return err
	})
}

// BenchmarkV2OptionsMarshalWrite writes to io.Discard, so that what is
// timed is the call's own work and buffering.
func BenchmarkV2OptionsMarshalWrite(b *testing.B) {
	benchV2Marshal(b, func(lib v2OptionLibrary, v any, set int) error {
		return lib.write(io.Discard, v, set)
	})
}

// benchV2Marshal times call, a marshaling call of lib under an option set,
// for each input that marshals, option set and library.
func benchV2Marshal(b *testing.B, call func(lib v2OptionLibrary, v any, set int) error) {
	for _, in := range inputs(b) {
		if in.UnmarshalOnly {
			continue
		}
		size := stdSize(b, in.Value)
		for set := range v2OptionSets {
			for _, lib := range v2OptionLibraries {
				b.Run("corpus="+in.Name+"/opts="+v2OptionSets[set].name+"/lib="+lib.name, func(b *testing.B) {
					if err := call(lib, in.Value, set); err != nil {
						b.Skipf("%s cannot marshal this input: %v", lib.name, err)
					}
					b.ReportAllocs()
					b.SetBytes(size)
					for b.Loop() {
						if err := call(lib, in.Value, set); err != nil {
							b.Fatal(err)
						}
					}
				})
			}
		}
	}
}

func BenchmarkV2OptionsUnmarshal(b *testing.B) {
	benchV2Unmarshal(b, func(lib v2OptionLibrary, data []byte, v any, set int) error {
		return lib.unmarshal(data, v, set)
	})
}

// BenchmarkV2OptionsUnmarshalRead reads from a bytes.Reader.
func BenchmarkV2OptionsUnmarshalRead(b *testing.B) {
	benchV2Unmarshal(b, func(lib v2OptionLibrary, data []byte, v any, set int) error {
		return lib.read(bytes.NewReader(data), v, set)
	})
}

// benchV2Unmarshal times call, an unmarshaling call of lib under an option
// set, for each input, option set and library.
func benchV2Unmarshal(b *testing.B, call func(lib v2OptionLibrary, data []byte, v any, set int) error) {
	for _, in := range inputs(b) {
		for set := range v2OptionSets {
			for _, lib := range v2OptionLibraries {
				b.Run("corpus="+in.Name+"/opts="+v2OptionSets[set].name+"/lib="+lib.name, func(b *testing.B) {
					if err := call(lib, in.Data, in.New(), set); err != nil {
						b.Skipf("%s cannot unmarshal this input: %v", lib.name, err)
					}
					b.ReportAllocs()
					b.SetBytes(int64(len(in.Data)))
					for b.Loop() {
						if err := call(lib, in.Data, in.New(), set); err != nil {
							b.Fatal(err)
						}
					}
				})
			}
		}
	}
}
