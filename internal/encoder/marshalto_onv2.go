//go:build goexperiment.jsonv2 && go1.27

package encoder

import (
	"bytes"
	"encoding/json"
	"encoding/json/jsontext"
	"errors"
	"io"
	"reflect"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/safejson/safejson/internal/escape"
	"github.com/safejson/safejson/internal/mem"
	"github.com/safejson/safejson/internal/semantics"
	"github.com/safejson/safejson/internal/syntax"
)

// Go 1.27's encoding/json calls a MarshalJSONTo(*jsontext.Encoder) method
// before any other. The method gets a jsontext.Encoder of the standard
// library with the options encoding/json gives it, inside an array of
// its own, so that what it wrote can be checked: one whole value.

type marshalerTo interface {
	MarshalJSONTo(*jsontext.Encoder) error
}

// marshalToEnc is the encoder of a t whose MarshalJSONTo is called (from
// *t when viaPointer); next encodes the value when the method returns
// errors.ErrUnsupported having written nothing.
func marshalToEnc(t reflect.Type, viaPointer bool, next encFn) encFn {
	et := errorType(t)
	switch {
	case viaPointer:
	case t.Kind() == reflect.Pointer:
		pi := mem.PtrIfaceOf[marshalerTo](t.Elem())
		return func(st *state, b []byte, p mem.Ptr) ([]byte, bool) {
			w := mem.Deref(p)
			if w == nil {
				return append(b, "null"...), true
			}
			return st.appendMarshalJSONTo(b, p, et, pi.At(w), next)
		}
	case t.Kind() == reflect.Interface:
		return func(st *state, b []byte, p mem.Ptr) ([]byte, bool) {
			m, ok := reflect.TypeAssert[marshalerTo](mem.Value(t, p))
			if !ok {
				return append(b, "null"...), true
			}
			return st.appendMarshalJSONTo(b, p, errorType(reflect.TypeOf(m)), m, next)
		}
	}
	pi := mem.PtrIfaceOf[marshalerTo](t)
	return func(st *state, b []byte, p mem.Ptr) ([]byte, bool) {
		return st.appendMarshalJSONTo(b, p, et, pi.At(p), next)
	}
}

func (st *state) appendMarshalJSONTo(b []byte, p mem.Ptr, et reflect.Type, m marshalerTo, next encFn) ([]byte, bool) {
	var buf bytes.Buffer
	opts := []jsontext.Options{json.DefaultOptionsV1()}
	if st.mode == escape.Plain {
		opts = append(opts, jsontext.EscapeForHTML(false))
	}
	enc := jsontext.NewEncoder(&buf, opts...)
	place := st.placeFor(enc, b)
	depth, n0 := enc.StackDepth(), enc.StackIndex
	_, before := n0(depth)
	err := m.MarshalJSONTo(enc)
	_, after := enc.StackIndex(enc.StackDepth())
	same := enc.StackDepth() == depth
	if err == nil && (!same || after != before+1) {
		err = errors.New(semantics.NonSingularValue)
	}
	if err != nil {
		if errors.Is(err, errors.ErrUnsupported) {
			if same && after == before {
				return next(st, b, p)
			}
			err = errors.New(semantics.UnsupportedMutation)
		}
		return b, st.fail(mem.NewMarshalerError(et, st.legacySyntaxError(b, err, place.prefix), "MarshalJSONTo"))
	}
	out := place.value(enc, &buf)
	if st.mode == escape.Script {
		b, err = syntax.AppendCompactScript(b, out)
		if err != nil {
			return b, st.fail(err)
		}
		return b, true
	}
	return append(b, out...), true
}

// methodPlace is where the encoder a MarshalJSONTo method writes to
// starts: where the value goes, at the top, as an object member's value,
// or as an array element, in an object or array of its own, so that the
// method's tokens meet the same checks as there. prefix is the length of
// the place's bytes before the value, and end closes the place.
type methodPlace struct {
	prefix int
	end    jsontext.Token
}

// placeFor starts enc in the place of a value that b goes on with.
func (st *state) placeFor(enc *jsontext.Encoder, b []byte) methodPlace {
	switch {
	case len(b) == st.base:
		return methodPlace{}
	case b[len(b)-1] == ':':
		enc.WriteToken(jsontext.BeginObject)
		enc.WriteToken(jsontext.String(""))
		return methodPlace{len(`{"":`), jsontext.EndObject}
	}
	enc.WriteToken(jsontext.BeginArray)
	return methodPlace{len(`[`), jsontext.EndArray}
}

// value closes the place and returns the method's value from buf, all
// that enc wrote: without the place's bytes and the newline after the
// top-level value.
func (pl methodPlace) value(enc *jsontext.Encoder, buf *bytes.Buffer) []byte {
	if pl.prefix > 0 {
		enc.WriteToken(pl.end)
	}
	out := buf.Bytes()
	return out[pl.prefix : len(out)-1-min(pl.prefix, 1)]
}

// legacySyntaxError is the error v1 reports for a jsontext syntactic error
// from the method, its offset moved from the method's encoder (after
// prefix bytes of its own) to the output, where b ends.
func (st *state) legacySyntaxError(b []byte, err error, prefix int) error {
	se, ok := err.(*jsontext.SyntacticError)
	if !ok {
		return err
	}
	return mem.NewSyntaxError(semantics.LegacySyntaxMsg(se.Err.Error()), se.ByteOffset-int64(prefix)+int64(len(b)-st.base))
}

// rawEmbedError is the text of v2's error for an embedded jsontext.Value
// that is not one JSON object: jsontext's own, from reading it as v2 does.
func rawEmbedError(raw []byte) string {
	dec := jsontext.NewDecoder(bytes.NewReader(raw), jsontext.AllowDuplicateNames(true), jsontext.AllowInvalidUTF8(true))
	tok, err := dec.ReadToken()
	if err == nil && tok.Kind() != '{' {
		return semantics.RawEmbedNotObject
	}
	for err == nil && dec.PeekKind() != '}' {
		if _, err = dec.ReadValue(); err == nil {
			_, err = dec.ReadValue()
		}
	}
	if err == nil {
		if _, err = dec.ReadToken(); err == nil {
			// Anything after the object, as jsontext's check for the end
			// of the input reports it.
			rest := raw[dec.InputOffset():]
			trimmed := bytes.TrimLeft(rest, " \t\r\n")
			if len(trimmed) == 0 {
				return semantics.RawEmbedNotObject // not reached: the text was valid
			}
			return "jsontext: invalid character " + quoteRune(trimmed) + " after top-level value after offset " + strconv.Itoa(len(raw)-len(trimmed))
		}
	}
	if err == io.EOF {
		err = io.ErrUnexpectedEOF
	}
	return strings.TrimPrefix(err.Error(), "unsupported value: ")
}

// quoteRune quotes the character that b starts with as jsontext's errors
// do.
func quoteRune(b []byte) string {
	r, n := utf8.DecodeRune(b)
	if r == utf8.RuneError && n == 1 {
		return `'\x` + strconv.FormatUint(uint64(b[0]), 16) + `'`
	}
	return strconv.QuoteRune(r)
}
