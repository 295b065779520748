package streamdecoder_test

import (
	"encoding/json"
	"errors"
	"io"
	"math/rand"
	"reflect"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/google/go-cmp/cmp"

	"github.com/safejson/safejson/conformance"
	"github.com/safejson/safejson/internal/decoder"
	"github.com/safejson/safejson/internal/jsontest"
	"github.com/safejson/safejson/internal/streamdecoder"
)

// streamStep is what one call on a Decoder returned, with where the
// Decoder stood after it.
type streamStep struct {
	Call     string
	Value    any
	Err      *jsontest.ErrorInfo
	More     bool
	Offset   int64
	Buffered string
}

type stdStream struct{ *json.Decoder }
type ourStream struct{ *streamdecoder.Decoder }

// errBoom is the error of a reader that fails.
var errBoom = errors.New("boom")

// record is a struct a stream of records decodes into.
type record struct {
	ID    int64    `json:"id"`
	Name  string   `json:"name"`
	Admin bool     `json:"admin"`
	Score float64  `json:"score"`
	Tags  []string `json:"tags"`
}

// script runs calls (d: Decode into any, r: into a RawMessage, s: into
// a record, t: Token, m: More).
func script(dec conformance.Decoder, calls string) []streamStep {
	var steps []streamStep
	for _, c := range calls {
		var st streamStep
		switch c {
		case 'd':
			var v any
			st.Err = jsontest.Describe(dec.Decode(&v))
			st.Call, st.Value = "Decode", v
		case 'r':
			var v json.RawMessage
			st.Err = jsontest.Describe(dec.Decode(&v))
			st.Call, st.Value = "DecodeRaw", string(v)
		case 's':
			var v record
			st.Err = jsontest.Describe(dec.Decode(&v))
			st.Call, st.Value = "DecodeSmall", v
		case 't':
			tok, err := dec.Token()
			st.Call, st.Value, st.Err = "Token", tok, jsontest.Describe(err)
		case 'm':
			st.Call, st.More = "More", dec.More()
		}
		st.Offset = dec.InputOffset()
		b, _ := io.ReadAll(dec.Buffered())
		st.Buffered = string(b)
		steps = append(steps, st)
	}
	return steps
}

var streams = []string{
	``, ` `, `1`, `1 2 3`, `1 2 x`, `{"a":1}{"b":2}`, `[1,2] [3]`, `"a" "b"`, `true false null`,
	`{"id":1,"name":"n","tags":["a"]} {"id":"x"} {"id":2}`, `[{"a":1},{"b":[1,2,{"c":3}]}]`,
	`{"a":[1,2],"b":{"c":"d"}}`, `[1,2,3] x`, `{"a" 1}`, `[1 2]`, `{"a":1,}`, `tru`, `"abc`, `1.`, `-`,
	`12345678901234567890 1e400 "\ud800" "\u00e9"`, `{"a":1}}`, `]`, `}`, `,`, `:`, `[,]`, `{,}`, `{"a":1 "b":2}`,
	`["a",{"b":null},true]`, `{"x":{"y":[1,{"z":"w"}]}}`, "\n[\n1\n,\n2\n]\n", `[[[[[]]]]]`, `{"":""}`,
	strings.Repeat("[", 10001), strings.Repeat(`{"a":`, 10001), `01`, `[01]`, `{"a":01}`, `"\x01"`,
}

var scripts = []string{"dddd", "tttttttttttttttt", "mtmtmtmtmtmtmtmt", "tdtdtdtd", "ttdttdmtd", "ssss", "tmsmsmtt", "ttttdddd"}

func TestDecoderStream(t *testing.T) {
	readers := map[string]func(string) io.Reader{
		"whole":   func(s string) io.Reader { return strings.NewReader(s) },
		"onebyte": func(s string) io.Reader { return iotest.OneByteReader(strings.NewReader(s)) },
		"half":    func(s string) io.Reader { return iotest.HalfReader(strings.NewReader(s)) },
		"eof":     func(s string) io.Reader { return iotest.DataErrReader(strings.NewReader(s)) },
		"err":     func(s string) io.Reader { return io.MultiReader(strings.NewReader(s), iotest.ErrReader(errBoom)) },
	}
	for _, in := range streams {
		for rname, r := range readers {
			for _, calls := range scripts {
				for _, opts := range []streamdecoder.Options{{}, {UseNumber: true, DisallowUnknownFields: true}} {
					std, ours := json.NewDecoder(r(in)), newDecoder(r(in))
					if opts.UseNumber {
						std.UseNumber()
						ours.UseNumber()
						std.DisallowUnknownFields()
						ours.DisallowUnknownFields()
					}
					want := script(stdStream{std}, calls)
					got := script(ourStream{ours}, calls)
					// cmp.Diff takes time exponential in the depth of
					// nested slices of interfaces; equal values skip it.
					if reflect.DeepEqual(want, got) {
						continue
					}
					if d := cmp.Diff(want, got); d != "" {
						name := in
						if len(name) > 40 {
							name = name[:40] + "..."
						}
						t.Errorf("%q via %s, script %s, %+v (-want +got):\n%s", name, rname, calls, opts, d)
					}
				}
			}
		}
	}
}

