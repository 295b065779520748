package decoder

import (
	"encoding"
	"encoding/json"
	"errors"
	"reflect"

	"github.com/safejson/safejson/internal/mem"
	"github.com/safejson/safejson/internal/semantics"
	"github.com/safejson/safejson/internal/syntax"
)

// callUnmarshalJSON hands the text of the value at d.i to the UnmarshalJSON
// method of the pointer p, of type pt.
func (d *decodeState) callUnmarshalJSON(pt reflect.Type, p mem.Ptr) error {
	start := d.i
	if err := d.skipValue(); err != nil {
		return err
	}
	u := mem.Addr(pt.Elem(), p).Interface().(json.Unmarshaler)
	return d.methodErr(u.UnmarshalJSON(d.data[start:d.i]))
}

// methodErr is what a method's error does: under v1 on v2, it is kept, as
// it is, to report if nothing comes first, and decoding goes on; classic
// encoding/json stops at it.
func (d *decodeState) methodErr(err error) error {
	if semantics.OnV2 && err != nil {
		d.save(err)
		return nil
	}
	return err
}

// callUnmarshalText hands a string's unquoted text to the UnmarshalText
// method of the pointer p, of type pt. Any other value is a type error that
// names errType (v1 on v2: the method's own type).
func (d *decodeState) callUnmarshalText(pt reflect.Type, p mem.Ptr, errType reflect.Type) error {
	if d.peek() == '"' {
		start, plain, err := d.scanString()
		if err != nil {
			return err
		}
		text := d.data[start : d.i-1]
		if !plain {
			text = syntax.AppendUnquoted(nil, text)
		}
		u := mem.Addr(pt.Elem(), p).Interface().(encoding.TextUnmarshaler)
		return d.methodErr(u.UnmarshalText(text))
	}
	if semantics.OnV2 {
		return d.nonString(pt.Elem())
	}
	switch c := d.peek(); c {
	case '{', '[':
		what := "object"
		if c == '[' {
			what = "array"
		}
		d.typeError(what, errType, d.i+1, d.i)
		return d.skipValue()
	case 't', 'f', 'n':
		l, err := d.literal()
		if err != nil {
			return err
		}
		what := "bool"
		if l == 'n' {
			what = "null"
		}
		d.typeError(what, errType, d.i, d.i-len(what))
		return nil
	}
	start := d.i
	if _, err := d.number(); err != nil {
		return err
	}
	d.typeError("number", errType, d.i, start)
	return nil
}

var errNonString = errors.New(semantics.DecodeNonStringText)

// nonString consumes a value other than a string that v1 on v2 finds where
// the TextUnmarshaler t wants one: null leaves t as it is, anything else is
// a type error.
func (d *decodeState) nonString(t reflect.Type) error {
	start, c := d.i, d.peek()
	if err := d.skipValue(); err != nil || c == 'n' {
		return err
	}
	off := d.i
	if c == '{' || c == '[' {
		off = start + 1
	}
	d.typeErrorWrapping(kindName(c), t, off, start, errNonString)
	return nil
}
