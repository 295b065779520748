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
// # Two type sets
//
// Those types are set A. Set B, in package setb, has a second Go type for
// every corpus, the string corpora included, written from the documents
// with other shapes, so that a benchmark result does not depend on one set
// of types: values where set A has pointers and pointers where it has
// values, time.Time for every timestamp (through small types with JSON or
// text methods where a document's layout is not RFC 3339), unsigned ids,
// ,string ids where a document has numbers as strings, anonymous structs,
// map[string]T where set A has structs, embedded structs and embedded
// pointers, json.Number and json.RawMessage, and a map key type with text
// methods for the string corpora. Set B covers its documents as set A
// does, and decoding, encoding and decoding again gives an equal value.
//
// [Typed] lists set A and [TypedB] set B; [Case.Set] says which set a
// case is from ("a" or "b"), and [Case.Decode] decodes its corpus.
// [DecodeTyped] decodes set A by corpus name.
//
// [Small] returns a small struct, about 60 bytes of JSON, for measuring the
// fixed cost of a call.
package corpus
