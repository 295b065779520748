//go:build goexperiment.jsonv2 && go1.27

package grammar_test

import "encoding/json/jsontext"

// jsontextValid is jsontext's verdict on src as one value, invalid UTF-8
// allowed, as encoding/json v1 allows it.
func jsontextValid(src []byte) (valid, ok bool) {
	return jsontext.Value(src).IsValid(jsontext.AllowInvalidUTF8(true)), true
}
