package decoder

import (
	"reflect"

	"github.com/safejson/safejson/internal/mem"
)

// ifaceOnV2 decodes into the interface of type t at p as v1 on v2 does. A
// non-nil pointer in it is decoded through (null clears the pointer it
// points to, if that is one, or else the interface); any other value in it
// is dropped first. Into a nil interface only an empty one takes a new
// value; for others it is a type error about the value, reported before it.
func (d *decodeState) ifaceOnV2(p mem.Ptr, t reflect.Type) error {
	c := d.peek()
	if !mem.IfaceIsNil(p) {
		iv := mem.Addr(t, p).Elem()
		e := iv.Elem()
		switch {
		case e.Kind() != reflect.Pointer || e.IsNil():
			iv.SetZero()
		case c != 'n':
			if d.descent++; d.descent > maxDescent {
				return errDescent
			}
			err := decoderOf(e.Type()).target(d, mem.PointerOf(e), e.Type())
			d.descent--
			return err
		case e.Elem().Kind() == reflect.Pointer:
			if err := d.null(); err != nil {
				return err
			}
			e.Elem().SetZero()
			return nil
		}
	}
	if c == 'n' {
		if err := d.null(); err != nil {
			return err
		}
		mem.Addr(t, p).Elem().SetZero()
		return nil
	}
	if t.NumMethod() != 0 {
		start := d.i
		if err := d.skipValue(); err != nil {
			return err
		}
		d.typeError(kindName(c), t, start, start)
		return nil
	}
	v, err := d.anyValue()
	if err == nil {
		mem.Store(p, v)
	}
	return err
}

// kindName names the kind of JSON value that starts with c, as
// UnmarshalTypeError.Value does.
func kindName(c byte) string {
	switch c {
	case '{':
		return "object"
	case '[':
		return "array"
	case '"':
		return "string"
	case 't', 'f':
		return "bool"
	case 'n':
		return "null"
	}
	return "number"
}
