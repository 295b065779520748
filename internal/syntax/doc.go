// Package syntax is the JSON text layer: validation, compaction, indentation
// and HTML escaping of JSON text, with no knowledge of Go types.
//
// It never imports reflect. Every function reproduces the encoding/json of
// the toolchain that builds it (Go 1.26's classic code, or Go 1.27's v1 on
// v2) byte for byte, including its error messages and offsets, so the compat
// package can build Valid, Compact, Indent and HTMLEscape (and the encoder its
// validation of MarshalJSON output) on it.
//
// It drives the token rules of internal/grammar: the byte classes, string,
// escape, number and literal scanning, the nesting limit and the errors
// are there, shared with the module's other readers of JSON text.
//
// # Design
//
// encoding/json feeds every byte through a state machine of function
// pointers. This package instead parses with one direct loop per operation:
// an iterative parser whose container stack is a bit per level (object or
// array) kept in a uint64, spilling to a slice only past 64 levels, so deep
// input cannot overflow the goroutine stack and shallow input never
// allocates. String bodies are skipped eight bytes at a time and copied as
// whole runs; only quotes, backslashes, control bytes and (when escaping)
// HTML-significant bytes stop the run.
//
// # Errors
//
// Failures are reported as *grammar.SyntaxErr, carrying the exact message and offset
// encoding/json's *SyntaxError would have. The parsers only find where and in
// which context the text fails; the words and the offset come from
// internal/semantics, because they differ between the two implementations
// and between entry points (Go 1.26's Compact reports offset 0; Go 1.27's
// Compact and Indent word some failures unlike its Valid and Unmarshal).
//
// # Compatibility notes
//
// Invalid UTF-8 inside strings is valid JSON text to encoding/json (both
// implementations), and these functions pass it through unchanged; so are
// duplicate object keys. AppendCompact escapes U+2028 and
// U+2029 only when escapeHTML is set, as encoding/json does when it compacts
// MarshalJSON output; json.Compact itself leaves them alone.
package syntax
