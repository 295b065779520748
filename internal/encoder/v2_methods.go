//go:build goexperiment.jsonv2 && go1.27

package encoder

import (
	"encoding"
	"encoding/json"
	"encoding/json/jsontext"
	jsonv2 "encoding/json/v2"
	"errors"
	"reflect"
	"time"

	"github.com/safejson/safejson/internal/escape"
	"github.com/safejson/safejson/internal/grammar"
	"github.com/safejson/safejson/internal/mem"
	"github.com/safejson/safejson/internal/methods"
	"github.com/safejson/safejson/internal/syntax"
	"github.com/safejson/safejson/internal/v2opts"
)

// methodOfV2 returns the method v2 calls to marshal a value of a type, or
// 0.
func methodOfV2(t reflect.Type) methods.Set { return methods.PickV2(t, methods.Marshal) }

// unmarshalMethods reports whether Unmarshal calls a method of t's.
func unmarshalMethods(t reflect.Type) bool {
	return methods.Of(reflect.PointerTo(t)).Has(methods.Unmarshal)
}

// methodEncV2 returns the encoder of a type whose method m v2 calls.
func methodEncV2(t reflect.Type, m methods.Set) encFn {
	// The method is called through a pointer to the value, whose
	// interface value is made in place (mem.PointerAt).
	pt := reflect.PointerTo(t)
	switch m {
	case methods.MarshalJSON:
		call := func(st *state, b []byte, p mem.Ptr) ([]byte, bool) {
			mj := mem.PointerAt(pt, p).(json.Marshaler)
			return st.appendMarshalJSONV2(b, mj)
		}
		if tp, ok := timePathOf(t, "MarshalJSON"); ok {
			return promotedTimeEncV2(tp, call)
		}
		return call
	case methods.AppendText:
		return func(st *state, b []byte, p mem.Ptr) ([]byte, bool) {
			ma := mem.PointerAt(pt, p).(encoding.TextAppender)
			text, err := ma.AppendText(st.text[:0])
			st.text = text[:0]
			if err != nil {
				return b, false
			}
			return st.quoteV2(b, mem.String(text))
		}
	case methods.MarshalText:
		return func(st *state, b []byte, p mem.Ptr) ([]byte, bool) {
			mt := mem.PointerAt(pt, p).(encoding.TextMarshaler)
			text, err := mt.MarshalText()
			if err != nil {
				return b, false
			}
			return st.quoteV2(b, mem.String(text))
		}
	}
	return unsupportedV2
}

// marshalToEncV2 returns the encoder of a type whose MarshalJSONTo method
// v2 calls; next writes the value where the method returns
// errors.ErrUnsupported having written nothing.
func marshalToEncV2(t reflect.Type, next encFn) encFn {
	pt := reflect.PointerTo(t)
	return func(st *state, b []byte, p mem.Ptr) ([]byte, bool) {
		return st.appendMarshalJSONToV2(b, p, mem.PointerAt(pt, p).(jsonv2.MarshalerTo), next)
	}
}

// appendMarshalJSONToV2 writes what m's MarshalJSONTo writes to a jsontext
// encoder made with the call's options (OptionsV2.Opts); or, as v2 does,
// what next writes of the value at p, where the method returns
// errors.ErrUnsupported having written nothing. It reports false, leaving
// the value to v2, where the method fails otherwise, or writes other than
// one whole value, or one nested deeper than maxRawDepthV2; or where the
// call lays its text out, which the encoder would do on its own, or has a
// policy's time settings, which the standard library gets as marshalers
// that the encoder would need too. The encoder starts in the value's
// place (see methodPlace).
func (st *state) appendMarshalJSONToV2(b []byte, p mem.Ptr, m jsonv2.MarshalerTo, next encFn) ([]byte, bool) {
	if st.Flags&(layoutFlags|v2opts.TimeFixed|v2opts.TimeUTC) != 0 {
		return b, false
	}
	st.toBuf.Reset()
	if st.toEnc == nil {
		st.toEnc = jsontext.NewEncoder(&st.toBuf, st.Opts...)
	} else {
		st.toEnc.Reset(&st.toBuf, st.Opts...)
	}
	enc := st.toEnc
	place := st.placeFor(enc, b)
	depth := enc.StackDepth()
	_, before := enc.StackIndex(depth)
	err := m.MarshalJSONTo(enc)
	if enc.StackDepth() != depth {
		return b, false
	}
	_, after := enc.StackIndex(depth)
	if err != nil && after == before && errors.Is(err, errors.ErrUnsupported) {
		return next(st, b, p)
	}
	if err != nil || after != before+1 {
		return b, false
	}
	out := place.value(enc, &st.toBuf)
	if len(out) > maxRawDepthV2 {
		if _, at := scanDepth(out, 0, grammar.MaxDepth-maxRawDepthV2); at >= 0 {
			return b, false
		}
	}
	return append(b, out...), true
}

