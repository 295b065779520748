package grammar

import (
	"github.com/safejson/safejson/internal/mem"
	"github.com/safejson/safejson/internal/semantics"
)

// SyntaxErr carries the message and offset of a syntax error, exactly as
// encoding/json's *SyntaxError would hold them. AsJSON converts it to
// *json.SyntaxError, whose msg field is unexported.
type SyntaxErr struct {
	Msg    string
	Offset int64
}

func (e *SyntaxErr) Error() string { return e.Msg }

// AsJSON returns err as the error encoding/json returns: a *SyntaxErr
// becomes a *json.SyntaxError with its message and offset, and any other
// error, nil included, is returned as it is. It is the one place that makes
// encoding/json's syntax errors from this package's.
func AsJSON(err error) error {
	if se, ok := err.(*SyntaxErr); ok {
		return mem.NewSyntaxError(se.Msg, se.Offset)
	}
	return err
}

// Fail is the error entry reports for text failing at text[pos] in ctx, as
// the lexers here and the other lexers of the module find their failures
// (see [semantics.SyntaxCtx]). Its Offset counts from text[0]. The words and
// the offset come from the semantics being built; Fail is the error path
// only, so lexers compute nothing for it until they fail.
func Fail(text []byte, pos int, ctx semantics.SyntaxCtx, entry semantics.SyntaxEntry) *SyntaxErr {
	msg, off := semantics.SyntaxError(text, pos, ctx, entry)
	return &SyntaxErr{Msg: msg, Offset: off}
}
