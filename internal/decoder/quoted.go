package decoder

import (
	"encoding"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"reflect"
	"strconv"

	"github.com/safejson/safejson/internal/grammar"
	"github.com/safejson/safejson/internal/mem"
)

// Fields with the `,string` option are rare, and encoding/json gives their
// odd inputs odd treatment (text that is not JSON at all reaches strconv).
// They are decoded here through reflect, step by step as encoding/json does.

func invalidUse(item []byte, t reflect.Type) error {
	return fmt.Errorf("json: invalid use of ,string struct tag, trying to unmarshal %q into %v", item, t)
}

// quotedLeaf decodes the `,string` value at d.i into the bool or number of
// kind k at p where the input is the usual one: a string of plain text
// that is true or false, or a number in Go's syntax (as strconv reads it)
// that fits. Both of encoding/json's ways of reading `,string` (quotedValue
// and quotedOnV2) store such a value alike, so it is stored here without
// reflect. For anything else, and for k 0, it reports false, having read
// nothing, and the caller takes its own way.
func (d *decodeState) quotedLeaf(k reflect.Kind, p mem.Ptr) bool {
	i := d.i
	if k == 0 || i >= len(d.data) || d.data[i] != '"' {
		return false
	}
	end := grammar.PlainEnd(d.data, i+1)
	if end >= len(d.data) || d.data[end] != '"' || end == i+1 {
		return false
	}
	body := d.data[i+1 : end]
	if k == reflect.Bool {
		switch string(body) {
		case "true":
			mem.Store(p, true)
		case "false":
			mem.Store(p, false)
		default:
			return false
		}
	} else if !isNumberStart(body[0]) || !storeQuotedNumber(k, p, body) {
		return false
	}
	d.i = end + 1
	return true
}

// storeQuotedNumber stores the number body, parsed as strconv parses it,
// into the number of kind k at p, or reports false if it does not parse
// or does not fit.
func storeQuotedNumber(k reflect.Kind, p mem.Ptr, body []byte) bool {
	switch k {
	case reflect.Float32, reflect.Float64:
		bits := 64
		if k == reflect.Float32 {
			bits = 32
		}
		f, err := strconv.ParseFloat(mem.String(body), bits)
		if err != nil {
			return false
		}
		if k == reflect.Float32 {
			mem.Store(p, float32(f))
		} else {
			mem.Store(p, f)
		}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		n, ok := parseInt(body, kindBits(k))
		if !ok {
			return false
		}
		storeIntBits(p, kindBits(k), uint64(n))
	default:
		n, ok := parseUint(body)
		if !ok || kindBits(k) < 64 && n>>kindBits(k) != 0 {
			return false
		}
		storeIntBits(p, kindBits(k), n)
	}
	return true
}

// storeIntBits stores the low size bits of n at p, an integer of that
// size: signed or not, its bits are the same.
func storeIntBits(p mem.Ptr, size int, n uint64) {
	switch size {
	case 8:
		mem.Store(p, uint8(n))
	case 16:
		mem.Store(p, uint16(n))
	case 32:
		mem.Store(p, uint32(n))
	default:
		mem.Store(p, n)
	}
}

// kindBits is the size in bits of a number of kind k.
func kindBits(k reflect.Kind) int {
	switch k {
	case reflect.Int8, reflect.Uint8:
		return 8
	case reflect.Int16, reflect.Uint16:
		return 16
	case reflect.Int32, reflect.Uint32, reflect.Float32:
		return 32
	case reflect.Int, reflect.Uint, reflect.Uintptr:
		return strconv.IntSize
	}
	return 64
}

// quotedValue decodes the value of a `,string` field into v: a string whose
// text is decoded as a literal, or null.
func (d *decodeState) quotedValue(v reflect.Value) error {
	d.quotedAt = d.i
	switch d.peek() {
	case '"':
		b, err := d.stringBytes()
		if err != nil {
			return err
		}
		return d.literalStore(append([]byte(nil), b...), v, true)
	case 't', 'f', 'n':
		l, err := d.literal()
		if err != nil {
			return err
		}
		if l == 'n' {
			return d.literalStore([]byte("null"), v, false)
		}
	case '{', '[':
		if err := d.skipValue(); err != nil {
			return err
		}
	default:
		lit, err := d.number()
		if err != nil {
			return err
		}
		if !d.opts.UseNumber {
			// encoding/json converts the number first; when that fails
			// it goes on as if the value were null.
			if _, ok := d.convertNumber(lit); !ok {
				return d.literalStore([]byte("null"), v, false)
			}
		}
	}
	d.save(fmt.Errorf("json: invalid use of ,string struct tag, trying to unmarshal unquoted value into %v", v.Type()))
	return nil
}