// A long stream read a byte at a time costs time linear in its length.
func TestDecoderLongValueSmallReads(t *testing.T) {
	in := `["` + strings.Repeat("abcdefgh", 1<<16) + `",` + strings.Repeat(`{"a":[1,2]},`, 1<<12) + `0]`
	var want, got any
	if err := json.NewDecoder(iotest.OneByteReader(strings.NewReader(in))).Decode(&want); err != nil {
		t.Fatal(err)
	}
	if err := newDecoder(iotest.OneByteReader(strings.NewReader(in))).Decode(&got); err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
}

// streamParts are pieces of streams: values, their fragments, and bytes
// that break them.
var streamParts = []string{
	`{`, `}`, `[`, `]`, `,`, `:`, ` `, "\n", "\t", `"a"`, `"k"`, `"\u00e9"`, `"\ud83d\ude00"`, `"\u12`, `"\x"`,
	`"é"`, "\"\xff\"", "\xc3", "\x01", `"ab`, `\`, `1`, `-`, `0`, `12.5e+3`, `1e400`, `-0.0`, `01`, `1.`, `1e`,
	`true`, `fals`, `nul`, `nulx`, `x`, `é`, `{"a":1}`, `[1,2]`, `{"a":[1,{"b":null}]}`, `""`, `"\"\\\/\b\f\n\r\t"`,
	`"` + strings.Repeat("long string ", 10) + `"`, strings.Repeat("7", 100), strings.Repeat(" ", 70),
	strings.Repeat(`{"k":[`, 20), strings.Repeat(`]}`, 20), "\xe6\x97", "\xa5",
}

// randomStream joins random parts.
func randomStream(r *rand.Rand) string {
	var b strings.Builder
	for n := r.Intn(40); n >= 0; n-- {
		b.WriteString(streamParts[r.Intn(len(streamParts))])
	}
	return b.String()
}

// randomReader serves s in reads of random sizes, maybe with an error.
func randomReader(r *rand.Rand, s string) io.Reader {
	var rd io.Reader = strings.NewReader(s)
	switch r.Intn(4) {
	case 1:
		rd = iotest.OneByteReader(rd)
	case 2:
		rd = iotest.HalfReader(rd)
	case 3:
		rd = iotest.DataErrReader(rd)
	}
	if r.Intn(4) == 0 {
		rd = io.MultiReader(rd, iotest.ErrReader(errBoom))
	}
	return rd
}

// TestDecoderRandomStreams compares the two Decoders on random streams,
// readers and calls.
func TestDecoderRandomStreams(t *testing.T) {
	n := 2000
	if testing.Short() {
		n = 300
	}
	failures := 0
	for i := range n {
		seed := int64(i)
		r := rand.New(rand.NewSource(seed))
		in := randomStream(r)
		var calls []byte
		for k := 1 + r.Intn(40); k > 0; k-- {
			calls = append(calls, "rrtttmm"[r.Intn(7)])
		}
		useNumber := r.Intn(2) == 0
		std := json.NewDecoder(randomReader(rand.New(rand.NewSource(seed)), in))
		ours := newDecoder(randomReader(rand.New(rand.NewSource(seed)), in))
		if useNumber {
			std.UseNumber()
			ours.UseNumber()
		}
		want := script(stdStream{std}, string(calls))
		got := script(ourStream{ours}, string(calls))
		if d := cmp.Diff(want, got); d != "" {
			t.Errorf("seed %d: %q, script %s, UseNumber %v (-want +got):\n%s", seed, in, calls, useNumber, d)
			if failures++; failures == 5 {
				t.FailNow()
			}
		}
	}
}

func newStd(r io.Reader) *json.Decoder { return json.NewDecoder(r) }

// newDecoder is compat's Decoder: the stream decoder over safejson's
// engine.
func newDecoder(r io.Reader) *streamdecoder.Decoder {
	return streamdecoder.NewDecoder(r, func(data []byte, v any, o streamdecoder.Options) error {
		return decoder.DecodeValid(data, v, decoder.Options(o))
	})
}

func FuzzDecoder(f *testing.F) {
	for i, in := range streams {
		f.Add(scripts[i%len(scripts)], in)
	}
	f.Fuzz(func(t *testing.T, calls, in string) {
		if len(calls) > 64 {
			calls = calls[:64]
		}
		want := script(stdStream{newStd(iotest.HalfReader(strings.NewReader(in)))}, calls)
		got := script(ourStream{newDecoder(iotest.HalfReader(strings.NewReader(in)))}, calls)
		if reflect.DeepEqual(want, got) {
			return // cmp.Diff's time grows exponentially with nesting
		}
		if d := cmp.Diff(want, got); d != "" {
			t.Errorf("script %q on %q (-want +got):\n%s", calls, in, d)
		}
	})
}
