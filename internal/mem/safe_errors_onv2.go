//go:build safejson_safe && goexperiment.jsonv2 && go1.27

package mem

import (
	"encoding/json"
	"encoding/json/jsontext"
	"errors"
)

// failingV2Method is failingMethod for the methods that only Go 1.27's
// encoding/json calls.
func failingV2Method(method string, err error) any {
	if method == "AppendText" {
		return failingAppend{err}
	}
	return failingJSONTo{err}
}

type failingJSONTo struct{ err error }

func (f failingJSONTo) MarshalJSONTo(*jsontext.Encoder) error { return f.err }

type failingAppend struct{ err error }

func (f failingAppend) AppendText(b []byte) ([]byte, error) { return b, f.err }

// syntaxErrorV2 has Go 1.27's encoding/json make a SyntaxError with any
// message: it turns a jsontext.SyntacticError that a MarshalJSONTo method
// returns into one, with the error's text (already in v1's words, which
// the conversion keeps) and offset.
func syntaxErrorV2(msg string, offset int64) *json.SyntaxError {
	_, err := json.Marshal(failingSyntax{&jsontext.SyntacticError{ByteOffset: offset, Err: errors.New(msg)}})
	var se *json.SyntaxError
	if errors.As(err, &se) && se.Error() == msg {
		return se
	}
	return nil
}

type failingSyntax struct{ err error }

func (f failingSyntax) MarshalJSONTo(*jsontext.Encoder) error { return f.err }
