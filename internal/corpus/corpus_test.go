package corpus

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"reflect"
	"slices"
	"sort"
	"testing"

	"github.com/safejson/safejson/internal/jsontest"
)

func TestNames(t *testing.T) {
	want := []string{
		"canada_geometry", "citm_catalog", "golang_source", "string_escaped",
		"string_unicode", "synthea_fhir", "twitter_status",
	}
	if got := Names(); !slices.Equal(got, want) {
		t.Errorf("Names() = %q, want %q", got, want)
	}
}

func TestLoad(t *testing.T) {
	// Decompressed sizes, from data/NOTICE.md.
	wantSize := map[string]int{
		"canada_geometry": 270403,
		"citm_catalog":    1727204,
		"golang_source":   1940472,
		"string_escaped":  42062,
		"string_unicode":  18124,
		"synthea_fhir":    2008494,
		"twitter_status":  631514,
	}
	for _, name := range Names() {
		data, err := Load(name)
		if err != nil {
			t.Errorf("Load(%q): %v", name, err)
			continue
		}
		if len(data) != wantSize[name] {
			t.Errorf("Load(%q): %d bytes, want %d", name, len(data), wantSize[name])
		}
		if !json.Valid(data) {
			t.Errorf("Load(%q): not valid JSON", name)
		}
		// Each call must return its own copy.
		data[0] = 'X'
		again, err := Load(name)
		if err != nil || again[0] == 'X' {
			t.Errorf("Load(%q) shares its result between calls (err %v)", name, err)
		}
	}
	for _, name := range []string{"", "nope", "twitter_status.json", "twitter_status.json.gz", "data/twitter_status"} {
		if data, err := Load(name); err == nil {
			t.Errorf("Load(%q) = %d bytes, want an error", name, len(data))
		}
	}
}

func TestTypedCases(t *testing.T) {
	names := checkCases(t, Typed(), "a")
	want := []string{"canada_geometry", "citm_catalog", "golang_source", "synthea_fhir", "twitter_status"}
	if !slices.Equal(names, want) {
		t.Errorf("Typed() names = %q, want %q", names, want)
	}
}

// checkCases checks that each case is of the set and makes a new pointer
// at each call, and returns the cases' names.
func checkCases(t *testing.T, cases []Case, set string) []string {
	t.Helper()
	var names []string
	for _, c := range cases {
		names = append(names, c.Name)
		if c.Set != set {
			t.Errorf("%s: Set = %q, want %q", c.Name, c.Set, set)
		}
		a, b := c.New(), c.New()
		if a == nil || reflect.TypeOf(a).Kind() != reflect.Pointer {
			t.Errorf("%s: New() = %T, want a pointer", c.Name, a)
			continue
		}
		if reflect.ValueOf(a).Pointer() == reflect.ValueOf(b).Pointer() {
			t.Errorf("%s: New() returned the same pointer twice", c.Name)
		}
	}
	return names
}

// forEachCase runs test on each case, with its corpus, in a subtest.
func forEachCase(t *testing.T, cases []Case, test func(t *testing.T, c Case, data []byte)) {
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			data, err := Load(c.Name)
			if err != nil {
				t.Fatal(err)
			}
			test(t, c, data)
		})
	}
}

// TestTypedCoverage checks that each Go type covers its corpus: every field
// is known (DisallowUnknownFields), and encoding/json's re-encoding of the
// typed value decodes to exactly the same generic value as the original.
// The types were written so that this holds with no exceptions: nullable
// fields are pointers (or nil slices) without omitempty, and omitempty is
// only on fields that the corpus either omits or fills with a non-empty
// value.
func TestTypedCoverage(t *testing.T) {
	forEachCase(t, Typed(), func(t *testing.T, c Case, data []byte) {
		typed, err := DecodeTyped(c.Name)
		if err != nil {
			t.Fatal(err)
		}
		checkCovers(t, c, data, typed, func(strict, typed any) string {
			if reflect.DeepEqual(strict, typed) {
				return ""
			}
			return "not reflect.DeepEqual"
		})
	})
}

// checkCovers checks that c's type covers its corpus, data: a decode that
// disallows unknown fields reads the whole document and gives typed, which
// diff finds equal, and encoding/json's re-encoding of typed decodes to the
// same generic value as data. It returns the re-encoded text.
func checkCovers(t *testing.T, c Case, data []byte, typed any, diff func(strict, typed any) string) []byte {
	t.Helper()
	strict := c.New()
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(strict); err != nil {
		t.Fatalf("decode into %T: %v", strict, err)
	}
	if err := dec.Decode(new(any)); err != io.EOF {
		t.Fatalf("data after the document: %v", err)
	}
	if d := diff(strict, typed); d != "" {
		t.Errorf("the decoded value differs from a strict decode into %T (-strict +decoded):\n%.3000s", strict, d)
	}

	out, err := json.Marshal(typed)
	if err != nil {
		t.Fatal(err)
	}
	want, got := jsontest.DecodeAny(t, data), jsontest.DecodeAny(t, out)
	if d := firstDiff("$", want, got); d != "" {
		t.Errorf("re-encoding %T changed the document: %s", typed, d)
	}
	return out
}

