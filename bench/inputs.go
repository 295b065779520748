package bench

import (
	"encoding/json"
	"fmt"

	"github.com/safejson/safejson/internal/corpus"
)

// Input is one benchmark input.
type Input struct {
	Name  string // the corpus= key of benchmark names
	Value any    // what Marshal and Encode are given
	Data  []byte // what Unmarshal is given
	New   func() any

	// UnmarshalOnly marks an input whose Value encodes exactly like another
	// input's, so that only its Unmarshal benchmark adds information.
	UnmarshalOnly bool
}

// Inputs returns the benchmark inputs: the five typed corpora in the types
// of set A, two corpora decoded into any, the two string corpora as
// map[string]string (the same strings, so string_escaped is only
// unmarshaled), a small struct for per-call overhead, records of omitzero
// members, and then all seven corpora in the types of set B
// (corpus.TypedB), named with a _b suffix.
// Everything is decoded with encoding/json.
func Inputs() ([]Input, error) {
	var ins []Input
	for _, c := range corpus.Typed() {
		v, err := corpus.DecodeTyped(c.Name)
		if err != nil {
			return nil, err
		}
		data, err := corpus.Load(c.Name)
		if err != nil {
			return nil, err
		}
		ins = append(ins, Input{Name: c.Name, Value: v, Data: data, New: c.New})
	}
	for _, name := range []string{"twitter_status", "citm_catalog"} {
		v, err := corpus.DecodeAny(name)
		if err != nil {
			return nil, err
		}
		data, err := corpus.Load(name)
		if err != nil {
			return nil, err
		}
		ins = append(ins, Input{Name: name + "_any", Value: v, Data: data, New: func() any { return new(any) }})
	}
	for _, name := range []string{"string_escaped", "string_unicode"} {
		data, err := corpus.Load(name)
		if err != nil {
			return nil, err
		}
		var m map[string]string
		if err := json.Unmarshal(data, &m); err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		ins = append(ins, Input{
			Name: name, Value: m, Data: data, New: func() any { return new(map[string]string) },
			// string_escaped is string_unicode with every character written
			// as a \u escape: decoded, the two are the same value.
			UnmarshalOnly: name == "string_escaped",
		})
	}
	small, err := json.Marshal(corpus.Small())
	if err != nil {
		return nil, err
	}
	ins = append(ins, Input{Name: "small", Value: corpus.Small(), Data: small, New: func() any { return new(corpus.SmallStruct) }})
	records := corpus.OmitZeroRecords()
	recordsData, err := json.Marshal(records)
	if err != nil {
		return nil, err
	}
	ins = append(ins, Input{Name: "omitzero_records", Value: records, Data: recordsData, New: func() any { return new([]corpus.OmitZeroRecord) }})
	for _, c := range corpus.TypedB() {
		v, err := c.Decode()
		if err != nil {
			return nil, err
		}
		data, err := corpus.Load(c.Name)
		if err != nil {
			return nil, err
		}
		ins = append(ins, Input{
			Name: c.Name + "_b", Value: v, Data: data, New: c.New,
			UnmarshalOnly: c.Name == "string_escaped", // as in set A
		})
	}
	return ins, nil
}
