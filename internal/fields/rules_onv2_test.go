//go:build goexperiment.jsonv2 && go1.27

package fields

import (
	"reflect"
	"testing"

	"github.com/google/go-cmp/cmp"
)

type hopInner struct{ A, B int }

// pathed reaches fields through tags the engines of the v2 API leave to
// the standard library, on the field and on the embedding above it.
type pathed struct {
	hopInner `json:",format:x"`
	Q        int            `json:"'q'"`
	E        map[string]any `json:",embed"`
	F        string         `json:",format:y"`
	//lint:ignore SA5008 the options are what the test reads
	S  **int `json:",string,readonly"`
	OK int   `json:"ok,omitempty"`
}

// TestPathAndStringify checks what the v2 API's engines read of the tags,
// in place of the tags themselves.
func TestPathAndStringify(t *testing.T) {
	type seen struct {
		Path      Options
		Stringify bool
	}
	got := map[string]seen{}
	for _, f := range Of(reflect.TypeFor[pathed]()).Fields {
		got[f.Name] = seen{f.Path, f.Stringify}
	}
	want := map[string]seen{
		"A": {OptFormat, false}, "B": {OptFormat, false}, "Q": {OptQuotedName, false},
		"F": {OptFormat, false}, "S": {0, true}, "ok": {0, false},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	if s := Of(reflect.TypeFor[pathed]()); s.Fallback == nil || s.Fallback.Path != OptEmbed {
		t.Errorf("Fallback = %+v, want E with OptEmbed", s.Fallback)
	}
}

// textNumber is a number whose text v2 takes from its method.
type textNumber int

func (textNumber) MarshalText() ([]byte, error) { return []byte("n"), nil }

func TestStringifiesNumber(t *testing.T) {
	for _, c := range []struct {
		t    reflect.Type
		want bool
	}{
		{reflect.TypeFor[int](), true}, {reflect.TypeFor[***float32](), true}, {reflect.TypeFor[uintptr](), true},
		{reflect.TypeFor[bool](), false}, {reflect.TypeFor[string](), false}, {reflect.TypeFor[*[]int](), false},
		{reflect.TypeFor[reflect.Kind](), true}, // String is no method v2 calls
		{reflect.TypeFor[textNumber](), false}, {reflect.TypeFor[*textNumber](), false},
	} {
		if got := StringifiesNumber(c.t); got != c.want {
			t.Errorf("StringifiesNumber(%v) = %v, want %v", c.t, got, c.want)
		}
	}
}
