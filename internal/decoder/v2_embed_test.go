//go:build goexperiment.jsonv2 && go1.27

package decoder_test

import (
	"encoding/json/jsontext"
	"testing"

	"github.com/safejson/safejson/internal/decoder"
	"github.com/safejson/safejson/internal/v2opts"
)

type embedsPtrMap struct {
	A int
	M *map[string]int `json:",embed"`
}

// EmbedsMap is exported: v2 cannot set an embedded pointer to an
// unexported type.
type EmbedsMap struct {
	T string
	M map[string]any `json:",embed"`
}

type embedsPtrAny struct {
	M *map[string]any `json:",embed"`
}

type embedsMapBehind struct {
	*EmbedsMap
	Z bool
}

type embedKey string

type embedsNamed struct {
	N int                `json:"n"`
	M map[embedKey]inner `json:",embed"`
}

type embedsNoCase struct {
	AAA   string            `json:",case:ignore"`
	Exact string            `json:"ex_act"`
	M     map[string]string `json:",embed"`
}

type embedsRaw struct {
	T string
	X jsontext.Value `json:",embed"`
}

var embedInputs = []string{
	`{}`, `null`, `[1]`, `{"T":"x"}`, `{"T":"x","u":1}`, `{"u":1,"v":[1,2],"T":"y"}`, `{"u":1,"u":2}`,
	`{"u":1,"\u0075":2}`, `{"u":{"a":1,"a":2}}`, `{"u":null}`, `{"t":1}`, `{"M":{"k":1}}`, `{"":2,"A":1}`,
	`{"u":"\ud800"}`, "{\"\xff\":1}", `{"\ud800":1}`, `{"aaa":"x"}`, `{"a_a_a":"x","AAA":"y"}`,
	`{"EX_ACT":"e","exact":"f"}`, `{"ex-act":"g"}`, `{"n":1,"k":{"A":2},"j":null}`, `{"k":{"A":"x"}}`,
	`{"Z":true,"T":"t","q":[]}`, `{"u":1,}`, `{"u"}`, `{"u":1`,
}

var embedTargets = []func() any{
	newOf[embedsMap](), newOf[embedsPtrMap](), newOf[embedsMapBehind](), newOf[embedsNamed](),
	newOf[embedsNoCase](), newOf[[]embedsMap](), newOf[map[string]embedsPtrMap](), newOf[embedsPtrAny](),
	// A target merged into: v2 makes the map the pointer points to.
	func() any { return &embedsPtrMap{A: 7, M: new(map[string]int)} },
	// Maps merged into: v2 keeps their entries.
	func() any { return &embedsMap{M: map[string]any{"k": 1}} },
	func() any { return &embedsMap{T: "t", M: map[string]any{}} },
}

// TestEmbedMapsV2 holds structs with an `embed` map to v2: the members no
// field takes go into the map, under every flag set check tries.
func TestEmbedMapsV2(t *testing.T) {
	checkAll(t, embedInputs, embedTargets)
	checkTaken(t, []taken{
		{`{"T":"x","u":1,"v":{"w":[null]}}`, newOf[embedsMap](), 0},
		{`{"A":1,"u":2}`, newOf[embedsPtrMap](), 0},
		{`{"A":1,"u":[2]}`, newOf[embedsPtrAny](), 0},
		{`{"A":1,"u":2}`, func() any { return &embedsPtrMap{A: 7, M: new(map[string]int)} }, 0},
		{`{"Z":true,"q":"r"}`, newOf[embedsMapBehind](), 0},
		{`{"n":1,"k":{"A":2}}`, newOf[embedsNamed](), 0},
		{`{"aaa":"x","b":"y"}`, newOf[embedsNoCase](), 0},
		{`{"EXACT":"x"}`, newOf[embedsNoCase](), v2opts.RejectUnknown},
		{`{"ex-act":"x"}`, newOf[embedsNoCase](), v2opts.MatchCase},
		{`{"T":"x","u":1,"k":2}`, func() any { return &embedsMap{M: map[string]any{"k": 1}} }, 0},
	})
	if decoder.UnmarshalV2([]byte(`{"T":"x","u":1}`), &embedsRaw{}, decoder.OptionsV2{}) {
		t.Error("Unmarshal into a struct with a jsontext.Value embed decoded it")
	}
}
