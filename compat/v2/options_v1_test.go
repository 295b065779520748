//go:build goexperiment.jsonv2 && go1.27

package json_test

import (
	"encoding/json"
	jsonv2 "encoding/json/v2"
	"math/rand"
	"reflect"
	"testing"

	"github.com/leanovate/gopter"

	ours "github.com/safejson/safejson/compat/v2"
	"github.com/safejson/safejson/conformance"
)

// TestDefaultOptionsV1 holds Marshal and Unmarshal with DefaultOptionsV1,
// which compat/v2 runs on the v1 engines, to encoding/json/v2 with the
// same options, on conformance's random values, and on texts that fail in
// several ways (partial values included).
func TestDefaultOptionsV1(t *testing.T) {
	v1 := json.DefaultOptionsV1()
	optionSets := [][]jsonv2.Options{{v1}, {jsonv2.Deterministic(false), v1, jsonv2.Deterministic(true)}}
	gen := conformance.Values()
	params := gopter.DefaultGenParameters()
	params.Rng = rand.New(rand.NewSource(2031))
	params.MaxSize = 24
	cases := 2000
	if testing.Short() {
		cases = 300
	}
	for i := range cases {
		v, ok := gen(params).Retrieve()
		if !ok {
			continue
		}
		opts := optionSets[i%len(optionSets)]
		want := marshalOutcome(jsonv2.Marshal, v, false, opts...)
		got := marshalOutcome(ours.Marshal, v, false, opts...)
		// Members whose names tie come out in map order from the
		// standard library (see compat's differences).
		if want != got && !stdMayGive(got, v, false, opts...) {
			t.Errorf("case %d: Marshal(%#v, %v)\n got %+v\nwant %+v", i, v, opts, got, want)
		}
	}
	for _, in := range unmarshalInputs {
		for _, newTarget := range unmarshalTargets {
			for _, opts := range optionSets {
				want := decodeOutcome(func(v any) error { return jsonv2.Unmarshal([]byte(in), v, opts...) }, newTarget)
				got := decodeOutcome(func(v any) error { return ours.Unmarshal([]byte(in), v, opts...) }, newTarget)
				if !reflect.DeepEqual(want, got) {
					t.Errorf("Unmarshal(%q, %T, %v):\n got %#v\nwant %#v", in, newTarget(), opts, got, want)
				}
			}
		}
	}
}
