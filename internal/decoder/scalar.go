package decoder

import (
	"encoding/base64"
	"fmt"
	"reflect"
	"strconv"

	"github.com/safejson/safejson/internal/grammar"
	"github.com/safejson/safejson/internal/mem"
	"github.com/safejson/safejson/internal/numparse"
	"github.com/safejson/safejson/internal/semantics"
)

// mismatch consumes a value that the kind of t cannot hold and records
// encoding/json's type error for it. null has no effect.
func (d *decodeState) mismatch(t reflect.Type) error {
	start := d.i
	switch c := d.peek(); c {
	case '{', '[':
		what := "object"
		if c == '[' {
			what = "array"
		}
		d.typeError(what, t, d.i+1, start)
		return d.skipValue()
	case '"':
		if err := d.skipString(d.i + 1); err != nil {
			return err
		}
		d.typeError("string", t, d.i, start)
	case 't', 'f', 'n':
		l, err := d.literal()
		if err != nil {
			return err
		}
		if l != 'n' {
			d.typeError("bool", t, d.i, start)
		}
	default:
		if _, err := d.number(); err != nil {
			return err
		}
		d.typeError("number", t, d.i, start)
	}
	return nil
}

func boolDec(t reflect.Type) decFn {
	return func(d *decodeState, p mem.Ptr) error {
		switch d.peek() {
		case 't', 'f', 'n':
			l, err := d.literal()
			if l != 'n' && err == nil {
				mem.Store(p, l == 't')
			}
			return err
		}
		return d.mismatch(t)
	}
}

type signed interface {
	~int | ~int8 | ~int16 | ~int32 | ~int64
}

type unsigned interface {
	~uint | ~uint8 | ~uint16 | ~uint32 | ~uint64 | ~uintptr
}

// isNumberStart reports whether c can start a number.
func isNumberStart(c byte) bool { return c == '-' || c-'0' < 10 }

func intDec[T signed](t reflect.Type) decFn {
	bits := t.Bits()
	return func(d *decodeState, p mem.Ptr) error {
		if !isNumberStart(d.peek()) {
			return d.mismatch(t)
		}
		start := d.i
		if n, ok := d.fastInt(); ok {
			if n == int64(T(n)) {
				mem.Store(p, T(n))
			} else {
				d.typeError("number "+string(d.data[start:d.i]), t, d.i, start)
			}
			return nil
		}
		lit, err := d.number()
		if err != nil {
			return err
		}
		if n, ok := parseInt(lit, bits); ok {
			mem.Store(p, T(n))
		} else {
			d.typeError("number "+string(lit), t, d.i, start)
		}
		return nil
	}
}

func uintDec[T unsigned](t reflect.Type) decFn {
	bits := t.Bits()
	return func(d *decodeState, p mem.Ptr) error {
		if !isNumberStart(d.peek()) {
			return d.mismatch(t)
		}
		start := d.i
		if n, ok := d.fastUint(); ok {
			if bits == 64 || n>>bits == 0 {
				mem.Store(p, T(n))
				return nil
			}
			d.i = start
		}
		if n, ok := d.fastInt(); ok {
			if n >= 0 && uint64(n) == uint64(T(n)) && d.data[start] != '-' {
				mem.Store(p, T(n))
			} else {
				d.typeError("number "+string(d.data[start:d.i]), t, d.i, start)
			}
			return nil
		}
		lit, err := d.number()
		if err != nil {
			return err
		}
		if n, ok := parseUint(lit); ok && (bits == 64 || n>>bits == 0) {
			mem.Store(p, T(n))
		} else {
			d.typeError("number "+string(lit), t, d.i, start)
		}
		return nil
	}
}

// parseUint parses decimal digits as strconv.ParseUint(s, 10, 64) would,
// failing on anything else or on overflow.
func parseUint(s []byte) (uint64, bool) {
	if len(s) == 0 {
		return 0, false
	}
	var n uint64
	for _, c := range s {
		c -= '0'
		if c >= 10 || n > (1<<64-1)/10 {
			return 0, false
		}
		n1 := n*10 + uint64(c)
		if n1 < n*10 {
			return 0, false
		}
		n = n1
	}
	return n, true
}

// parseInt is strconv.ParseInt(s, 10, 64) followed by a check that the value
// fits in bits.
func parseInt(s []byte, bits int) (int64, bool) {
	neg := len(s) > 0 && s[0] == '-'
	if neg {
		s = s[1:]
	}
	u, ok := parseUint(s)
	limit := uint64(1) << (bits - 1)
	switch {
	case !ok:
		return 0, false
	case neg && u <= limit:
		return -int64(u), true
	case !neg && u < limit:
		return int64(u), true
	}
	return 0, false
}

