package decoder

import (
	"reflect"
	"strconv"

	"github.com/safejson/safejson/internal/mem"
)

// quotedOnV2 decodes the value of a `,string` field of type t at p as v1 on
// v2 does. The option applies to booleans, numbers and strings, and to a
// pointer to one (a quoted null then clears the pointer); other types
// decode as they would without it.
func (d *decodeState) quotedOnV2(t reflect.Type, p mem.Ptr) error {
	td := decoderOf(t)
	if t == numberType {
		return numberDecOnV2(d, p, true)
	}
	if t.Kind() != reflect.Pointer {
		if !stringifiable(t) {
			return td.slot(d, p)
		}
		return d.quotedScalar(t, p)
	}
	if d.peek() == 'n' {
		mem.Store[mem.Ptr](p, nil)
		return d.null()
	}
	et := t.Elem()
	if !stringifiable(et) && et != numberType {
		return td.slot(d, p)
	}
	pv := mem.Deref(p)
	if pv == nil {
		pv = td.newElem(d)
		mem.Store(p, pv)
	}
	if et == numberType {
		return numberDecOnV2(d, pv, true)
	}
	start := d.i
	err := d.quotedScalar(t.Elem(), pv)
	if string(d.data[start:d.i]) == `"null"` {
		mem.Store[mem.Ptr](p, nil)
	}
	return err
}

// stringifiable reports whether the `,string` option applies to t.
func stringifiable(t reflect.Type) bool {
	if t == numberType || hasMethods(reflect.PointerTo(t)) {
		return false
	}
	switch t.Kind() {
	case reflect.Bool, reflect.String,
		reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64:
		return true
	}
	return false
}

// quotedScalar decodes a `,string` value into the boolean, number or string
// of type t at p: a string holding its text (parsed with Go's syntax, as v1
// did), or null, which leaves it as it is. A quoted null does too.
func (d *decodeState) quotedScalar(t reflect.Type, p mem.Ptr) error {
	start := d.i
	if d.peek() != '"' {
		return d.wrongKind(t, nil)
	}
	b, err := d.stringBytes()
	if err != nil {
		return err
	}
	s := string(b)
	if s == "null" {
		return nil
	}
	v := mem.Addr(t, p).Elem()
	switch t.Kind() {
	case reflect.Bool:
		switch s {
		case "true", "false":
			v.SetBool(s == "true")
		default:
			d.typeErrorWrapping("string "+string(d.data[start:d.i]), t, d.i, start, strconv.ErrSyntax)
		}
	case reflect.String:
		u, err := unquoteInner(b)
		if err != nil {
			d.typeErrorWrapping("string", t, d.i, start, err)
			return nil
		}
		v.SetString(string(u))
	case reflect.Float32, reflect.Float64:
		if n, err := strconv.ParseFloat(s, t.Bits()); err == nil {
			v.SetFloat(n)
		} else {
			d.typeError("number "+s, t, d.i, start)
		}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		if n, err := strconv.ParseInt(s, 10, t.Bits()); err == nil {
			v.SetInt(n)
		} else {
			d.typeError("number "+s, t, d.i, start)
		}
	default:
		if n, err := strconv.ParseUint(s, 10, t.Bits()); err == nil {
			v.SetUint(n)
		} else {
			d.typeError("number "+s, t, d.i, start)
		}
	}
	return nil
}

// unquoteInner unquotes the string literal that a `,string` string field's
// string holds, which must be exactly one, or returns the *SyntaxError
// (with no offset) that v1 on v2 wraps.
func unquoteInner(s []byte) ([]byte, error) {
	if len(s) == 0 {
		return nil, mem.NewSyntaxError("unexpected end of JSON input", 0)
	}
	if s[0] != '"' {
		return nil, mem.NewSyntaxError("invalid character "+strconv.QuoteRune(rune(s[0]))+" looking for beginning of object key string", 0)
	}
	w := decodeState{data: s}
	b, err := w.stringBytes()
	switch {
	case err != nil:
		return nil, mem.NewSyntaxError(badStringText(s), 0)
	case w.i < len(s):
		return nil, mem.NewSyntaxError("invalid character "+strconv.QuoteRune(rune(s[w.i]))+" after string value", 0)
	}
	return b, nil
}

// badStringText describes what is wrong in the string literal s.
func badStringText(s []byte) string {
	for i := 1; i < len(s); i++ {
		switch c := s[i]; {
		case c == '"':
			return "unexpected end of JSON input"
		case c == '\\':
			n, ok := escapeLen(s[i:])
			if !ok {
				if cutEscape(s[i:]) {
					return "unexpected end of JSON input"
				}
				end := min(len(s), i+2)
				if i+1 < len(s) && s[i+1] == 'u' {
					end = min(len(s), i+6)
				}
				return "invalid escape sequence `" + string(s[i:end]) + "` in string"
			}
			i += n - 1
		case c < ' ':
			return "invalid character " + strconv.QuoteRune(rune(c)) + " in string"
		}
	}
	return "unexpected end of JSON input"
}

// cutEscape reports whether the escape sequence that starts esc is cut
// short by the end of the input, with nothing wrong before it.
func cutEscape(esc []byte) bool {
	if len(esc) < 2 {
		return true
	}
	if esc[1] != 'u' || len(esc) >= 6 {
		return false
	}
	for _, c := range esc[2:] {
		if !('0' <= c && c <= '9' || 'a' <= c|0x20 && c|0x20 <= 'f') {
			return false
		}
	}
	return true
}
