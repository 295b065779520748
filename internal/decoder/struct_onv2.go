package decoder

import (
	"errors"
	"fmt"
	"reflect"
	"strings"

	"github.com/safejson/safejson/internal/fields"
	"github.com/safejson/safejson/internal/mem"
	"github.com/safejson/safejson/internal/semantics"
)

// matchName returns a body of a JSON string that spells name, for comparing
// keys byte for byte: name itself unless it holds a quote, a backslash or a
// control byte (which v2's tag rules allow), escaped then.
func matchName(name string) string {
	if !strings.ContainsFunc(name, func(r rune) bool { return r < ' ' || r == '"' || r == '\\' }) {
		return name
	}
	var b strings.Builder
	for i := 0; i < len(name); i++ {
		switch c := name[i]; {
		case c == '"' || c == '\\':
			b.WriteByte('\\')
			b.WriteByte(c)
		case c < ' ':
			fmt.Fprintf(&b, `\u%04x`, c)
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// formatError is the Err of v1 on v2's type error for a struct that has a
// field with a `format` option.
type formatError struct {
	owner reflect.Type
	field string
}

func (e *formatError) Error() string {
	return "Go struct field " + e.field + " " + semantics.DecodeFormatText
}

// unsupportedFormat records the type error for an object decoded into a
// struct with a `format` option and skips the object. (v1 on v2 stops
// right after its opening bracket, and an enclosing object then reads on
// from there; that is not copied.)
func (d *decodeState) unsupportedFormat(sd *structDec) error {
	fe := sd.formatErr.(*formatError)
	start := d.i
	if err := d.skipValue(); err != nil {
		return err
	}
	d.typeErrorWrapping("object", fe.owner, start+1, start, sd.formatErr)
	return nil
}

// fallbackMember decodes the member at d.i (its key, at keyAt, consumed:
// key), which no field of the struct of type t at p takes, into the
// struct's `embed` field f: an entry of its map, or a member appended to
// its jsontext.Value object.
func (d *decodeState) fallbackMember(f *fields.Field, p mem.Ptr, t reflect.Type, key string, keyAt int) error {
	keyEnd := d.i
	if err := d.colon(); err != nil {
		return err
	}
	v := mem.Addr(t, p).Elem()
	for _, x := range f.Index {
		v = v.Field(x)
		for v.Kind() == reflect.Pointer && v.Type().Name() == "" {
			if v.IsNil() {
				v.Set(reflect.New(v.Type().Elem()))
			}
			v = v.Elem()
		}
	}
	if v.Kind() == reflect.Slice { // a jsontext.Value
		return d.appendMember(v, d.data[keyAt:keyEnd])
	}
	if v.IsNil() {
		v.Set(reflect.MakeMap(v.Type()))
	}
	k := reflect.ValueOf(key).Convert(v.Type().Key())
	e := reflect.New(v.Type().Elem()).Elem()
	if old := v.MapIndex(k); old.IsValid() {
		e.Set(old)
	}
	err := decoderOf(e.Type()).slot(d, mem.PointerOf(e.Addr()))
	v.SetMapIndex(k, e)
	return err
}

var errRawEmbedNotObject = errors.New(semantics.DecodeRawEmbedNotObjectText)

// appendMember appends the member with the quoted key, whose value is at
// d.i, to the JSON object held by the jsontext.Value v.
func (d *decodeState) appendMember(v reflect.Value, key []byte) error {
	start := d.i
	if err := d.skipValue(); err != nil {
		return err
	}
	b := v.Bytes()
	if len(b) == 0 {
		b = append(b, '{')
	} else {
		b = trimSpace(b)
		if len(b) == 0 || b[len(b)-1] != '}' {
			d.typeErrorWrapping(kindName(d.data[start]), v.Type(), d.i, start, errRawEmbedNotObject)
			return nil
		}
		b = trimSpace(b[:len(b)-1])
		if c := b[len(b)-1]; c != ',' && c != '{' {
			b = append(b, ',')
		}
	}
	b = append(b, key...)
	b = append(b, ':')
	b = append(b, d.data[start:d.i]...)
	v.SetBytes(append(b, '}'))
	return nil
}

// trimSpace drops the JSON whitespace that ends b.
func trimSpace(b []byte) []byte {
	for len(b) > 0 && class[b[len(b)-1]]&classSpace != 0 {
		b = b[:len(b)-1]
	}
	return b
}
