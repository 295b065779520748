//go:build goexperiment.jsonv2 && go1.27

package policy_test

import (
	"bytes"
	"encoding/json/jsontext"
	jsonv2 "encoding/json/v2"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/safejson/safejson/conformance"
	"github.com/safejson/safejson/policy"
	"github.com/safejson/safejson/safe"
)

// streamPolicies are the policies the stream tests run: the zero one, and
// each setting that reaches a stream.
var streamPolicies = []struct {
	p          policy.Policy
	scriptSafe bool
}{
	{policy.Policy{}, false},
	{policy.New(policy.TimePrecision(3), policy.TimeUTC()), false},
	{policy.New(policy.ScriptSafe()), true},
	{policy.New(policy.ScriptSafe(), policy.TimePrecision(0), policy.Indent("", "  ")), true},
	{policy.New(policy.Indent(" ", "\t")), false},
}

// errWrite is what failingWriter fails with.
var errWrite = errors.New("write failed")

// failingWriter fails every write.
type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errWrite }

// written is what a MarshalWrite call wrote and returned, with a panic
// (from the random values' methods) turned into an error.
func written(write func(io.Writer) error) (out string) {
	var buf bytes.Buffer
	defer func() {
		if r := recover(); r != nil {
			out = buf.String() + fmt.Sprintf(" error: panic: %v", r)
		}
	}()
	err := write(&buf)
	if err != nil {
		return buf.String() + " error: " + err.Error()
	}
	return buf.String()
}

// TestMarshalWriteV2 holds MarshalWriteV2 to encoding/json/v2's
// MarshalWrite for the zero Policy, and to MarshalV2 for the others, on
// random values, failing ones included.
func TestMarshalWriteV2(t *testing.T) {
	conformance.Draw(conformance.Values(), 2041, 600, func(i int, v any) {
		for _, sp := range streamPolicies {
			p := sp.p
			opts := []jsonv2.Options{jsonv2.Deterministic(true)}
			got := written(func(w io.Writer) error { return p.MarshalWriteV2(w, v, opts...) })
			var want string
			if p == (policy.Policy{}) {
				want = written(func(w io.Writer) error { return jsonv2.MarshalWrite(w, v, opts...) })
			} else {
				want = written(func(w io.Writer) error {
					b, err := p.MarshalV2(v, opts...)
					if err == nil {
						w.Write(b)
					}
					return err
				})
			}
			// Which of two failing map keys fails first varies with map
			// order, from call to call (TestZeroPolicyV2 and the test of
			// failures compare the errors themselves).
			if got != want && !(strings.Contains(got, " error: ") && strings.Contains(want, " error: ")) {
				t.Errorf("case %d: %v.MarshalWriteV2(a %T)\n got %.300s\nwant %.300s", i, p, v, got, want)
			}
		}
	})
}

// TestMarshalWriteV2Failures: a writer that fails, and a value that fails
// to marshal, under each policy.
func TestMarshalWriteV2Failures(t *testing.T) {
	v := map[string]any{"a": strings.Repeat("x", 100), "t": time.Date(2024, 1, 2, 3, 4, 5, 6, time.UTC)}
	for _, sp := range streamPolicies {
		p := sp.p
		err := p.MarshalWriteV2(failingWriter{}, v)
		if !errors.Is(err, errWrite) {
			t.Errorf("%v.MarshalWriteV2 to a failing writer: %v", p, err)
		}
		// The write error is MarshalWrite's own, ScriptSafe or not.
		stdWriteErr := jsonv2.MarshalWrite(failingWriter{}, v)
		if fmt.Sprintf("%T %v", err, err) != fmt.Sprintf("%T %v", stdWriteErr, stdWriteErr) {
			t.Errorf("%v.MarshalWriteV2 to a failing writer: %T %v; want %T %v", p, err, err, stdWriteErr, stdWriteErr)
		}
		var buf, stdBuf bytes.Buffer
		err = p.MarshalWriteV2(&buf, []any{1, make(chan int)})
		stdErr := jsonv2.MarshalWrite(&stdBuf, []any{1, make(chan int)})
		if err == nil || err.Error() != stdErr.Error() {
			t.Errorf("%v.MarshalWriteV2 of a channel: %v, want %v", p, err, stdErr)
		}
		if buf.String() != stdBuf.String() {
			t.Errorf("%v.MarshalWriteV2 wrote %q before failing; MarshalWrite %q", p, buf.Bytes(), stdBuf.Bytes())
		}
	}
}

