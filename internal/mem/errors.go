//go:build !safejson_safe

package mem

import (
	"encoding/json"
	"reflect"
	"unsafe"
)

// encoding/json's SyntaxError and MarshalerError keep part of their message
// in unexported fields. compat returns those very types (as aliases) so that
// errors.As works both ways, so the fields are set here, found by name.
var (
	syntaxMsgOffset     = fieldOffset(reflect.TypeFor[json.SyntaxError](), "msg")
	marshalerFuncOffset = fieldOffset(reflect.TypeFor[json.MarshalerError](), "sourceFunc")
)

func fieldOffset(t reflect.Type, name string) uintptr {
	f, ok := t.FieldByName(name)
	if !ok || f.Type.Kind() != reflect.String {
		panic("safejson: encoding/json." + t.Name() + " has no string field " + name)
	}
	return f.Offset
}

// NewSyntaxError returns a *json.SyntaxError with the given message and offset.
func NewSyntaxError(msg string, offset int64) *json.SyntaxError {
	e := &json.SyntaxError{Offset: offset}
	*(*string)(unsafe.Add(unsafe.Pointer(e), syntaxMsgOffset)) = msg
	return e
}

// NewMarshalerError returns a *json.MarshalerError naming the method that
// failed ("MarshalJSON" or "MarshalText").
func NewMarshalerError(t reflect.Type, err error, method string) *json.MarshalerError {
	e := &json.MarshalerError{Type: t, Err: err}
	*(*string)(unsafe.Add(unsafe.Pointer(e), marshalerFuncOffset)) = method
	return e
}
