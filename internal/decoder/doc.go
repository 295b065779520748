// Package decoder is safejson's unmarshaling engine, with the semantics of
// Go 1.26's encoding/json.
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
// zeroing the target again, so one pass suffices. Otherwise the input is
// validated first, as encoding/json does.
package decoder
