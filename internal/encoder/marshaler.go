package encoder

import (
	"encoding"
	"encoding/json"
	"reflect"

	"github.com/safejson/safejson/internal/escape"
	"github.com/safejson/safejson/internal/mem"
	"github.com/safejson/safejson/internal/semantics"
	"github.com/safejson/safejson/internal/syntax"
)

// Marshalers are called through a pointer to the value wherever possible:
// a value-receiver method is in the pointer's method set too, and calling it
// that way avoids boxing a copy of the value in an interface.

// methodEnc builds the encoder that calls the method of M (json.Marshaler
// or encoding.TextMarshaler) that type t has, on the value at p, and hands
// the interface to write. viaPointer says the method comes from *t, which
// encoding/json uses when the value is addressable.
func methodEnc[M any](t reflect.Type, viaPointer bool, write func(*state, []byte, reflect.Type, M) ([]byte, error)) encFn {
	et := errorType(t)
	switch {
	case viaPointer:
	case t.Kind() == reflect.Pointer:
		return func(st *state, b []byte, p mem.Ptr) ([]byte, error) {
			w := mem.Deref(p)
			if w == nil {
				return append(b, "null"...), nil
			}
			m, _ := reflect.TypeAssert[M](mem.Addr(t.Elem(), w))
			return write(st, b, et, m)
		}
	case t.Kind() == reflect.Interface:
		return func(st *state, b []byte, p mem.Ptr) ([]byte, error) {
			m, ok := reflect.TypeAssert[M](mem.Value(t, p))
			if !ok {
				return append(b, "null"...), nil
			}
			if semantics.OnV2 {
				// v2 calls the method of the dynamic value.
				return write(st, b, errorType(reflect.TypeOf(m)), m)
			}
			return write(st, b, t, m)
		}
	}
	return func(st *state, b []byte, p mem.Ptr) ([]byte, error) {
		m, _ := reflect.TypeAssert[M](mem.Addr(t, p))
		return write(st, b, et, m)
	}
}

// errorType is the MarshalerError.Type of a failing method of a t value:
// t itself in encoding/json's classic code; in v2, which calls methods on
// an addressable value, always a pointer to it.
func errorType(t reflect.Type) reflect.Type {
	if semantics.OnV2 && t.Kind() != reflect.Pointer && t.Kind() != reflect.Interface {
		return reflect.PointerTo(t)
	}
	return t
}

func (st *state) appendMarshalJSON(b []byte, t reflect.Type, m json.Marshaler) ([]byte, error) {
	out, err := m.MarshalJSON()
	if err != nil {
		return b, mem.NewMarshalerError(t, err, "MarshalJSON")
	}
	if st.mode == escape.Script {
		// Output of another encoder can hold anything a string can: the
		// script-safe pass escapes it as this encoder would have.
		b, err = syntax.AppendCompactScript(b, out)
	} else {
		b, err = syntax.AppendCompact(b, out, st.mode != escape.Plain)
	}
	if err != nil {
		return b, mem.NewMarshalerError(t, syntaxError(err), "MarshalJSON")
	}
	return b, nil
}

// syntaxError converts the syntax package's error to encoding/json's type.
func syntaxError(err error) error {
	if se, ok := err.(*syntax.SyntaxErr); ok {
		return mem.NewSyntaxError(se.Msg, se.Offset)
	}
	return err
}

func (st *state) appendMarshalText(b []byte, t reflect.Type, m encoding.TextMarshaler) ([]byte, error) {
	text, err := m.MarshalText()
	if err != nil {
		return b, mem.NewMarshalerError(t, err, "MarshalText")
	}
	return escape.AppendBytes(b, text, st.mode), nil
}
