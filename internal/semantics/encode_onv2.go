//go:build goexperiment.jsonv2 && go1.27

package semantics

import (
	"fmt"
	"strconv"
)

// InvalidUTF8 is what encoding/json writes, inside a string, for each byte
// of invalid UTF-8 when it escapes HTML or nothing: U+FFFD itself.
const InvalidUTF8 = "\uFFFD"

// NumberError is the error of json.Number's MarshalJSONTo for a text s
// (quoted under the `,string` option) that is not a JSON number literal.
func NumberError(s string) error {
	return fmt.Errorf("cannot parse %q as JSON number: %w", s, strconv.ErrSyntax)
}
