//go:build goexperiment.jsonv2 && go1.27

package encoderv2

import (
	"encoding"
	"encoding/json"
	jsonv2 "encoding/json/v2"
	"reflect"

	"github.com/safejson/safejson/internal/escape"
	"github.com/safejson/safejson/internal/grammar"
	"github.com/safejson/safejson/internal/mem"
	"github.com/safejson/safejson/internal/syntax"
	"github.com/safejson/safejson/internal/wirev2"
)

// method is the method v2 calls to marshal a value of a type: of those the
// type or its pointer has, the first in MarshalJSONTo, MarshalJSON,
// AppendText, MarshalText. v2 takes values to be addressable, so pointer
// methods count; it calls none on a pointer or interface itself, only on
// what it points to.
type method uint8

const (
	noMethod method = iota
	marshalJSONTo
	marshalJSON
	appendText
	marshalText
)

var (
	jsonMarshalerType   = reflect.TypeFor[json.Marshaler]()
	textMarshalerType   = reflect.TypeFor[encoding.TextMarshaler]()
	textAppenderType    = reflect.TypeFor[encoding.TextAppender]()
	jsonUnmarshalerType = reflect.TypeFor[json.Unmarshaler]()
	textUnmarshalerType = reflect.TypeFor[encoding.TextUnmarshaler]()
	isZeroerType        = reflect.TypeFor[isZeroer]()
)

type isZeroer interface{ IsZero() bool }

func methodOf(t reflect.Type) method {
	if t.Kind() == reflect.Pointer || t.Kind() == reflect.Interface {
		return noMethod
	}
	pt := reflect.PointerTo(t)
	switch {
	case hasMethod(pt, "MarshalJSONTo"):
		return marshalJSONTo
	case pt.Implements(jsonMarshalerType):
		return marshalJSON
	case pt.Implements(textAppenderType):
		return appendText
	case pt.Implements(textMarshalerType):
		return marshalText
	}
	return noMethod
}

// hasMethod reports whether t has a method of that name (of any
// signature: v2 asserts jsontext's interfaces, which this package does not
// name).
func hasMethod(t reflect.Type, name string) bool {
	_, ok := t.MethodByName(name)
	return ok
}

// hasIsZero reports whether omitzero asks a t for IsZero.
func hasIsZero(t reflect.Type) bool {
	return t.Implements(isZeroerType) || t.Kind() != reflect.Interface && reflect.PointerTo(t).Implements(isZeroerType)
}

// unmarshalMethods reports whether Unmarshal calls a method of t's.
func unmarshalMethods(t reflect.Type) bool {
	pt := reflect.PointerTo(t)
	return pt.Implements(jsonUnmarshalerType) || pt.Implements(textUnmarshalerType) || hasMethod(pt, "UnmarshalJSONFrom")
}

// methodEnc returns the encoder of a type whose method m v2 calls.
func methodEnc(t reflect.Type, m method) encFn {
	// The method is called through a pointer to the value, whose
	// interface value is made in place (mem.PointerAt).
	pt := reflect.PointerTo(t)
	switch m {
	case marshalJSON:
		return func(st *state, b []byte, p mem.Ptr) ([]byte, bool) {
			mj := mem.PointerAt(pt, p).(json.Marshaler)
			return st.appendMarshalJSON(b, mj)
		}
	case appendText:
		return func(st *state, b []byte, p mem.Ptr) ([]byte, bool) {
			ma := mem.PointerAt(pt, p).(encoding.TextAppender)
			text, err := ma.AppendText(st.text[:0])
			st.text = text[:0]
			if err != nil {
				return b, false
			}
			return wirev2.AppendQuote(b, mem.String(text))
		}
	case marshalText:
		return func(st *state, b []byte, p mem.Ptr) ([]byte, bool) {
			mt := mem.PointerAt(pt, p).(encoding.TextMarshaler)
			text, err := mt.MarshalText()
			if err != nil {
				return b, false
			}
			return wirev2.AppendQuote(b, mem.String(text))
		}
	}
	return unsupported
}

