//go:build goexperiment.jsonv2 && go1.27

package encoder

import (
	"reflect"
	"unicode/utf8"

	"github.com/safejson/safejson/internal/fields"
	"github.com/safejson/safejson/internal/mem"
)

// embedMapV2 is a struct's `embed` fallback map, whose members v2 writes
// after the fields'.
type embedMapV2 struct {
	derefs []uintptr // embedded pointers on the way, as fieldPath gives them
	offset uintptr
	typ    reflect.Type // the map type
	ptr    bool         // the field is a pointer to the map
}

// embedMapOfV2 returns the `embed` field fb of struct type t, or false if
// this package leaves it to v2: a jsontext.Value, or a map whose keys have
// methods (v2 names members by the key strings themselves, where its maps
// call the methods).
func embedMapOfV2(t reflect.Type, fb fields.Field) (embedMapV2, bool) {
	derefs, offset, typ, _ := fieldPath(t, fb.Index, 0)
	ptr := typ.Kind() == reflect.Pointer
	if ptr {
		typ = typ.Elem()
	}
	if typ.Kind() != reflect.Map || typ.Key().Kind() != reflect.String || methodOfV2(typ.Key()) != 0 {
		return embedMapV2{}, false
	}
	return embedMapV2{derefs, offset, typ, ptr}, true
}

// embedEncV2 builds the encoder of a struct with the `embed` map em:
// base writes the fields, whose names folded (fields.FoldName, without
// delimiters) are names, and the map's members follow as the map's encoder
// writes them. A key that folds to a field's name, or that is not UTF-8,
// goes to v2, which decides whether it repeats a name the struct wrote
// (that depends on the field's case matching, the options and whether the
// field was written) and what a key that is not UTF-8 becomes.
func (c *compiler) embedEncV2(em embedMapV2, names map[string]bool, base encFn, f flags) encFn {
	m := c.get(em.typ, f&v2Mask)
	kt := em.typ.Key()
	return func(st *state, b []byte, p mem.Ptr) ([]byte, bool) {
		start := len(b)
		b, ok := base(st, b, p)
		if !ok {
			return b, false
		}
		for _, off := range em.derefs {
			if p = mem.Deref(mem.Field(p, off)); p == nil {
				return b, true
			}
		}
		p = mem.Field(p, em.offset)
		if em.ptr {
			if p = mem.Deref(p); p == nil {
				return b, true
			}
		}
		mv := mem.Value(em.typ, p)
		if mv.Len() == 0 {
			return b, true
		}
		key := reflect.New(kt).Elem()
		var buf [64]byte
		for it := mv.MapRange(); it.Next(); {
			key.SetIterKey(it)
			k := key.String()
			if !utf8.ValidString(k) || names[string(fields.FoldName(buf[:0], []byte(k), true))] {
				return b, false
			}
		}
		// The map's braces go: its members join the fields'.
		b = b[:len(b)-1]
		mark := len(b)
		if b, ok = m.fn(st, b, p); !ok {
			return b, false
		}
		if mark-start == 1 {
			b = append(b[:mark], b[mark+1:len(b)-1]...)
		} else {
			b[mark] = ','
			b = b[:len(b)-1]
		}
		return append(b, '}'), true
	}
}