func floatDec[T ~float32 | ~float64](t reflect.Type) decFn {
	bits := t.Bits()
	return func(d *decodeState, p mem.Ptr) error {
		if !isNumberStart(d.peek()) {
			return d.mismatch(t)
		}
		if bits == 64 {
			if f, ok := d.fastFloat(); ok {
				mem.Store(p, T(f))
				return nil
			}
		} else if f, end, ok := numparse.Float(d.data, d.i); ok {
			if f32, ok := numparse.ToFloat32(f); ok {
				d.i = end
				mem.Store(p, T(f32))
				return nil
			}
		}
		start := d.i
		lit, err := d.number()
		if err != nil {
			return err
		}
		f, err := strconv.ParseFloat(mem.String(lit), bits)
		if err != nil {
			d.typeError("number "+string(lit), t, d.i, start)
			return nil
		}
		mem.Store(p, T(f))
		return nil
	}
}

func stringDec(t reflect.Type) decFn {
	return func(d *decodeState, p mem.Ptr) error {
		if d.peek() != '"' {
			return d.mismatch(t)
		}
		s, err := d.str()
		if err == nil {
			mem.Store(p, s)
		}
		return err
	}
}

// numberDec decodes into a json.Number: a number's text, or a string that
// must hold a valid number.
func numberDec(d *decodeState, p mem.Ptr) error {
	if semantics.OnV2 {
		return numberDecOnV2(d, p, false)
	}
	c := d.peek()
	if isNumberStart(c) {
		lit, err := d.number()
		if err == nil {
			mem.Store(p, d.keep(lit))
		}
		return err
	}
	if c != '"' {
		return d.mismatch(numberType)
	}
	start := d.i
	b, err := d.stringBytes()
	if err != nil {
		return err
	}
	if !grammar.IsNumber(b) {
		return fmt.Errorf("json: invalid number literal, trying to unmarshal %q into Number", d.data[start:d.i])
	}
	mem.Store(p, d.keep(b))
	return nil
}

// numberDecOnV2 is numberDec as json.Number's UnmarshalJSONFrom method
// does it under v1 on v2: null leaves it as it is, and its errors come
// with no position. Under the `,string` option (quoted), only a string
// holding a number will do.
func numberDecOnV2(d *decodeState, p mem.Ptr, quoted bool) error {
	start, c := d.i, d.peek()
	if err := d.skipValue(); err != nil {
		return err
	}
	lit := d.data[start:d.i]
	switch {
	case c == 'n':
		return nil
	case isNumberStart(c) && !quoted:
		mem.Store(p, d.keep(lit))
		return nil
	case c != '"':
		d.save(semantics.DecodeTypeError(kindName(c), numberType, 0, nil))
		return nil
	}
	d.i = start
	b, _ := d.stringBytes()
	if !grammar.IsNumber(b) {
		d.save(semantics.DecodeTypeError("string "+string(lit), numberType, 0, strconv.ErrSyntax))
		return nil
	}
	mem.Store(p, d.keep(b))
	return nil
}

// rawDec decodes into a json.RawMessage as its UnmarshalJSON method does:
// the value's text, null included, copied into the slice's own memory.
func rawDec(d *decodeState, p mem.Ptr) error {
	start := d.i
	if err := d.skipValue(); err != nil {
		return err
	}
	m := mem.Load[[]byte](p)
	mem.Store(p, append(m[:0], d.data[start:d.i]...))
	return nil
}

// base64Dec decodes a string into a byte slice of type t, as encoding/json
// does.
func base64Dec(d *decodeState, p mem.Ptr, t reflect.Type) error {
	start := d.i
	s, err := d.stringBytes()
	if err != nil {
		return err
	}
	if semantics.OnV2 {
		// v2 decodes into the slice's own array where it has room, as
		// AppendDecode does, and leaves there what it wrote before an
		// error.
		b, err := base64.StdEncoding.AppendDecode(mem.Load[[]byte](p)[:0], s)
		if err != nil {
			d.typeErrorWrapping("string", t, d.i, start, err)
			return nil
		}
		if b == nil {
			b = []byte{}
		}
		mem.Store(p, b)
		return nil
	}
	b := make([]byte, base64.StdEncoding.DecodedLen(len(s)))
	n, err := base64.StdEncoding.Decode(b, s)
	if err != nil {
		d.save(err)
		return nil
	}
	mem.Store(p, b[:n])
	return nil
}
