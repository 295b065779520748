// Package compat is a drop-in replacement for encoding/json: import it as
// json in place of encoding/json, and nothing else changes.
//
// It has exactly the exported API of the encoding/json of the toolchain
// that builds it, and with no options it writes the same bytes and returns
// errors of the same types with the same messages. Swapping the import is
// the whole migration:
//
//	import json "github.com/safejson/safejson/compat"
//
// That encoding/json is Go 1.26's classic implementation, or Go 1.27's,
// which implements v1 on top of encoding/json/v2 unless built with
// GOEXPERIMENT=nojsonv2. compat picks the same semantics at compile time, by
// the same build constraint: under Go 1.27 it writes invalid UTF-8 as a raw
// U+FFFD, follows v2's tag rules (`embed`, `case:ignore`, `case:strict`, the
// error for `format`), calls MarshalJSONTo, UnmarshalJSONFrom and
// AppendText methods (with the standard library's own jsontext Encoder and
// Decoder), and reports v1-on-v2's errors and offsets. It then also exports
// Options and its constructors, which are encoding/json's own values.
//
// The types shared with encoding/json ([RawMessage], [Number], [Marshaler],
// [Unmarshaler], [Token], [Delim] and every error type) are aliases, so
// values and errors pass between the two packages freely and [errors.As]
// matches either spelling.
//
// # Encoding
//
// [Marshal], [MarshalIndent] and [Encoder] run safejson's own engine:
// per-type encoders compiled once and cached, table-driven string escaping
// and one output buffer. [Valid], [Compact], [Indent] and [HTMLEscape] run
// safejson's own syntax layer.
//
// # Decoding
//
// [Unmarshal] and [Decoder] run safejson's own decoder (internal/decoder):
// per-type decoders compiled once and cached, with encoding/json's values,
// errors and offsets. Strings decoded in one call share a few larger
// allocations, so a string that is kept keeps its chunk alive.
//
// # Differences from encoding/json
//
// None in bytes, values or errors on purpose: any is a bug. Where Go 1.27's
// encoding/json never returns, compat returns:
//   - [Indent] with a prefix of more than spaces and tabs, an empty
//     indent, and a newline followed by more spaces than the prefix is
//     long, in the trailing whitespace of a valid text or anywhere in an
//     invalid one (Go 1.27 loops, golang/go#81547). On an invalid text
//     compat returns the syntax error, as both toolchains do elsewhere. On
//     a valid one it applies Go 1.27's rule for trailing whitespace,
//     stopping where the loop does not: the prefix replaces the first
//     spaces after each newline, and the rest stay. So `"a"` followed by a
//     newline and two spaces, with prefix ">", gives `"a"`, a newline and
//     "> " (Go 1.26 gives the text unchanged), as with indent "x" Go 1.27
//     itself gives `"a"`, a newline and ">x".
//   - [Marshal] of a ring of pointers to pointers (type P *P): an
//     *[encoding/json.UnsupportedValueError] (Go 1.27 overflows the stack).
//   - [Unmarshal] of an object member into a struct whose embed field is a
//     [RawMessage] holding something other than an object: an
//     *[encoding/json.UnmarshalTypeError] (Go 1.27 panics).
//
// Map members whose names tie are written in one order, the byte order of
// their values' JSON text, the same on every call. encoding/json writes
// them in map iteration order, which varies from call to call, so compat's
// order is one it can give for two tied members, and for more the same
// members in another order. Names tie under both toolchains where a
// MarshalText returns one text for two keys, and under Go 1.27 also where
// the texts of keys of types with methods (TextMarshaler keys) are the same
// once each byte of invalid UTF-8 is replaced by U+FFFD, such as "\xfe" and
// "\uFFFD".
//
// Differences that no output shows but a program might notice:
//   - When a map's values fail to encode, the MarshalJSON and MarshalText
//     methods of its entries may be called more than once while compat
//     works out which error encoding/json reports.
//   - Into a zero target, UnmarshalJSON and UnmarshalText methods run after
//     the rest of the input has been read, in encoding/json's order, with
//     its bytes, once each; if one fails, the value is decoded again into a
//     fresh one, with the methods that ran replaced by copies of what they
//     left. Only a method that looks at other parts of the target, or keeps
//     its receiver's address, can tell.
//   - Decoded strings, slices of pointer-free elements, values allocated
//     behind nil pointers, the first elements of other slices, and the numbers, strings and []any decoded into
//     an any share larger allocations with others of the same call, so a
//     value that is kept keeps its neighbours alive; a repeated object key
//     may be the same string.
//   - Decoded slices may have another capacity (never another length or
//     content); carved slices have exactly their length, so append copies
//     them.
//   - A cycle of interfaces and pointers in the target, where encoding/json
//     loops forever (Go 1.26) or overflows the stack (Go 1.27), is an error
//     after 10000 steps.
//   - Under Go 1.27, a MarshalJSONTo method writes to an encoder that holds
//     only the array or object its value goes in (or none, at the top): its
//     StackDepth, the counts of StackIndex and StackPointer describe that,
//     not the whole output. Reproducing the whole would mean writing all
//     the output before the value through a jsontext.Encoder, at the
//     standard library's speed.
package compat
