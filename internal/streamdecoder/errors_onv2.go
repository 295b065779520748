package streamdecoder

import (
	"errors"

	"github.com/safejson/safejson/internal/mem"
	"github.com/safejson/safejson/internal/semantics"
)

// onV2Fault is invalid text found by the Go 1.27 reader, in context ctx, at
// the position returned with it: the byte that stops the text, where Go
// 1.26's scanner would stop.
type onV2Fault struct{ ctx semantics.SyntaxCtx }

func (e *onV2Fault) Error() string { return "safejson: syntax error" }

// Faults of the Go 1.27 reader that name no text, before their position
// is known.
var (
	errOnV2Depth    = &onV2Fault{ctx: semantics.CtxDepth}
	errOnV2Mismatch = errors.New("safejson: mismatched bracket")
	errOnV2NonKey   = errors.New("safejson: value where an object key must be")
	errOnV2Missing  = errors.New("safejson: no value after an object key")
)

// onV2EOF reports input that ends inside a value. Each call turns it into
// what encoding/json reports there.
type onV2EOF struct{ offset int64 }

func (e *onV2EOF) Error() string { return semantics.MsgEOF }

func (e *onV2EOF) syntaxError() error { return mem.NewSyntaxError(semantics.MsgEOF, e.offset) }

// onV2ReadError is an error from the reader, which reaches the caller as it
// is.
type onV2ReadError struct{ err error }

func (e onV2ReadError) Error() string { return e.err.Error() }
