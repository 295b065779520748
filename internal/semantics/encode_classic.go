//go:build !goexperiment.jsonv2 || !go1.27

package semantics

import "fmt"

// InvalidUTF8 is what encoding/json writes, inside a string, for each byte
// of invalid UTF-8 when it escapes HTML or nothing: the escape \ufffd.
const InvalidUTF8 = `\ufffd`

// NumberError is the error for a json.Number whose text s is not a JSON
// number literal.
func NumberError(s string) error {
	return fmt.Errorf("json: invalid number literal %q", s)
}
