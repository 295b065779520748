package bench

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/safejson/safejson/internal/jsontest"
)

// TestInputs checks the benchmark inputs and what each library does with
// them. Libraries marked Compatible (encoding/json and safejson) must give
// encoding/json's exact bytes and decoded values; any difference fails.
// Peers may legitimately differ, so their differences are only logged, and
// a summary table is logged at the end (run with -v to see it).
func TestInputs(t *testing.T) {
	ins := inputs(t)
	var names []string
	for _, in := range ins {
		names = append(names, in.Name)
	}
	wantNames := []string{
		"canada_geometry", "citm_catalog", "golang_source", "synthea_fhir", "twitter_status",
		"twitter_status_any", "citm_catalog_any", "string_escaped", "string_unicode", "small",
		"omitzero_records",
		"canada_geometry_b", "citm_catalog_b", "golang_source_b", "string_escaped_b", "string_unicode_b",
		"synthea_fhir_b", "twitter_status_b",
	}
	if !slices.Equal(names, wantNames) {
		t.Fatalf("inputs = %q, want %q", names, wantNames)
	}

	// An input left out of the encoding benchmarks must encode exactly like
	// one that is measured.
	for _, in := range ins {
		if !in.UnmarshalOnly {
			continue
		}
		out, err := json.Marshal(in.Value)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.ContainsFunc(ins, func(other Input) bool {
			o, err := json.Marshal(other.Value)
			return !other.UnmarshalOnly && err == nil && bytes.Equal(o, out)
		}) {
			t.Errorf("%s is UnmarshalOnly, but no measured input encodes the same", in.Name)
		}
	}

	libs := Libraries()
	summary := make(map[string]map[string]string) // lib -> input -> verdict
	for _, lib := range libs {
		summary[lib.Name] = make(map[string]string)
	}
	for _, in := range ins {
		t.Run(in.Name, func(t *testing.T) {
			stdOut := checkInput(t, in)
			var stdEnc bytes.Buffer
			enc := json.NewEncoder(&stdEnc)
			for range 2 {
				if err := enc.Encode(in.Value); err != nil {
					t.Fatal(err)
				}
			}
			wantAny := jsontest.DecodeAny(t, stdOut)
			wantTyped := in.New()
			if err := json.Unmarshal(in.Data, wantTyped); err != nil {
				t.Fatal(err)
			}
			for _, lib := range libs {
				summary[lib.Name][in.Name] = checkLibrary(t, lib, in, stdOut, stdEnc.Bytes(), wantAny, wantTyped)
			}
		})
	}

	var sb strings.Builder
	fmt.Fprintf(&sb, "marshal bytes / marshal value / encoder / unmarshal, compared with encoding/json (= same, ~ same value only, ! differs, E error)\n")
	fmt.Fprintf(&sb, "%-20s", "")
	for _, lib := range libs {
		fmt.Fprintf(&sb, " %-9s", lib.Name)
	}
	for _, in := range ins {
		fmt.Fprintf(&sb, "\n%-20s", in.Name)
		for _, lib := range libs {
			fmt.Fprintf(&sb, " %-9s", summary[lib.Name][in.Name])
		}
	}
	t.Log(sb.String())
}

// checkInput fails if an input is not what the benchmarks should measure,
// and returns encoding/json's output for it.
func checkInput(t *testing.T, in Input) []byte {
	t.Helper()
	if in.Value == nil || (reflect.ValueOf(in.Value).Kind() == reflect.Pointer && reflect.ValueOf(in.Value).IsNil()) {
		t.Fatalf("Value is %#v", in.Value)
	}
	if p := in.New(); p == nil || reflect.TypeOf(p).Kind() != reflect.Pointer {
		t.Fatalf("New() = %T, want a pointer", p)
	}
	if len(in.Data) < 60 || !json.Valid(in.Data) {
		t.Fatalf("Data is not a JSON document of a useful size: %.100q", in.Data)
	}
	out, err := json.Marshal(in.Value)
	if err != nil {
		t.Fatal(err)
	}
	// Value and Data must be the same document, so that Marshal and
	// Unmarshal benchmarks do the same work.
	if d := firstDiff(jsontest.DecodeAny(t, in.Data), jsontest.DecodeAny(t, out)); d != "" {
		t.Fatalf("encoding/json output for Value differs from Data: %s", d)
	}
	return out
}

// checkLibrary compares lib with encoding/json on one input and returns a
// four-letter verdict for the summary.
func checkLibrary(t *testing.T, lib Library, in Input, stdOut, stdEnc []byte, wantAny, wantTyped any) string {
	t.Helper()
	report := t.Logf
	if lib.Compatible {
		report = t.Errorf
	}
	verdict := []byte("====")

	// Marshal.
	out, err := lib.Marshal(in.Value)
	switch {
	case err != nil:
		report("%s: Marshal: %v", lib.Name, err)
		verdict[0], verdict[1] = 'E', 'E'
	case !bytes.Equal(out, stdOut):
		report("%s: Marshal output differs from encoding/json: %s", lib.Name, jsontest.FirstDifference(string(stdOut), string(out)))
		verdict[0] = '!'
		if got, err := decodeAnyErr(out); err != nil {
			report("%s: Marshal output does not decode: %v", lib.Name, err)
			verdict[1] = '!'
		} else if d := firstDiff(wantAny, got); d != "" {
			report("%s: Marshal output decodes to a different value: %s", lib.Name, d)
			verdict[1] = '!'
		} else {
			verdict[0] = '~'
		}
	}

	// Encoder, reused for two values.
	var buf bytes.Buffer
	enc := lib.NewEncoder(&buf)
	for range 2 {
		if err = enc.Encode(in.Value); err != nil {
			break
		}
	}
	switch {
	case err != nil:
		report("%s: Encoder.Encode: %v", lib.Name, err)
		verdict[2] = 'E'
	case !bytes.Equal(buf.Bytes(), stdEnc):
		report("%s: Encoder output differs from encoding/json: %s", lib.Name, jsontest.FirstDifference(string(stdEnc), buf.String()))
		verdict[2] = '~'
		dec := json.NewDecoder(&buf)
		for i := range 2 {
			var got any
			if err := dec.Decode(&got); err != nil {
				report("%s: Encoder output value %d does not decode: %v", lib.Name, i, err)
				verdict[2] = '!'
				break
			}
			if d := firstDiff(wantAny, got); d != "" {
				report("%s: Encoder output value %d decodes to a different value: %s", lib.Name, i, d)
				verdict[2] = '!'
				break
			}
		}
		if verdict[2] == '~' {
			if err := dec.Decode(new(any)); err != io.EOF {
				report("%s: Encoder wrote more than two values: %v", lib.Name, err)
				verdict[2] = '!'
			}
		}
	}

	// Unmarshal.
	got := in.New()
	if err := lib.Unmarshal(in.Data, got); err != nil {
		report("%s: Unmarshal: %v", lib.Name, err)
		verdict[3] = 'E'
	} else if d := firstDiff(wantTyped, got); d != "" {
		report("%s: Unmarshal result differs: %s", lib.Name, d)
		verdict[3] = '!'
	}
	return string(verdict)
}

func decodeAnyErr(data []byte) (any, error) {
	var v any
	err := json.Unmarshal(data, &v)
	return v, err
}
