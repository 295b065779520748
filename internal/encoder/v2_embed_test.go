//go:build goexperiment.jsonv2 && go1.27

package encoder_test

import (
	"encoding/json/jsontext"
	jsonv2 "encoding/json/v2"
	"testing"
)

// textKey is a string key with a text method, which v2's maps call and
// its `embed` maps do not.
type textKey string

func (k textKey) MarshalText() ([]byte, error) { return []byte("text:" + k), nil }

type embedBase struct {
	A int    `json:"a"`
	B string `json:"b,omitempty"`
}

type embedOnly struct {
	M map[string]any `json:",embed"`
}

type embedAfterFields struct {
	embedBase
	Extra map[string]any `json:",embed"`
}

type embedPointer struct {
	A int
	M *map[string]int `json:",embed"`
}

type embedBehindPointer struct {
	*embedOnly
	Z bool
}

type namedKey string

type embedNamedKeys struct {
	N int
	M map[namedKey]float64 `json:",embed"`
}

// embedNoCase has fields that match names in any case, and one that
// does not.
type embedNoCase struct {
	AAA   string            `json:",case:ignore"`
	AaA   string            `json:",case:ignore"`
	Exact string            `json:"ex_act"`
	M     map[string]string `json:",embed"`
}

var embedOptionSets = [][]jsonv2.Options{
	nil,
	{jsonv2.StringifyNumbers(true)},
	{jsonv2.FormatNilMapAsNull(true), jsonv2.FormatNilSliceAsNull(true)},
	{jsontext.EscapeForHTML(true), jsontext.AllowInvalidUTF8(true)},
	{jsontext.WithIndent("  ")},
	{jsonv2.OmitZeroStructFields(true)},
	{jsontext.AllowDuplicateNames(true)},
	{jsonv2.MatchCaseInsensitiveNames(true)},
}

// TestEmbedMaps holds structs with an `embed` map to encoding/json/v2
// under the option sets that change what they write, sorted, and with
// none in map order as well (check). The engine must write those whose keys name no field and are
// UTF-8; the others go to v2 (or, written, must be v2's bytes).
func TestEmbedMaps(t *testing.T) {
	three := map[string]int{"x": 1, "y": 2, "<z>": 3}
	values := []struct {
		v     any
		yours bool // the engine must write it
	}{
		{embedOnly{}, true},
		{embedOnly{M: map[string]any{}}, true},
		{embedOnly{M: map[string]any{"k": 1, "list": []any{"a", nil}, "obj": map[string]any{"n": 1.5}}}, true},
		{embedAfterFields{}, true},
		{embedAfterFields{embedBase{1, "b"}, map[string]any{"c": "d", "e": nil}}, true},
		{embedAfterFields{embedBase{1, ""}, map[string]any{"b": "from the map"}}, false},
		{embedAfterFields{embedBase{1, "x"}, map[string]any{"a": 2}}, false},
		{embedAfterFields{Extra: map[string]any{"\xff": 1}}, false},
		{embedPointer{A: 1}, true},
		{embedPointer{A: 1, M: &three}, true},
		{embedBehindPointer{}, true},
		{embedBehindPointer{embedOnly: &embedOnly{M: map[string]any{"q": true}}, Z: true}, true},
		{embedNamedKeys{N: 1, M: map[namedKey]float64{"p": 0.5, "q": 1e21}}, true},
		{[]embedAfterFields{{embedBase{1, "b"}, map[string]any{"c": 1}}, {}}, true},
		{map[string]embedOnly{"o": {M: map[string]any{"i": 1}}}, true},
		{embedNoCase{AAA: "x", AaA: "x", M: map[string]string{"b": "y"}}, true},
		{embedNoCase{AAA: "x", AaA: "x", M: map[string]string{"aaa": ""}}, false},
		{embedNoCase{M: map[string]string{"a_aa": ""}}, false},
		{embedNoCase{Exact: "e", M: map[string]string{"EX_ACT": ""}}, false},
		{embedNoCase{Exact: "e", M: map[string]string{"exact": ""}}, false},
		{embedNoCase{M: map[string]string{"ex-act": "", "ex_act": ""}}, false},
	}
	for _, c := range values {
		for _, opts := range embedOptionSets {
			opts = append(opts, jsonv2.Deterministic(true))
			if wrote := checkOptions(t, c.v, opts); c.yours && !wrote {
				t.Errorf("MarshalV2(%#v, %v) left the value to v2", c.v, opts)
			}
		}
		if wrote := check(t, c.v); c.yours && !wrote {
			t.Errorf("AppendV2(%#v) left the value to v2", c.v)
		}
	}
}