// maxRawDepth bounds the nesting of a MarshalJSON method's text here:
// with the values around it (at most maxDepth), it stays within
// jsontext's limit of 10000 levels. Deeper text is left to v2.
const maxRawDepth = grammar.MaxDepth - maxDepth - 1

// appendMarshalJSON writes what m's MarshalJSON returns as v2 writes it
// (jsontext's WriteValue): without whitespace, strings with the fewest
// escapes; text WriteValue rejects, and an error, are left to v2.
func (st *state) appendMarshalJSON(b []byte, m json.Marshaler) ([]byte, bool) {
	text, err := m.MarshalJSON()
	if err != nil {
		return b, false
	}
	// The engine runs with v2's default escaping only, all of which
	// escape.Plain does and more.
	if syntax.WrittenAsIs(text, escape.Plain) {
		return append(b, text...), true
	}
	l := &st.lex
	l.Reset(text, maxRawDepth, maxKeptScratch)
	l.Space()
	b, ok := l.AppendValue(b)
	l.Space()
	l.Data = nil
	return b, ok && l.I == len(text)
}

// maxKeptScratch bounds the scratch space a pooled state keeps.
const maxKeptScratch = 64 << 10

// numberEnc writes a json.Number as its MarshalJSONTo does under v2: its
// text, or 0 for an empty one, which must be a JSON number.
func numberEnc(_ *state, b []byte, p mem.Ptr) ([]byte, bool) {
	s := mem.Load[string](p)
	if s == "" {
		return append(b, '0'), true
	}
	if !grammar.IsNumber([]byte(s)) {
		return b, false
	}
	return append(b, s...), true
}

// ptrMethodsInPlace reports whether a t holds in place (not behind a
// pointer, slice, map or interface) a value whose marshal or IsZero
// method only its pointer has: v2 calls such a method on a copy of a value
// it was not given the address of, so that the method cannot change the
// caller's value, and so must this package.
func ptrMethodsInPlace(t reflect.Type) bool {
	if t.Kind() == reflect.Pointer || t.Kind() == reflect.Interface {
		return false
	}
	if reflect.PointerTo(t).Implements(isZeroerType) && !t.Implements(isZeroerType) {
		return true
	}
	switch methodOf(t) {
	case noMethod:
	case marshalJSON:
		return !t.Implements(jsonMarshalerType)
	case appendText:
		return !t.Implements(textAppenderType)
	case marshalText:
		return !t.Implements(textMarshalerType)
	default:
		return true
	}
	switch t.Kind() {
	case reflect.Struct:
		for i := range t.NumField() {
			if ptrMethodsInPlace(t.Field(i).Type) {
				return true
			}
		}
	case reflect.Array:
		return ptrMethodsInPlace(t.Elem())
	}
	return false
}

// hasMethods reports whether v2 calls a method of t's or *t's to marshal
// a t or to test one for omitzero.
func hasMethods(t reflect.Type) bool {
	return t.Kind() != reflect.Pointer && t.Kind() != reflect.Interface && (methodOf(t) != noMethod || hasIsZero(t))
}

// methodsInZero reports whether a zero t holds in place a value of a type
// with methods v2 calls to marshal it or to test it for omitzero,
// time.Time's aside.
func methodsInZero(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Struct:
		for i := range t.NumField() {
			ft := t.Field(i).Type
			if ft != timeType && (hasMethods(ft) || methodsInZero(ft)) {
				return true
			}
		}
	case reflect.Array:
		et := t.Elem()
		return et != timeType && (hasMethods(et) || methodsInZero(et))
	}
	return false
}

// structRulesHold reports whether v2 accepts struct type t: its rules have
// many errors (malformed tags, tagged unexported fields, conflicting
// names, ...), which it reports when it first meets a value of the type.
// Marshaling a zero value meets them all, once per type; where that would
// call methods, reading an empty object into one meets them without.
func structRulesHold(t reflect.Type) bool {
	if !methodsInZero(t) {
		_, err := jsonv2.Marshal(reflect.Zero(t).Interface())
		return err == nil
	}
	if unmarshalMethods(t) {
		return false // the empty object would go to them
	}
	return jsonv2.Unmarshal([]byte("{}"), reflect.New(t).Interface()) == nil
}