// promotedTimeEncV2 writes a value whose MarshalJSON is time.Time's,
// promoted from the time at tp, as the call's time options write that
// time; without them, or for a time they cannot write, call writes it as
// v2 does.
func promotedTimeEncV2(tp timePath, call encFn) encFn {
	return func(st *state, b []byte, p mem.Ptr) ([]byte, bool) {
		if st.Flags&(v2opts.TimeFixed|v2opts.TimeUTC) != 0 {
			if tm := tp.resolve(p); tm != nil {
				if out, ok := AppendTimeV2(b, mem.Load[time.Time](tm), st.OptionsV2); ok {
					return out, true
				}
			}
		}
		return call(st, b, p)
	}
}

// PromotedTimeV2 returns the time.Time whose MarshalJSON the value m
// points to takes, promoted from a time.Time it embeds, or false: m is
// what v2 hands a marshaler of json.Marshaler values, a pointer.
func PromotedTimeV2(m json.Marshaler) (time.Time, bool) {
	t := reflect.TypeOf(m)
	if t.Kind() != reflect.Pointer || t.Elem() == timeType {
		return time.Time{}, false
	}
	tp, ok := timePathOf(t.Elem(), "MarshalJSON")
	if !ok {
		return time.Time{}, false
	}
	p := mem.PointerOf(reflect.ValueOf(m))
	if p == nil {
		return time.Time{}, false
	}
	tm := tp.resolve(p)
	if tm == nil {
		return time.Time{}, false
	}
	return mem.Load[time.Time](tm), true
}

// maxRawDepthV2 bounds the nesting of a MarshalJSON method's text here:
// with the values around it (at most maxDepthV2), it stays within
// jsontext's limit of 10000 levels. Deeper text is left to v2.
const maxRawDepthV2 = grammar.MaxDepth - maxDepthV2 - 1

// appendMarshalJSONV2 writes what m's MarshalJSON returns as v2 writes it
// (jsontext's WriteValue): without whitespace, strings with the fewest
// escapes; text WriteValue rejects, and an error, are left to v2.
func (st *state) appendMarshalJSONV2(b []byte, m json.Marshaler) ([]byte, bool) {
	if st.Flags&v2opts.RawText != 0 {
		return b, false // rewritten as the options say: v2's to do
	}
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
	l.Reset(text, maxRawDepthV2, maxKeptScratchV2)
	l.Space()
	b, ok := l.AppendValue(b)
	l.Space()
	l.Data = nil
	return b, ok && l.I == len(text)
}

// maxKeptScratchV2 bounds the scratch space a pooled state keeps.
const maxKeptScratchV2 = 64 << 10

// numberEncV2 writes a json.Number as its MarshalJSONTo does under v2: its
// text, or 0 for an empty one, which must be a JSON number. The options
// that rewrite raw text rewrite it, and leave it to v2.
func numberEncV2(st *state, b []byte, p mem.Ptr) ([]byte, bool) {
	if st.Flags&v2opts.RawText != 0 {
		return b, false
	}
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
	own := methods.Of(t)
	if methods.Addressable(t).Has(methods.IsZero) && !own.Has(methods.IsZero) {
		return true
	}
	switch m := methodOfV2(t); m {
	case 0:
	case methods.MarshalJSONTo:
		return true
	default:
		return !own.Has(m)
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

// hasMethodsV2 reports whether v2 calls a method of t's or *t's to marshal
// a t or to test one for omitzero.
func hasMethodsV2(t reflect.Type) bool {
	return t.Kind() != reflect.Pointer && t.Kind() != reflect.Interface && (methodOfV2(t) != 0 || hasIsZero(t))
}

// methodsInZero reports whether a zero t holds in place a value of a type
// with methods v2 calls to marshal it or to test it for omitzero,
// time.Time's aside.
func methodsInZero(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Struct:
		for i := range t.NumField() {
			ft := t.Field(i).Type
			if ft != timeType && (hasMethodsV2(ft) || methodsInZero(ft)) {
				return true
			}
		}
	case reflect.Array:
		et := t.Elem()
		return et != timeType && (hasMethodsV2(et) || methodsInZero(et))
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
