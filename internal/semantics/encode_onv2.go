//go:build goexperiment.jsonv2

package semantics

// InvalidUTF8 is what encoding/json writes, inside a string, for each byte
// of invalid UTF-8 when it escapes HTML or nothing: U+FFFD itself.
const InvalidUTF8 = "\uFFFD"
