// Package setb is the second set of Go types for the corpora of
// internal/corpus, written from the documents with other shapes than the
// first set (package corpus), so that no benchmark result depends on one
// set of types.
//
// Where the first set has a pointer, this one tends to have a value, and
// the reverse: []*Tweet, *User, value trees of [Node], pointer-embedded
// groups of fields in [Resource]. Every timestamp is a time.Time: RFC 3339
// ones directly, the others through small types that keep their layout
// ([RubyTime], [UnixTime], [UnixMilli], [Date]). Ids are unsigned, the
// number-as-string ids use the ,string option, small tables are anonymous
// structs or map[string]T, and a few fields are json.Number or
// json.RawMessage. The string corpora are keyed by [Block], a named key type
// with text methods.
//
// Every type covers its document: decoding with DisallowUnknownFields
// succeeds, and encoding/json writes the typed value back as the same
// document (the same generic value).
package setb
