// Package streamdecoder is encoding/json's Decoder for both toolchains: it
// reads JSON values and tokens from an io.Reader with the same buffering,
// offsets, errors and token rules as the Decoder of the encoding/json the
// build follows, and hands each whole value to a decoding engine (the one
// behind compat's Unmarshal).
//
// Go 1.26's Decoder frames values with a resumable state machine
// (frame.go), a byte at a time between tokens, and keeps v1's token states
// (stream.go). Go 1.27's, v1 on encoding/json/v2, reads through jsontext's
// rules (the _onv2.go files). semantics.OnV2, a constant, picks one. Both
// read strings, numbers and literals with the grammar's resumable token
// rules, which go on where the last read stopped.
package streamdecoder