func TestDecodeTypedErrors(t *testing.T) {
	for _, name := range []string{"string_escaped", "string_unicode", "nope", ""} {
		if v, err := DecodeTyped(name); err == nil {
			t.Errorf("DecodeTyped(%q) = %T, want an error", name, v)
		}
	}
}

func TestDecodeAny(t *testing.T) {
	for _, name := range Names() {
		got, err := DecodeAny(name)
		if err != nil {
			t.Errorf("DecodeAny(%q): %v", name, err)
			continue
		}
		if _, ok := got.(map[string]any); !ok {
			t.Errorf("DecodeAny(%q) = %T, want map[string]any", name, got)
			continue
		}
		data, _ := Load(name)
		var want any
		if err := json.Unmarshal(data, &want); err != nil {
			t.Fatal(err)
		}
		if d := firstDiff("$", want, got); d != "" {
			t.Errorf("DecodeAny(%q): %s", name, d)
		}
	}
	if v, err := DecodeAny("nope"); err == nil {
		t.Errorf("DecodeAny(%q) = %T, want an error", "nope", v)
	}
}

func TestSmall(t *testing.T) {
	const want = `{"id":1042,"name":"gopher","admin":true,"score":9.5,"tags":["go"]}`
	a := Small()
	out, err := json.Marshal(a)
	if err != nil {
		t.Fatal(err)
	}
	if string(out) != want {
		t.Errorf("Marshal(Small()) = %s, want %s", out, want)
	}
	a.Tags[0] = "changed"
	if b := Small(); b == a || b.Tags[0] != "go" {
		t.Error("Small() shares state between calls")
	}
}

// firstDiff describes the first difference between two values decoded into
// any, or returns "" if they are equal.
func firstDiff(path string, want, got any) string {
	switch w := want.(type) {
	case map[string]any:
		g, ok := got.(map[string]any)
		if !ok {
			return fmt.Sprintf("%s: got %T, want object", path, got)
		}
		keys := make([]string, 0, len(w)+len(g))
		for k := range w {
			keys = append(keys, k)
		}
		for k := range g {
			if _, ok := w[k]; !ok {
				keys = append(keys, k)
			}
		}
		sort.Strings(keys)
		for _, k := range keys {
			wv, wok := w[k]
			gv, gok := g[k]
			switch {
			case !gok:
				return fmt.Sprintf("%s.%s: missing, want %.80v", path, k, wv)
			case !wok:
				return fmt.Sprintf("%s.%s: unexpected %.80v", path, k, gv)
			}
			if d := firstDiff(path+"."+k, wv, gv); d != "" {
				return d
			}
		}
		return ""
	case []any:
		g, ok := got.([]any)
		if !ok {
			return fmt.Sprintf("%s: got %T, want array", path, got)
		}
		if len(g) != len(w) {
			return fmt.Sprintf("%s: got %d elements, want %d", path, len(g), len(w))
		}
		for i := range w {
			if d := firstDiff(fmt.Sprintf("%s[%d]", path, i), w[i], g[i]); d != "" {
				return d
			}
		}
		return ""
	default:
		if want != got {
			return fmt.Sprintf("%s: got %#v, want %#v", path, got, want)
		}
		return ""
	}
}

func TestFirstDiff(t *testing.T) {
	tests := []struct {
		name      string
		want, got string
		same      bool
	}{
		{"equal", `{"a":[1,"x",null,{"b":true}]}`, `{"a":[1,"x",null,{"b":true}]}`, true},
		{"missing key", `{"a":1,"b":null}`, `{"a":1}`, false},
		{"extra key", `{"a":1}`, `{"a":1,"b":null}`, false},
		{"number", `[1]`, `[1.5]`, false},
		{"length", `[1,2]`, `[1]`, false},
		{"kind", `{"a":[]}`, `{"a":{}}`, false},
		{"null vs empty", `{"a":null}`, `{"a":[]}`, false},
	}
	for _, tt := range tests {
		var want, got any
		if err := json.Unmarshal([]byte(tt.want), &want); err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal([]byte(tt.got), &got); err != nil {
			t.Fatal(err)
		}
		if d := firstDiff("$", want, got); (d == "") != tt.same {
			t.Errorf("%s: firstDiff = %q, want same=%v", tt.name, d, tt.same)
		}
	}
}