// quotedString decodes the `,string` value at d.i into the string of
// type t at p, a string kind with no methods and not json.Number, as
// quotedValue would. The usual value, a string that holds a quoted
// string, is unquoted twice through scratch space, and the result kept
// in the arena, with no allocation of its own.
func (d *decodeState) quotedString(t reflect.Type, p mem.Ptr) error {
	if d.peek() != '"' {
		return d.quotedValue(mem.Addr(t, p).Elem())
	}
	d.quotedAt = d.i
	b, err := d.stringBytes()
	if err != nil {
		return err
	}
	if s, ok := unquoteLoose(d.quoted[:0], b); ok {
		d.quoted = s
		mem.Store(p, d.keep(s))
		return nil
	}
	return d.literalStore(append([]byte(nil), b...), mem.Addr(t, p).Elem(), true)
}

// literalStore stores the literal item into v as encoding/json's
// literalStore does. fromQuoted says item came out of a `,string` field's
// string, so it may be any text at all.
func (d *decodeState) literalStore(item []byte, v reflect.Value, fromQuoted bool) error {
	if len(item) == 0 {
		d.save(invalidUse(item, v.Type()))
		return nil
	}
	isNull := item[0] == 'n'
	u, ut, pv := indirect(v, isNull)
	if u != nil {
		return u.UnmarshalJSON(item)
	}
	if ut != nil {
		if item[0] != '"' {
			if fromQuoted {
				d.save(invalidUse(item, v.Type()))
				return nil
			}
			what := "number"
			switch item[0] {
			case 'n':
				what = "null"
			case 't', 'f':
				what = "bool"
			}
			d.typeError(what, v.Type(), d.i, d.quotedAt)
			return nil
		}
		s, ok := unquoteLoose(nil, item)
		if !ok {
			return invalidUse(item, v.Type())
		}
		return ut.UnmarshalText(s)
	}
	v = pv
	switch c := item[0]; {
	case c == 'n':
		if fromQuoted && string(item) != "null" {
			d.save(invalidUse(item, v.Type()))
			return nil
		}
		switch v.Kind() {
		case reflect.Interface, reflect.Pointer, reflect.Map, reflect.Slice:
			v.SetZero()
		}
	case c == 't' || c == 'f':
		if fromQuoted && string(item) != "true" && string(item) != "false" {
			d.save(invalidUse(item, v.Type()))
			return nil
		}
		d.storeBool(v, c == 't', item, fromQuoted)
	case c == '"':
		s, ok := unquoteLoose(nil, item)
		if !ok {
			return invalidUse(item, v.Type())
		}
		return d.storeString(v, s, item)
	case c == '-' || c-'0' < 10:
		return d.storeNumber(v, item, fromQuoted)
	default:
		return invalidUse(item, v.Type())
	}
	return nil
}

func (d *decodeState) storeBool(v reflect.Value, b bool, item []byte, fromQuoted bool) {
	switch {
	case v.Kind() == reflect.Bool:
		v.SetBool(b)
	case v.Kind() == reflect.Interface && v.NumMethod() == 0:
		v.Set(reflect.ValueOf(b))
	case fromQuoted && v.Kind() != reflect.Interface:
		d.save(invalidUse(item, v.Type()))
	default:
		d.typeError("bool", v.Type(), d.i, d.quotedAt)
	}
}

func (d *decodeState) storeString(v reflect.Value, s, item []byte) error {
	switch v.Kind() {
	case reflect.Slice:
		if v.Type().Elem().Kind() != reflect.Uint8 {
			break
		}
		b := make([]byte, base64.StdEncoding.DecodedLen(len(s)))
		n, err := base64.StdEncoding.Decode(b, s)
		if err != nil {
			d.save(err)
			return nil
		}
		v.SetBytes(b[:n])
		return nil
	case reflect.String:
		if v.Type() == numberType && !grammar.IsNumber(s) {
			return fmt.Errorf("json: invalid number literal, trying to unmarshal %q into Number", item)
		}
		v.SetString(string(s))
		return nil
	case reflect.Interface:
		if v.NumMethod() == 0 {
			v.Set(reflect.ValueOf(string(s)))
			return nil
		}
	}
	d.typeError("string", v.Type(), d.i, d.quotedAt)
	return nil
}

