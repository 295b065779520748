//go:build safejson_safe && goexperiment.jsonv2 && go1.27

package mem

import (
	"encoding/json"
	"encoding/json/jsontext"
	"errors"
)

// anySyntaxError returns a way to have encoding/json fail with any msg:
// Go 1.27's v1 turns a jsontext.SyntacticError from an UnmarshalJSON
// method into a *json.SyntaxError with its message, which v1's own
// messages pass through unchanged.
func anySyntaxError(msg string) func() error {
	return func() error {
		return json.Unmarshal([]byte("0"), &failingSyntax{msg})
	}
}

type failingSyntax struct{ msg string }

func (f *failingSyntax) UnmarshalJSON([]byte) error {
	return &jsontext.SyntacticError{Err: errors.New(f.msg)}
}
