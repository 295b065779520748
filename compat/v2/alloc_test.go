//go:build goexperiment.jsonv2 && go1.27 && !safejson_safe && !race

package json_test

// Allocation counts tell which path a call took; the safe build
// (-tags safejson_safe) reads values through reflection, and -race
// changes what allocates, so neither counts as these tests expect.

import (
	"bytes"
	"encoding/json"
	jsonv2 "encoding/json/v2"
	"io"
	"testing"

	ours "github.com/safejson/safejson/compat/v2"
	"github.com/safejson/safejson/internal/corpus"
)

// TestUnmarshalReadV1OnEngine: under DefaultOptionsV1 a document read
// whole is decoded on the engine, which allocates a small part of what
// the standard library does (127 objects to 3,154 for twitter_status).
func TestUnmarshalReadV1OnEngine(t *testing.T) {
	for _, c := range corpus.Typed() {
		if c.Name != "twitter_status" {
			continue
		}
		data, err := corpus.Load(c.Name)
		if err != nil {
			t.Fatal(err)
		}
		allocs := func(read func(io.Reader, any, ...jsonv2.Options) error) float64 {
			return testing.AllocsPerRun(3, func() {
				if err := read(bytes.NewReader(data), c.New(), json.DefaultOptionsV1()); err != nil {
					t.Fatal(err)
				}
			})
		}
		if std, got := allocs(jsonv2.UnmarshalRead), allocs(ours.UnmarshalRead); got*4 > std {
			t.Errorf("UnmarshalRead allocates %.0f objects to the standard library's %.0f: not on the engine", got, std)
		}
		return
	}
	t.Fatal("no twitter_status corpus")
}
