package encoder

import (
	"encoding"
	"encoding/json"
	"reflect"

	"github.com/safejson/safejson/internal/escape"
	"github.com/safejson/safejson/internal/mem"
	"github.com/safejson/safejson/internal/syntax"
)

// Marshalers are called through a pointer to the value wherever possible:
// a value-receiver method is in the pointer's method set too, and calling it
// that way avoids boxing a copy of the value in an interface.

func addrMarshalerEnc(t reflect.Type) encFn {
	return func(st *state, b []byte, p mem.Ptr) ([]byte, error) {
		m, _ := reflect.TypeAssert[json.Marshaler](mem.Addr(t, p))
		return st.appendMarshalJSON(b, t, m)
	}
}

func marshalerEnc(t reflect.Type) encFn {
	switch t.Kind() {
	case reflect.Pointer:
		return func(st *state, b []byte, p mem.Ptr) ([]byte, error) {
			w := mem.Deref(p)
			if w == nil {
				return append(b, "null"...), nil
			}
			m, _ := reflect.TypeAssert[json.Marshaler](mem.Addr(t.Elem(), w))
			return st.appendMarshalJSON(b, t, m)
		}
	case reflect.Interface:
		return func(st *state, b []byte, p mem.Ptr) ([]byte, error) {
			m, ok := reflect.TypeAssert[json.Marshaler](mem.Value(t, p))
			if !ok || m == nil {
				return append(b, "null"...), nil
			}
			return st.appendMarshalJSON(b, t, m)
		}
	}
	return addrMarshalerEnc(t)
}

func (st *state) appendMarshalJSON(b []byte, t reflect.Type, m json.Marshaler) ([]byte, error) {
	out, err := m.MarshalJSON()
	if err != nil {
		return b, mem.NewMarshalerError(t, err, "MarshalJSON")
	}
	b, err = syntax.AppendCompact(b, out, st.mode != escape.Plain)
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

func addrTextMarshalerEnc(t reflect.Type) encFn {
	return func(st *state, b []byte, p mem.Ptr) ([]byte, error) {
		m, _ := reflect.TypeAssert[encoding.TextMarshaler](mem.Addr(t, p))
		return st.appendMarshalText(b, t, m)
	}
}

func textMarshalerEnc(t reflect.Type) encFn {
	switch t.Kind() {
	case reflect.Pointer:
		return func(st *state, b []byte, p mem.Ptr) ([]byte, error) {
			w := mem.Deref(p)
			if w == nil {
				return append(b, "null"...), nil
			}
			m, _ := reflect.TypeAssert[encoding.TextMarshaler](mem.Addr(t.Elem(), w))
			return st.appendMarshalText(b, t, m)
		}
	case reflect.Interface:
		return func(st *state, b []byte, p mem.Ptr) ([]byte, error) {
			m, ok := reflect.TypeAssert[encoding.TextMarshaler](mem.Value(t, p))
			if !ok || m == nil {
				return append(b, "null"...), nil
			}
			return st.appendMarshalText(b, t, m)
		}
	}
	return addrTextMarshalerEnc(t)
}

func (st *state) appendMarshalText(b []byte, t reflect.Type, m encoding.TextMarshaler) ([]byte, error) {
	text, err := m.MarshalText()
	if err != nil {
		return b, mem.NewMarshalerError(t, err, "MarshalText")
	}
	return escape.AppendBytes(b, text, st.mode), nil
}
