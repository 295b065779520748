package corpus

import (
	"bytes"
	"compress/gzip"
	"embed"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"slices"
	"strings"

	"github.com/safejson/safejson/internal/corpus/setb"
)

//go:embed data/*.json.gz
var files embed.FS

const suffix = ".json.gz"

// Names returns the names of the embedded corpora, sorted, without the
// ".json.gz" suffix.
func Names() []string {
	entries, err := fs.ReadDir(files, "data")
	if err != nil {
		panic(err) // The embedded directory always exists.
	}
	var names []string
	for _, e := range entries {
		if name, ok := strings.CutSuffix(e.Name(), suffix); ok {
			names = append(names, name)
		}
	}
	slices.Sort(names)
	return names
}

// Load returns the decompressed JSON of the named corpus. Each call returns
// a new slice, so callers may modify it.
func Load(name string) ([]byte, error) {
	if !slices.Contains(Names(), name) {
		return nil, fmt.Errorf("corpus: unknown corpus %q (have %s)", name, strings.Join(Names(), ", "))
	}
	gz, err := files.ReadFile("data/" + name + suffix)
	if err != nil {
		return nil, fmt.Errorf("corpus: %w", err)
	}
	zr, err := gzip.NewReader(bytes.NewReader(gz))
	if err != nil {
		return nil, fmt.Errorf("corpus: %s: %w", name, err)
	}
	data, err := io.ReadAll(zr)
	if err != nil {
		return nil, fmt.Errorf("corpus: %s: %w", name, err)
	}
	if err := zr.Close(); err != nil {
		return nil, fmt.Errorf("corpus: %s: %w", name, err)
	}
	return data, nil
}

// Case is a corpus with a Go type for it.
type Case struct {
	Name string     // corpus name, as given to Load
	Set  string     // the type set: "a" (Typed) or "b" (TypedB)
	New  func() any // returns a pointer to a new zero value of the type
}

// Decode decodes the case's corpus with encoding/json into a new value of
// its Go type and returns a pointer to it.
func (c Case) Decode() (any, error) {
	data, err := Load(c.Name)
	if err != nil {
		return nil, err
	}
	v := c.New()
	if err := json.Unmarshal(data, v); err != nil {
		return nil, fmt.Errorf("corpus: %s (set %s): %w", c.Name, c.Set, err)
	}
	return v, nil
}

// Typed lists the corpora that have Go types in the first type set, this
// package's own types.
func Typed() []Case {
	return []Case{
		{Name: "canada_geometry", Set: "a", New: func() any { return new(CanadaGeometry) }},
		{Name: "citm_catalog", Set: "a", New: func() any { return new(CITMCatalog) }},
		{Name: "golang_source", Set: "a", New: func() any { return new(GolangSource) }},
		{Name: "synthea_fhir", Set: "a", New: func() any { return new(SyntheaFHIR) }},
		{Name: "twitter_status", Set: "a", New: func() any { return new(TwitterStatus) }},
	}
}

// TypedB lists the second type set, the types of package setb: one for
// each corpus of Typed, and one for the two string corpora, which the
// first set leaves to map[string]string.
func TypedB() []Case {
	return []Case{
		{Name: "canada_geometry", Set: "b", New: func() any { return new(setb.FeatureCollection) }},
		{Name: "citm_catalog", Set: "b", New: func() any { return new(setb.Catalog) }},
		{Name: "golang_source", Set: "b", New: func() any { return new(setb.SourceTree) }},
		{Name: "string_escaped", Set: "b", New: func() any { return new(setb.BlockSamples) }},
		{Name: "string_unicode", Set: "b", New: func() any { return new(setb.BlockSamples) }},
		{Name: "synthea_fhir", Set: "b", New: func() any { return new(setb.Bundle) }},
		{Name: "twitter_status", Set: "b", New: func() any { return new(setb.TwitterSearch) }},
	}
}

// DecodeTyped decodes the named corpus with encoding/json into a new value
// of its Go type in the first set and returns a pointer to it.
func DecodeTyped(name string) (any, error) {
	i := slices.IndexFunc(Typed(), func(c Case) bool { return c.Name == name })
	if i < 0 {
		return nil, fmt.Errorf("corpus: no Go type for corpus %q", name)
	}
	v, err := Typed()[i].Decode()
	if err != nil {
		return nil, err
	}
	return v, nil
}

// DecodeAny decodes the named corpus with encoding/json into an interface
// value: map[string]any, []any, string, float64, bool or nil.
func DecodeAny(name string) (any, error) {
	data, err := Load(name)
	if err != nil {
		return nil, err
	}
	var v any
	if err := json.Unmarshal(data, &v); err != nil {
		return nil, fmt.Errorf("corpus: %s: %w", name, err)
	}
	return v, nil
}

// SmallStruct is a small flat value, for measuring per-call overhead.
type SmallStruct struct {
	ID    int64    `json:"id"`
	Name  string   `json:"name"`
	Admin bool     `json:"admin"`
	Score float64  `json:"score"`
	Tags  []string `json:"tags"`
}

// Small returns a new SmallStruct whose encoding/json output is about 60
// bytes.
func Small() *SmallStruct {
	return &SmallStruct{ID: 1042, Name: "gopher", Admin: true, Score: 9.5, Tags: []string{"go"}}
}

// OmitZeroRecord is a record of the shape that Go 1.24's omitzero tag
// invites: every member is left out while zero, and most records set only
// a few.
type OmitZeroRecord struct {
	ID       int64             `json:"id,omitzero"`
	Name     string            `json:"name,omitzero"`
	Parent   *OmitZeroRecord   `json:"parent,omitzero"`
	Tags     []string          `json:"tags,omitzero"`
	Attrs    map[string]string `json:"attrs,omitzero"`
	Extra    any               `json:"extra,omitzero"`
	Count    int               `json:"count,omitzero"`
	Owner    string            `json:"owner,omitzero"`
	Children []*OmitZeroRecord `json:"children,omitzero"`
	Note     *string           `json:"note,omitzero"`
}

// OmitZeroRecords returns 200 records: half set an id, a name and a count,
// the other half an owner and an empty, non-nil slice of tags, which
// omitzero keeps.
func OmitZeroRecords() []OmitZeroRecord {
	recs := make([]OmitZeroRecord, 200)
	for i := range recs {
		if i%2 == 0 {
			recs[i] = OmitZeroRecord{ID: int64(i), Name: "record", Count: i}
		} else {
			recs[i] = OmitZeroRecord{Owner: "owner", Tags: []string{}}
		}
	}
	return recs
}
