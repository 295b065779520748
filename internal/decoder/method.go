package decoder

import (
	"encoding"
	"encoding/json"
	"reflect"

	"github.com/safejson/safejson/internal/mem"
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
	return u.UnmarshalJSON(d.data[start:d.i])
}

// callUnmarshalText hands a string's unquoted text to the UnmarshalText
// method of the pointer p, of type pt. Any other value is a type error that
// names errType.
func (d *decodeState) callUnmarshalText(pt reflect.Type, p mem.Ptr, errType reflect.Type) error {
	switch c := d.peek(); c {
	case '"':
		start, plain, err := d.scanString()
		if err != nil {
			return err
		}
		text := d.data[start : d.i-1]
		if !plain {
			text = syntax.AppendUnquoted(nil, text)
		}
		u := mem.Addr(pt.Elem(), p).Interface().(encoding.TextUnmarshaler)
		return u.UnmarshalText(text)
	case '{', '[':
		what := "object"
		if c == '[' {
			what = "array"
		}
		d.typeError(what, errType, d.i+1)
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
		d.typeError(what, errType, d.i)
		return nil
	}
	if _, err := d.number(); err != nil {
		return err
	}
	d.typeError("number", errType, d.i)
	return nil
}
