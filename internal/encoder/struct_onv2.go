package encoder

import (
	"encoding/json"
	"reflect"

	"github.com/safejson/safejson/internal/escape"
	"github.com/safejson/safejson/internal/fields"
	"github.com/safejson/safejson/internal/mem"
	"github.com/safejson/safejson/internal/semantics"
	"github.com/safejson/safejson/internal/syntax"
)

// The struct options of Go 1.27's tags (v2 rules): only built when
// semantics.OnV2.

// formatTagEnc is the encoder of a struct with a `format` option, which
// v1 mode reports as unsupported when a value of it is marshaled.
func formatTagEnc(field string) encFn {
	return func(st *state, b []byte, p mem.Ptr) ([]byte, bool) {
		return b, st.fail(&json.UnsupportedValueError{Str: semantics.UnsupportedFormatTag(field)})
	}
}

// fallbackEnc writes, after the fields that base writes, the members of
// the struct's embedded map (fb, an `embed` fallback) in key order, or
// those of its embedded jsontext.Value.
func (c *compiler) fallbackEnc(t reflect.Type, fb fields.Field, f flags, base encFn) encFn {
	derefs, offset, typ, _ := fieldPath(t, fb.Index, f)
	ptr := typ.Kind() == reflect.Pointer
	if ptr {
		typ = typ.Elem()
	}
	var m encFn
	if typ.Kind() == reflect.Map {
		// v2 copies the values, but calls no pointer method on the copy.
		m = c.mapEnc(typ, 0)
	} else {
		m = appendRawMembers // a jsontext.Value
	}
	return func(st *state, b []byte, p mem.Ptr) ([]byte, bool) {
		start := len(b)
		b, ok := base(st, b, p)
		if !ok {
			return b, false
		}
		for _, off := range derefs {
			if p = mem.Deref(mem.Field(p, off)); p == nil {
				return b, true
			}
		}
		p = mem.Field(p, offset)
		if ptr {
			if p = mem.Deref(p); p == nil {
				return b, true
			}
		}
		b = b[:len(b)-1] // the closing brace, written again below
		mark := len(b)
		if b, ok = m(st, b, p); !ok {
			return b, false
		}
		st.rewindDepth(b, mark) // the members are merged into the struct's
		switch members := b[mark:]; {
		case string(members) == "null" || string(members) == "{}":
			b = b[:mark]
		case mark-start == 1:
			// No field was written: the map's brace goes.
			b = append(b[:mark], members[1:len(members)-1]...)
		default:
			b[mark] = ','
			b = b[:len(b)-1]
		}
		return append(b, '}'), true
	}
}

// appendRawMembers writes the JSON object of the jsontext.Value at p, as
// the embedded map encoder would write a map: v2 copies its members, each
// reformatted as a MarshalJSON output is.
func appendRawMembers(st *state, b []byte, p mem.Ptr) ([]byte, bool) {
	raw := mem.Load[[]byte](p)
	if len(raw) == 0 {
		return append(b, "{}"...), true
	}
	var err error
	if st.mode == escape.Script {
		st.tmp, err = syntax.AppendCompactScript(st.tmp[:0], raw)
	} else {
		st.tmp, err = syntax.AppendCompact(st.tmp[:0], raw, st.mode != escape.Plain)
		if err == nil && st.mode == escape.Plain {
			st.tmp = escapeLineSeparators(st.tmp, 0)
		}
	}
	if err != nil || st.tmp[0] != '{' {
		return b, st.fail(&json.UnsupportedValueError{Str: rawEmbedError(raw)})
	}
	return append(b, st.tmp...), true
}
