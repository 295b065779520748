// Package syntax is the JSON text layer: validation, compaction, indentation
// and HTML escaping of JSON text, with no knowledge of Go types.
//
// It never imports reflect. Every function reproduces Go 1.26's encoding/json
// byte for byte, including its error messages and offsets, so the compat
// package can build Valid, Compact, Indent and HTMLEscape (and the encoder its
// validation of MarshalJSON output) on it.
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
// Failures are reported as *SyntaxErr, carrying the exact message and offset
// encoding/json's *SyntaxError would have. The offset follows each
// encoding/json entry point: Validate and AppendIndent report the number of
// bytes read up to and including the offending byte (len(src) at end of
// input), while AppendCompact reports 0, because json.Compact never counts
// the bytes it scans.
//
// # Compatibility notes
//
// Invalid UTF-8 inside strings is valid JSON text to encoding/json, and these
// functions pass it through unchanged. AppendCompact escapes U+2028 and
// U+2029 only when escapeHTML is set, as encoding/json does when it compacts
// MarshalJSON output; json.Compact itself leaves them alone.
package syntax
