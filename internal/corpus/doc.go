// Package corpus gives benchmarks and tests the standard JSON corpora and
// typed Go values for them.
//
// # Corpora
//
// The documents in data/ are embedded gzip files (see data/NOTICE.md for
// their origin and licences). [Load] returns one decompressed; [Names] lists
// them.
//
// # Typed values
//
// Five corpora have hand-written Go types: [TwitterStatus], [CITMCatalog],
// [CanadaGeometry], [GolangSource] and [SyntheaFHIR]. They cover every field
// in their document, so decoding with DisallowUnknownFields succeeds, and
// re-encoding with encoding/json gives JSON that decodes to the same value
// as the original. [Typed] lists them; [DecodeTyped] and [DecodeAny] decode
// a corpus with encoding/json.
//
// The types use what real Go code uses: sized integers, float64, bool,
// pointers for nullable fields, omitempty for optional ones, nested structs,
// slices, maps keyed by strings and by integers (citm_catalog), a recursive
// tree (golang_source) and a few interface fields where the JSON is
// polymorphic (synthea_fhir).
//
// [Small] returns a small struct, about 60 bytes of JSON, for measuring the
// fixed cost of a call.
package corpus
