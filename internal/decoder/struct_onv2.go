package decoder

import (
	"errors"
	"fmt"
	"reflect"
	"strings"

	"github.com/safejson/safejson/internal/fields"
	"github.com/safejson/safejson/internal/grammar"
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

// errReadOn tells the decoder of an enclosing struct to read on, as v1 on
// v2 does after a struct with a `format` option: that struct stops right
// after its opening bracket, and the enclosing object reads the members
// that follow as its own, up to the next closing bracket, which ends it;
// its own enclosing object then reads on likewise. Other decoders pass it
// up, and the call ends with the error recorded.
var errReadOn = errors.New("safejson: read on in the enclosing object")

// unsupportedFormat records the type error for an object decoded into a
// struct with a `format` option and consumes its opening bracket.
func (d *decodeState) unsupportedFormat(fe *formatError) error {
	start := d.i
	d.i++
	if d.depth++; d.depth > grammar.MaxDepth {
		return errSyntax
	}
	d.i = grammar.SkipSpace(d.data, d.i)
	d.typeErrorWrapping("object", fe.owner, start+1, start, fe)
	return errReadOn
}

// readOn reads members into the struct at p, from where a member stopped
// with errReadOn, on to the next closing bracket (see errReadOn).
func (sd *structDec) readOn(d *decodeState, p mem.Ptr) error {
	for {
		d.i = grammar.SkipSpace(d.data, d.i)
		switch d.peek() {
		case '}':
			d.i++
			d.depth--
			return errReadOn
		case ',':
			d.i++
			d.i = grammar.SkipSpace(d.data, d.i)
		}
		keyAt := d.i
		key, err := d.stringBytes()
		if err != nil {
			return err
		}
		f := sd.lookup(key)
		switch {
		case f == nil && sd.fallback != nil:
			err = d.fallbackMember(sd.fallback, p, sd.t, string(key), keyAt)
		case f == nil:
			if d.opts.DisallowUnknownFields {
				d.save(fmt.Errorf("json: unknown field %q", key))
			}
			if err = d.colon(); err == nil {
				err = d.skipValue()
			}
		default:
			if err = d.colon(); err == nil {
				err = d.member(f, p)
			}
		}
		if err != nil && err != errReadOn {
			return err
		}
	}
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
	// Walk by offsets, as member does: the way may pass through
	// unexported embedded structs, which reflect would not let us set.
	cur := t
	for _, x := range f.Index {
		sf := cur.Field(x)
		p = mem.Field(p, sf.Offset)
		cur = sf.Type
		if cur.Kind() == reflect.Pointer && cur.Name() == "" {
			pv := mem.Deref(p)
			if pv == nil {
				if !sf.IsExported() {
					start, c := d.i, d.peek()
					d.typeErrorWrapping(kindName(c), t, start, start, errNilEmbedded)
					return d.skipValue()
				}
				pv = mem.New(cur.Elem())
				mem.Store(p, pv)
			}
			p, cur = pv, cur.Elem()
		}
	}
	v := mem.Addr(cur, p).Elem()
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
	for len(b) > 0 && grammar.Is(b[len(b)-1], grammar.Space) {
		b = b[:len(b)-1]
	}
	return b
}

// sliceReadOn reads on, as v1 on v2 does (see errReadOn), in a slice s of
// structs whose element i stopped with errReadOn: each name, value and
// closing bracket of the object it stopped in is read as one more element,
// until that object is closed. It returns the index of the last element.
func (d *decodeState) sliceReadOn(s reflect.Value, etd *typeDec, i int) (int, error) {
	size := int(s.Type().Elem().Size())
	for open := 1; open > 0; {
		d.i = grammar.SkipSpace(d.data, d.i)
		c := d.peek()
		if c == ',' || c == ':' {
			d.i++
			continue
		}
		if i++; i >= s.Len() {
			if i >= s.Cap() {
				s.Grow(max(i, 4))
			}
			s.SetLen(i + 1)
		}
		if c == '}' {
			d.i++
			d.depth--
			open--
			continue
		}
		data, _ := mem.Slice(mem.PointerOf(s.Addr()))
		switch err := etd.slot(d, mem.Index(data, i, uintptr(size))); err {
		case nil:
		case errReadOn:
			open++
		default:
			return i, err
		}
	}
	return i, nil
}
