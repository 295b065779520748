//go:build goexperiment.jsonv2 && go1.27

package semantics

import (
	"encoding/json"
	"reflect"
)

// DecodeTypeError makes the UnmarshalTypeError for a value of JSON kind
// value that the Go type t cannot hold, at offset off, wrapping err.
func DecodeTypeError(value string, t reflect.Type, off int64, err error) *json.UnmarshalTypeError {
	return &json.UnmarshalTypeError{Value: value, Type: t, Offset: off, Err: err}
}
