//go:build !goexperiment.jsonv2 || !go1.27

package semantics

import (
	"encoding/json"
	"reflect"
)

// DecodeTypeError makes the UnmarshalTypeError for a value of JSON kind
// value that the Go type t cannot hold, ending at offset off. err, which
// Go 1.27's v1 on v2 wraps, has no place here.
func DecodeTypeError(value string, t reflect.Type, off int64, err error) *json.UnmarshalTypeError {
	return &json.UnmarshalTypeError{Value: value, Type: t, Offset: off}
}
