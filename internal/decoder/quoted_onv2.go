package decoder

import (
	"reflect"
	"strconv"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/safejson/safejson/internal/grammar"
	"github.com/safejson/safejson/internal/mem"
	"github.com/safejson/safejson/internal/semantics"
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
	if string(b) == "null" {
		return nil
	}
	v := mem.Addr(t, p).Elem()
	if t.Kind() == reflect.String {
		// Unquoted through scratch space and kept in the arena: the
		// usual `,string` string costs no allocation of its own.
		u, err := unquoteInner(d.quoted[:0], b)
		if err != nil {
			d.typeErrorWrapping("string", t, d.i, start, err)
			return nil
		}
		d.quoted = u
		v.SetString(d.keep(u))
		return nil
	}
	s := string(b)
	switch t.Kind() {
	case reflect.Bool:
		switch s {
		case "true", "false":
			v.SetBool(s == "true")
		default:
			d.typeErrorWrapping("string "+string(d.data[start:d.i]), t, d.i, start, strconv.ErrSyntax)
		}
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

// unquoteInner appends to dst the unquoted text of the string literal that
// a `,string` string field's string holds, which must be exactly one, or
// returns the *SyntaxError (with no offset) that v1 on v2 wraps, worded as
// jsontext words it. As jsontext.AppendUnquote does, it reads on past a
// bad surrogate escape: any other error, later in the text, is the one
// reported, and otherwise the last bad surrogate's.
func unquoteInner(dst, s []byte) ([]byte, error) {
	if len(s) == 0 || s[0] != '"' {
		return nil, innerSyntaxError(s, 0, semantics.CtxKey)
	}
	var surrogate []byte // the last bad surrogate escape and what follows it
	for i := 1; i < len(s); i++ {
		switch c := s[i]; {
		case c == '"':
			if i+1 < len(s) {
				r, _ := utf8.DecodeRune(s[i+1:])
				return nil, mem.NewSyntaxError("invalid character "+strconv.QuoteRune(r)+" after string value", 0)
			}
			if surrogate != nil {
				return nil, mem.NewSyntaxError(semantics.DecodeSurrogateText(string(surrogate)), 0)
			}
			return grammar.AppendUnquoted(dst, s[1:i]), nil
		case c == '\\':
			if i+1 >= len(s) {
				return nil, innerSyntaxError(s, len(s), semantics.CtxEscape)
			}
			switch s[i+1] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				i++
				continue
			case 'u':
			default:
				return nil, innerSyntaxError(s, i+1, semantics.CtxEscape)
			}
			for k := i + 2; k < i+6; k++ {
				if k >= len(s) || !hexDigit(s[k]) {
					return nil, innerSyntaxError(s, min(k, len(s)), semantics.CtxHexEscape)
				}
			}
			if r := grammar.Hex4(s[i+2 : i+6]); utf16.IsSurrogate(r) {
				// Only a high surrogate escaped right before a low one.
				// Cut off before a whole escape follows, the text ends
				// too soon if what follows could still begin a low one.
				switch rest := s[i+6:]; {
				case len(rest) < 6:
					if lowEscapePrefix(rest) {
						return nil, innerSyntaxError(s, len(s), semantics.CtxString)
					}
					surrogate = s[i:]
				case r >= 0xDC00 || rest[0] != '\\' || rest[1] != 'u' || !isLowSurrogate(grammar.Hex4(rest[2:6])):
					surrogate = s[i : i+12]
				default:
					i += 6
				}
			}
			i += 5
		case c < ' ':
			return nil, innerSyntaxError(s, i, semantics.CtxString)
		}
	}
	return nil, innerSyntaxError(s, len(s), semantics.CtxString)
}

func isLowSurrogate(r rune) bool { return 0xDC00 <= r && r < 0xE000 }

// lowEscapePrefix reports whether b, shorter than an escape, could begin
// the escape of a low surrogate (\uDC00 to \uDFFF).
func lowEscapePrefix(b []byte) bool {
	const pattern = `\udc`
	for i, c := range b {
		switch {
		case i < 2 && c != pattern[i]:
			return false
		case i == 2 && c|0x20 != 'd':
			return false
		case i == 3 && (c|0x20 < 'c' || c|0x20 > 'f'):
			return false
		case i > 3 && !hexDigit(c):
			return false
		}
	}
	return true
}

func hexDigit(c byte) bool { return c-'0' < 10 || c|0x20-'a' < 6 }

// innerSyntaxError is the error for the inner string s failing at s[pos]
// in ctx.
func innerSyntaxError(s []byte, pos int, ctx semantics.SyntaxCtx) error {
	msg, _ := semantics.SyntaxError(s, pos, ctx, semantics.EntryValid)
	return mem.NewSyntaxError(msg, 0)
}