// TestMarshalWriteV2ScriptSafeStreams: a text of several megabytes, full
// of what ScriptSafe escapes, that encoding/json/v2 writes through its
// bounded buffer (the engine leaves calls with WithMarshalers to it, and
// texts past 4 MiB), comes out as MarshalV2's text.
func TestMarshalWriteV2ScriptSafeStreams(t *testing.T) {
	hostile := "</script><!--\u2028\u2029&/é語\U0001F600"
	v := make([]map[string]string, 0, 60000)
	for i := range cap(v) {
		v = append(v, map[string]string{"k" + hostile: strings.Repeat(hostile, i%5), "n": fmt.Sprint(i)})
	}
	for _, opts := range [][]jsonv2.Options{
		{jsonv2.Deterministic(true)},
		{jsonv2.Deterministic(true), jsonv2.WithMarshalers(nil)},
		{jsonv2.Deterministic(true), jsontext.WithIndent("  ")},
	} {
		for _, sp := range streamPolicies {
			if !sp.scriptSafe {
				continue
			}
			want, err := sp.p.MarshalV2(v, opts...)
			if err != nil {
				t.Fatal(err)
			}
			var got bytes.Buffer
			if err := sp.p.MarshalWriteV2(&got, v, opts...); err != nil || !bytes.Equal(got.Bytes(), want) {
				t.Errorf("%v.MarshalWriteV2 (%d options): %v, %d bytes, %d differ from MarshalV2's %d",
					sp.p, len(opts), err, got.Len(), firstDiff(got.Bytes(), want), len(want))
			}
		}
	}
}

// firstDiff is the index of the first byte where a and b differ.
func firstDiff(a, b []byte) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}

// stream writes vs into an array in one jsontext stream, each by encode,
// and returns the text or the first error.
func stream(encOpts []jsonv2.Options, vs []any, encode func(*jsontext.Encoder, any) error) string {
	var buf bytes.Buffer
	enc := jsontext.NewEncoder(&buf, encOpts...)
	err := enc.WriteToken(jsontext.BeginArray)
	for _, v := range vs {
		if err == nil {
			err = encode(enc, v)
		}
	}
	if err == nil {
		err = enc.WriteToken(jsontext.EndArray)
	}
	if err != nil {
		return "error: " + err.Error()
	}
	return buf.String()
}

// TestMarshalEncodeV2 holds MarshalEncodeV2 to encoding/json/v2's
// MarshalEncode for the zero Policy, and for the others to MarshalV2's
// text of each value handed to the same stream, under the stream's layout.
func TestMarshalEncodeV2(t *testing.T) {
	at := time.Date(2024, 3, 5, 7, 8, 9, 123456789, time.FixedZone("", 3600))
	vs := []any{
		map[string]any{"</script>": "a\u2028b&c", "n": []any{1.5, nil}},
		at, []time.Time{at},
		struct {
			S string
			R jsontext.Value
		}{"<!--", jsontext.Value(`{"x" : "</"}`)},
	}
	for _, encOpts := range [][]jsonv2.Options{
		{jsonv2.Deterministic(true), jsontext.PreserveRawStrings(true)},
		{jsonv2.Deterministic(true), jsontext.PreserveRawStrings(true), jsontext.WithIndent("  ")},
	} {
		for _, sp := range streamPolicies {
			p := sp.p
			if strings.Contains(p.String(), "Indent") {
				continue // TestMarshalEncodeV2Refuses
			}
			got := stream(encOpts, vs, func(enc *jsontext.Encoder, v any) error { return p.MarshalEncodeV2(enc, v) })
			var want string
			if p == (policy.Policy{}) {
				want = stream(encOpts, vs, func(enc *jsontext.Encoder, v any) error { return jsonv2.MarshalEncode(enc, v) })
			} else {
				want = stream(encOpts, vs, func(enc *jsontext.Encoder, v any) error {
					b, err := p.MarshalV2(v, enc.Options())
					if err != nil {
						return err
					}
					return enc.WriteValue(b)
				})
			}
			if got != want {
				t.Errorf("%v.MarshalEncodeV2 under %v:\n got %s\nwant %s", p, encOpts, got, want)
			}
			if sp.scriptSafe && !strings.HasPrefix(got, "error: ") {
				if err := safe.Check([]byte(got)); err != nil {
					t.Errorf("%v.MarshalEncodeV2 wrote text that is not script-safe: %v\n%s", p, err, got)
				}
			}
		}
	}
}

// TestMarshalEncodeV2Refuses: ScriptSafe through an encoder that would
// rewrite the escapes, and Indent, which the encoder's layout overrides,
// are refused, and nothing is written.
func TestMarshalEncodeV2Refuses(t *testing.T) {
	for _, c := range []struct {
		p       policy.Policy
		encOpts []jsonv2.Options
	}{
		{policy.New(policy.ScriptSafe()), nil},
		{policy.New(policy.ScriptSafe()), []jsonv2.Options{jsontext.PreserveRawStrings(false)}},
		{policy.New(policy.Indent("", "  ")), []jsonv2.Options{jsontext.WithIndent("  ")}},
		{policy.New(policy.ScriptSafe(), policy.Indent("", "  ")), []jsonv2.Options{jsontext.PreserveRawStrings(true)}},
	} {
		var buf bytes.Buffer
		enc := jsontext.NewEncoder(&buf, c.encOpts...)
		err := c.p.MarshalEncodeV2(enc, "</script>")
		var oe *policy.OptionError
		if !errors.As(err, &oe) || buf.Len() != 0 || enc.OutputOffset() != 0 {
			t.Errorf("%v.MarshalEncodeV2 = %v, wrote %q; want an *OptionError and nothing written", c.p, err, buf.Bytes())
		}
	}
}
