package decoder

import (
	"errors"

	"github.com/safejson/safejson/internal/mem"
	"github.com/safejson/safejson/internal/semantics"
)

// v2Fault is invalid text found by the Go 1.27 reader: the lexer returns
// where the bad token or escape starts, and the byte that stops it is skip
// bytes further on, where Go 1.26's scanner would stop.
type v2Fault struct {
	ctx  semantics.SyntaxCtx
	skip int
}

func (e *v2Fault) Error() string { return "safejson: syntax error" }

// Faults of the Go 1.27 reader that name no text, before their position
// is known.
var (
	errV2Depth    = &v2Fault{ctx: semantics.CtxDepth}
	errV2Mismatch = errors.New("safejson: mismatched bracket")
	errV2NonKey   = errors.New("safejson: value where an object key must be")
	errV2Missing  = errors.New("safejson: no value after an object key")
)

// v2EOF reports input that ends inside a value. Each call turns it into
// what encoding/json reports there.
type v2EOF struct{ offset int64 }

func (e *v2EOF) Error() string { return semantics.MsgEOF }

func (e *v2EOF) syntaxError() error { return mem.NewSyntaxError(semantics.MsgEOF, e.offset) }

// v2ReadError is an error from the reader, which reaches the caller as it
// is.
type v2ReadError struct{ err error }

func (e v2ReadError) Error() string { return e.err.Error() }