func (d *decodeState) storeNumber(v reflect.Value, item []byte, fromQuoted bool) error {
	s := string(item)
	switch v.Kind() {
	case reflect.Interface:
		n, ok := d.convertNumber(item)
		switch {
		case !ok:
		case v.NumMethod() != 0:
			d.typeError("number", v.Type(), d.i, d.quotedAt)
		default:
			v.Set(reflect.ValueOf(n))
		}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil || v.OverflowInt(n) {
			d.typeError("number "+s, v.Type(), d.i, d.quotedAt)
			break
		}
		v.SetInt(n)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		n, err := strconv.ParseUint(s, 10, 64)
		if err != nil || v.OverflowUint(n) {
			d.typeError("number "+s, v.Type(), d.i, d.quotedAt)
			break
		}
		v.SetUint(n)
	case reflect.Float32, reflect.Float64:
		n, err := strconv.ParseFloat(s, v.Type().Bits())
		if err != nil || v.OverflowFloat(n) {
			d.typeError("number "+s, v.Type(), d.i, d.quotedAt)
			break
		}
		v.SetFloat(n)
	default:
		if v.Type() == numberType {
			// Text from a `,string` field is stored unchecked, as
			// encoding/json does.
			v.SetString(s)
			break
		}
		if fromQuoted {
			return invalidUse(item, v.Type())
		}
		d.typeError("number", v.Type(), d.i, d.quotedAt)
	}
	return nil
}

// indirect walks from v through pointers, and through interfaces holding
// non-nil pointers, allocating nil pointers, until it reaches a method that
// decodes the value or a non-pointer, as encoding/json's indirect does. For
// null it stops at the first settable pointer, which null then clears.
func indirect(v reflect.Value, decodingNull bool) (json.Unmarshaler, encoding.TextUnmarshaler, reflect.Value) {
	start, viaAddr := v, false
	// A named value's pointer methods apply to it: start from its address.
	if v.Kind() != reflect.Pointer && v.Type().Name() != "" && v.CanAddr() {
		v, viaAddr = v.Addr(), true
	}
	for {
		if v.Kind() == reflect.Interface && !v.IsNil() {
			if e := v.Elem(); e.Kind() == reflect.Pointer && !e.IsNil() && (!decodingNull || e.Elem().Kind() == reflect.Pointer) {
				v, viaAddr = e, false
				continue
			}
		}
		if v.Kind() != reflect.Pointer || decodingNull && v.CanSet() {
			return nil, nil, v
		}
		if v.Elem().Kind() == reflect.Interface && v.Elem().Elem().Equal(v) {
			return nil, nil, v.Elem()
		}
		if v.IsNil() {
			v.Set(reflect.New(v.Type().Elem()))
		}
		if v.Type().NumMethod() > 0 && v.CanInterface() {
			if u, ok := v.Interface().(json.Unmarshaler); ok {
				return u, nil, reflect.Value{}
			}
			if u, ok := v.Interface().(encoding.TextUnmarshaler); ok && !decodingNull {
				return nil, u, reflect.Value{}
			}
		}
		if viaAddr {
			v, viaAddr = start, false
		} else {
			v = v.Elem()
		}
	}
}

// unquoteLoose appends to dst the unquoted text of a string literal that
// has not been checked, with encoding/json's rules for it (which also
// accept \').
func unquoteLoose(dst, s []byte) ([]byte, bool) {
	if len(s) < 2 || s[0] != '"' || s[len(s)-1] != '"' {
		return nil, false
	}
	body := s[1 : len(s)-1]
	for i := 0; i < len(body); i++ {
		switch c := body[i]; {
		case c == '\\':
			if i+1 >= len(body) {
				return nil, false
			}
			switch body[i+1] {
			case '"', '\\', '/', '\'', 'b', 'f', 'n', 'r', 't':
				i++
			case 'u':
				if len(body)-i < 6 || grammar.Hex4(body[i+2:i+6]) < 0 {
					return nil, false
				}
				i += 5
			default:
				return nil, false
			}
		case c == '"' || c < ' ':
			return nil, false
		}
	}
	return grammar.AppendUnquoted(dst, body), true
}
