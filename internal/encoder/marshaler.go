package encoder

import (
	"bytes"
	"encoding"
	"encoding/json"
	"reflect"

	"github.com/safejson/safejson/internal/escape"
	"github.com/safejson/safejson/internal/grammar"
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
func methodEnc[M any](t reflect.Type, viaPointer bool, write func(*state, []byte, reflect.Type, M) ([]byte, bool)) encFn {
	et := errorType(t)
	switch {
	case viaPointer:
	case t.Kind() == reflect.Pointer:
		pi := mem.PtrIfaceOf[M](t.Elem())
		return func(st *state, b []byte, p mem.Ptr) ([]byte, bool) {
			w := mem.Deref(p)
			if w == nil {
				return append(b, "null"...), true
			}
			return write(st, b, et, pi.At(w))
		}
	case t.Kind() == reflect.Interface:
		pt := mem.PtrTypeOf(t)
		return func(st *state, b []byte, p mem.Ptr) ([]byte, bool) {
			m, ok := reflect.TypeAssert[M](pt.ValueAt(p))
			if !ok {
				return append(b, "null"...), true
			}
			if semantics.OnV2 {
				// v2 calls the method of the dynamic value.
				return write(st, b, errorType(reflect.TypeOf(m)), m)
			}
			return write(st, b, t, m)
		}
	}
	pi := mem.PtrIfaceOf[M](t)
	return func(st *state, b []byte, p mem.Ptr) ([]byte, bool) {
		return write(st, b, et, pi.At(p))
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

func (st *state) appendMarshalJSON(b []byte, t reflect.Type, m json.Marshaler) ([]byte, bool) {
	out, err := m.MarshalJSON()
	if err != nil {
		return b, st.fail(mem.NewMarshalerError(t, err, "MarshalJSON"))
	}
	if syntax.WrittenAsIs(out, st.mode) {
		return append(b, out...), true
	}
	n := len(b)
	if st.mode == escape.Script {
		// Output of another encoder can hold anything a string can: the
		// script-safe pass escapes it as this encoder would have.
		b, err = syntax.AppendCompactScript(b, out)
	} else {
		b, err = syntax.AppendCompact(b, out, st.mode != escape.Plain)
		if semantics.OnV2 && st.mode == escape.Plain && err == nil {
			// v2 escapes U+2028 and U+2029 in every mode.
			b = escapeLineSeparators(b, n)
		}
	}
	if semantics.OnV2 && err == nil {
		// v2 counts the text's depth from where it is written.
		if err = st.rawDepthError(b, n); err != nil {
			return b[:n], st.fail(mem.NewMarshalerError(t, err, "MarshalJSON"))
		}
	}
	if err != nil {
		if semantics.OnV2 {
			// v2 checks the output as it writes it: a depth past its
			// limit before the syntax error is the error, and the
			// offset is in the whole text.
			if derr := st.failedDepthError(b[:n], out, err); derr != nil {
				return b[:n], st.fail(mem.NewMarshalerError(t, derr, "MarshalJSON"))
			}
			shift := len(b) - st.base
			if se, ok := err.(*grammar.SyntaxErr); ok && semantics.RawCloseAfterComma(b[st.base:n], out, se.Offset) {
				shift--
			}
			err = offsetBy(err, shift)
		}
		return b, st.fail(mem.NewMarshalerError(t, grammar.AsJSON(err), "MarshalJSON"))
	}
	return b, true
}

// offsetBy moves the offset of a syntax error by n bytes.
func offsetBy(err error, n int) error {
	if se, ok := err.(*grammar.SyntaxErr); ok {
		moved := *se
		moved.Offset += int64(n)
		return &moved
	}
	return err
}

// escapeLineSeparators escapes U+2028 and U+2029 in the JSON text
// b[start:], where they can only be inside strings.
func escapeLineSeparators(b []byte, start int) []byte {
	if !bytes.Contains(b[start:], []byte("\u2028")) && !bytes.Contains(b[start:], []byte("\u2029")) {
		return b
	}
	text := bytes.Clone(b[start:])
	b = b[:start]
	for {
		i := bytes.Index(text, []byte("\xe2\x80"))
		if i < 0 || i+2 >= len(text) {
			return append(b, text...)
		}
		c := text[i+2]
		if c != 0xa8 && c != 0xa9 {
			// Not a separator: c may start one.
			b = append(b, text[:i+2]...)
			text = text[i+2:]
			continue
		}
		b = append(append(b, text[:i]...), '\\', 'u', '2', '0', '2', "89"[c-0xa8])
		text = text[i+3:]
	}
}

// appendAppendText writes the text of an encoding.TextAppender, which Go
// 1.27 calls where it has the method.
func (st *state) appendAppendText(b []byte, t reflect.Type, m encoding.TextAppender) ([]byte, bool) {
	text, err := m.AppendText(st.tmp[:0])
	st.tmp = text
	if err != nil {
		return b, st.fail(mem.NewMarshalerError(t, err, "AppendText"))
	}
	return escape.AppendBytes(b, text, st.mode), true
}

func (st *state) appendMarshalText(b []byte, t reflect.Type, m encoding.TextMarshaler) ([]byte, bool) {
	text, err := m.MarshalText()
	if err != nil {
		return b, st.fail(mem.NewMarshalerError(t, err, "MarshalText"))
	}
	return escape.AppendBytes(b, text, st.mode), true
}
