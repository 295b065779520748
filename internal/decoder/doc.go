// Package decoder is safejson's unmarshaling engine, with the semantics of
// the encoding/json the build follows (see internal/semantics): Go 1.26's
// classic code, or Go 1.27's v1 on encoding/json/v2.
//
// Each Go type is compiled once into decoders that write a value, read from
// JSON text, through a mem.Ptr. They are cached by type and hold no options:
// options travel in the per-call state.
//
// # One pass or two
//
// encoding/json validates the whole input before it touches the target, so
// a syntax error leaves the target as it was. The decoders here validate as
// they go. When the target is still its zero value and no user method can
// run while decoding (the type is "pure"), a syntax error is repaired by
// zeroing the target again, so one pass suffices. When methods can run, a
// zero target is still decoded in one pass, with the method calls noted
// and made at the end, once the input is known valid (deferred.go).
// Otherwise the input is validated first, as encoding/json does.
//
// # v1 on v2
//
// Under Go 1.27's semantics the decoders branch on semantics.OnV2, a
// constant, on their rare paths: errors of every kind are kept and decoding
// goes on; a type error notes only where its value starts, and the path in
// the input to it (names as written, indexes, map keys) and the root type's
// name are worked out once, when a call ends with one (path.go);
// UnmarshalJSONFrom methods read from the standard library's
// jsontext.Decoder (from_onv2.go).
//
// # The v2 preset
//
// Under Go 1.27 with encoding/json/v2, the files v2_*.go add the decoding
// of encoding/json/v2's Unmarshal with its default options, for compat/v2
// (UnmarshalV2). Its decoders are built by the same compiler, cached under
// the v2api flag beside the others, and share the per-call state; they
// read text through internal/wirev2 and report false for whatever they
// leave to the standard library.
package decoder
