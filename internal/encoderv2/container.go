//go:build goexperiment.jsonv2 && go1.27

package encoderv2

import (
	"encoding/base64"
	"math"
	"reflect"

	"github.com/safejson/safejson/internal/mem"
	"github.com/safejson/safejson/internal/numfmt"
	"github.com/safejson/safejson/internal/wirev2"
)

func (c *compiler) pointerEnc(t reflect.Type) encFn {
	return pointerTo(c.get(t.Elem()))
}

// pointerTo returns the encoder of pointers to values that elem writes.
func pointerTo(elem *typeEnc) encFn {
	return func(st *state, b []byte, p mem.Ptr) ([]byte, bool) {
		q := mem.Deref(p)
		if q == nil {
			return append(b, "null"...), true
		}
		if st.depth >= maxDepth {
			return b, false
		}
		st.depth++
		b, ok := elem.fn(st, b, q)
		st.depth--
		return b, ok
	}
}

var byteType = reflect.TypeFor[byte]()

func (c *compiler) sliceEnc(t reflect.Type) encFn {
	if t.Elem() == byteType {
		return bytesEnc
	}
	if t.Elem().Kind() == reflect.Uint8 {
		return unsupported // named byte types: v2's rules for them differ
	}
	// The elements are written by one of three loops: pointers are
	// dereferenced and leaves written in the loop, without a call each.
	kind := inlineKindOf(t.Elem())
	var elem *typeEnc
	if kind == inlinePointer {
		elem = c.get(t.Elem().Elem())
	} else {
		elem = c.get(t.Elem())
	}
	size := t.Elem().Size()
	return func(st *state, b []byte, p mem.Ptr) ([]byte, bool) {
		data, n := mem.Slice(p)
		if n == 0 {
			return append(b, "[]"...), true
		}
		if st.depth >= maxDepth {
			return b, false
		}
		st.depth++
		var ok bool
		switch kind {
		case inlineNone:
			b, ok = elements(st, b, elem, data, n, size)
		case inlinePointer:
			b, ok = pointerElements(st, b, elem, data, n)
		default:
			b, ok = leafElements(b, kind, data, n, size)
		}
		st.depth--
		return b, ok
	}
}

// leafElements is elements for n values of an inline kind other than
// inlinePointer, written here as the struct loop writes such members,
// without a call per element.
func leafElements(b []byte, kind inlineKind, data mem.Ptr, n int, size uintptr) ([]byte, bool) {
	b = append(b, '[')
	for i := range n {
		if i > 0 {
			b = append(b, ',')
		}
		p := mem.Index(data, i, size)
		switch kind {
		case inlineString:
			var ok bool
			if b, ok = wirev2.AppendQuote(b, mem.Load[string](p)); !ok {
				return b, false
			}
		case inlineInt64:
			b = numfmt.AppendInt(b, mem.Load[int64](p))
		case inlineInt:
			b = numfmt.AppendInt(b, int64(mem.Load[int](p)))
		case inlineInt32:
			b = numfmt.AppendInt(b, int64(mem.Load[int32](p)))
		case inlineUint64:
			b = numfmt.AppendUint(b, mem.Load[uint64](p))
		case inlineUint:
			b = numfmt.AppendUint(b, uint64(mem.Load[uint](p)))
		case inlineUint32:
			b = numfmt.AppendUint(b, uint64(mem.Load[uint32](p)))
		case inlineBool:
			if mem.Load[bool](p) {
				b = append(b, "true"...)
			} else {
				b = append(b, "false"...)
			}
		case inlineFloat64:
			v := mem.Load[float64](p)
			if math.IsInf(v, 0) || math.IsNaN(v) {
				return b, false
			}
			b = numfmt.AppendFloat64(b, v)
		}
	}
	return append(b, ']'), true
}

// pointerElements is elements for n plain pointers at data, dereferenced
// here as pointerTo would, which saves a call per element.
func pointerElements(st *state, b []byte, target *typeEnc, data mem.Ptr, n int) ([]byte, bool) {
	b = append(b, '[')
	for i := range n {
		if i > 0 {
			b = append(b, ',')
		}
		q := mem.Deref(mem.Index(data, i, mem.WordSize))
		if q == nil {
			b = append(b, "null"...)
			continue
		}
		if st.depth >= maxDepth {
			return b, false
		}
		st.depth++
		var ok bool
		b, ok = target.fn(st, b, q)
		st.depth--
		if !ok {
			return b, false
		}
	}
	return append(b, ']'), true
}

func (c *compiler) arrayEnc(t reflect.Type) encFn {
	if t.Elem().Kind() == reflect.Uint8 {
		return unsupported // [N]byte is base64 in v2; left to it
	}
	elem := c.get(t.Elem())
	size, n := t.Elem().Size(), t.Len()
	if kind := inlineKindOf(t.Elem()); kind != inlineNone && kind != inlinePointer {
		return func(st *state, b []byte, p mem.Ptr) ([]byte, bool) {
			if n == 0 {
				return append(b, "[]"...), true
			}
			return leafElements(b, kind, p, n, size)
		}
	}
	return func(st *state, b []byte, p mem.Ptr) ([]byte, bool) {
		if n == 0 {
			return append(b, "[]"...), true
		}
		return elements(st, b, elem, p, n, size)
	}
}

func elements(st *state, b []byte, elem *typeEnc, data mem.Ptr, n int, size uintptr) ([]byte, bool) {
	b = append(b, '[')
	for i := range n {
		if i > 0 {
			b = append(b, ',')
		}
		var ok bool
		if b, ok = elem.fn(st, b, mem.Index(data, i, size)); !ok {
			return b, false
		}
	}
	return append(b, ']'), true
}

func bytesEnc(_ *state, b []byte, p mem.Ptr) ([]byte, bool) {
	data := mem.Load[[]byte](p)
	b = append(b, '"')
	b = base64.StdEncoding.AppendEncode(b, data)
	return append(b, '"'), true
}
