package compat_test

// Tests of the encoding calls themselves: Encoder sequences and write errors,
// fresh results, and concurrent use.

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/safejson/safejson/compat"
)

// TestEncoderSequence encodes several values, some failing, on one Encoder:
// a failed Encode must leave nothing behind for the next one.
func TestEncoderSequence(t *testing.T) {
	values := []any{
		map[string]any{"a": "<b>"}, make(chan int), 1.5, math.NaN(), "\u2028", failJSON{}, []int{1},
		rawJSON("{ }"), rawJSON("{"), nil, struct{ S string }{"&"},
	}
	setups := map[string]func(streamEncoder){
		"default":  func(streamEncoder) {},
		"noEscape": func(e streamEncoder) { e.SetEscapeHTML(false) },
		"indent":   func(e streamEncoder) { e.SetIndent(">", "\t") },
	}
	for name, setup := range setups {
		t.Run(name, func(t *testing.T) {
			run := func(api encodingAPI) (string, []*errReport) {
				var buf bytes.Buffer
				enc := api.NewEncoder(&buf)
				setup(enc)
				var errs []*errReport
				for _, v := range values {
					errs = append(errs, reportErr(enc.Encode(v)))
				}
				return buf.String(), errs
			}
			wantOut, wantErrs := run(stdAPI)
			gotOut, gotErrs := run(compatAPI)
			if diff := cmp.Diff(wantOut, gotOut); diff != "" {
				t.Errorf("output (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(wantErrs, gotErrs); diff != "" {
				t.Errorf("errors (-want +got):\n%s", diff)
			}
		})
	}
}

// failingWriter accepts limit bytes, then fails every write.
type failingWriter struct {
	buf   bytes.Buffer
	limit int
	calls int
}

var errWrite = errors.New("write failed")

func (w *failingWriter) Write(p []byte) (int, error) {
	w.calls++
	if w.buf.Len()+len(p) > w.limit {
		n := w.limit - w.buf.Len()
		w.buf.Write(p[:n])
		return n, errWrite
	}
	return w.buf.Write(p)
}

// TestEncoderWriteError checks that a write error sticks: later calls return
// it without writing.
func TestEncoderWriteError(t *testing.T) {
	for _, limit := range []int{0, 3, 10, 1000} {
		t.Run(strconv.Itoa(limit), func(t *testing.T) {
			type result struct {
				Written string
				Calls   int
				Errs    []*errReport
			}
			run := func(api encodingAPI) result {
				w := &failingWriter{limit: limit}
				enc := api.NewEncoder(w)
				var errs []*errReport
				for _, v := range []any{"hello", map[string]int{"a": 1}, make(chan int), 3} {
					errs = append(errs, reportErr(enc.Encode(v)))
				}
				return result{w.buf.String(), w.calls, errs}
			}
			if diff := cmp.Diff(run(stdAPI), run(compatAPI)); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

// TestMarshalResultIsFresh checks that compat's results do not share memory
// with its inputs or with each other.
func TestMarshalResultIsFresh(t *testing.T) {
	raw := compat.RawMessage(`{"a":1}`)
	out, err := compat.Marshal(raw)
	if err != nil {
		t.Fatal(err)
	}
	for i := range out {
		out[i] = 'X'
	}
	if string(raw) != `{"a":1}` {
		t.Errorf("writing to Marshal's result changed its RawMessage input to %q", raw)
	}

	first, err := compat.Marshal(map[string]string{"k": "first"})
	if err != nil {
		t.Fatal(err)
	}
	keep := string(first)
	for range 10 {
		if _, err := compat.Marshal(map[string]string{"k": strings.Repeat("second", 10)}); err != nil {
			t.Fatal(err)
		}
	}
	if string(first) != keep {
		t.Errorf("a later Marshal changed an earlier result from %q to %q", keep, first)
	}

	var buf bytes.Buffer
	enc := compat.NewEncoder(&buf)
	if err := enc.Encode(raw); err != nil {
		t.Fatal(err)
	}
	written := buf.Bytes()
	keep = string(written)
	if err := enc.Encode("another value"); err != nil {
		t.Fatal(err)
	}
	if string(written) != keep {
		t.Errorf("Encoder changed bytes already handed to the writer: %q, then %q", keep, written)
	}
}

// TestEncodeConcurrent runs compat on shared types from several goroutines
// with different escaping settings. Under -race it finds unsynchronized
// caches; without it, options leaking between calls.
func TestEncodeConcurrent(t *testing.T) {
	values := []any{
		marshalerFieldsValue(), omitZeroAll{}, stringOpt{String: "<&>"}, hostileStrings(),
		map[string]any{"<": []any{"&", 1.5}}, htmlTags{},
	}
	want := make([][]outcome, len(values))
	for i, v := range values {
		for _, m := range encodeModes {
			want[i] = append(want[i], callMode(m, stdAPI, v))
		}
	}
	var wg sync.WaitGroup
	errs := make(chan string, 100)
	for g := range 4 {
		wg.Go(func() {
			for iter := range 50 {
				i := (g + iter) % len(values)
				for j, m := range encodeModes {
					if diff := cmp.Diff(want[i][j], callMode(m, compatAPI, values[i])); diff != "" {
						select {
						case errs <- fmt.Sprintf("value %d, %s (-want +got):\n%s", i, m.name, diff):
						default:
						}
						return
					}
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}
