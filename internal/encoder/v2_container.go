//go:build goexperiment.jsonv2 && go1.27

package encoder

import (
	"encoding/base64"
	"math"
	"reflect"

	"github.com/safejson/safejson/internal/mem"
	"github.com/safejson/safejson/internal/numfmt"
	"github.com/safejson/safejson/internal/wirev2"
)

// pointerTo returns the encoder of pointers to values that elem writes.
func pointerTo(elem *typeEnc) encFn {
	return func(st *state, b []byte, p mem.Ptr) ([]byte, bool) {
		q := mem.Deref(p)
		if q == nil {
			return append(b, "null"...), true
		}
		if st.depth >= maxDepthV2 {
			return b, false
		}
		st.depth++
		b, ok := elem.fn(st, b, q)
		st.depth--
		return b, ok
	}
}

var byteType = reflect.TypeFor[byte]()

func (c *compiler) sliceEncV2(t reflect.Type, f flags) encFn {
	if t.Elem() == byteType {
		return bytesEncV2(f&v2NilSliceNull != 0)
	}
	// Named byte types are numbers to v2, as other elements are.
	// The elements are written by one of three loops: pointers are
	// dereferenced and leaves written in the loop, without a call each.
	l, pointer := leafOfV2(t.Elem())
	quote := f&v2StringifyNumbers != 0 && l.isNumber()
	var elem *typeEnc
	if pointer {
		elem = c.get(t.Elem().Elem(), f&v2Mask)
	} else {
		elem = c.get(t.Elem(), f&v2Mask)
	}
	size := t.Elem().Size()
	nilNull := f&v2NilSliceNull != 0
	return func(st *state, b []byte, p mem.Ptr) ([]byte, bool) {
		data, n := mem.Slice(p)
		if n == 0 {
			if nilNull && data == nil {
				return append(b, "null"...), true
			}
			return append(b, "[]"...), true
		}
		if st.depth >= maxDepthV2 {
			return b, false
		}
		st.depth++
		var ok bool
		switch {
		case pointer:
			b, ok = pointerElements(st, b, elem, data, n)
		case quote:
			b, ok = quotedElements(st, b, l, data, n, size)
		case l != leafNone:
			start := len(b)
			if b, ok = leafElements(b, l, data, n, size, st.limit); !ok && l == leafStringV2 {
				// Not UTF-8: elem writes such strings as v2 does.
				b, ok = elementsV2(st, b[:start], elem, data, n, size)
			}
		default:
			b, ok = elementsV2(st, b, elem, data, n, size)
		}
		st.depth--
		return b, ok
	}
}

// leafElements writes n leaves of kind l at data as the struct loop writes
// such members, without a call per element. It fails once b is longer
// than limit, as the element loops below do (see OptionsV2.Limit), and on
// a string that is not UTF-8 or a float JSON cannot hold.
func leafElements(b []byte, l leaf, data mem.Ptr, n int, size uintptr, limit int) ([]byte, bool) {
	b = append(b, '[')
	for i := range n {
		if i > 0 {
			b = append(b, ',')
		}
		if len(b) > limit {
			return b, false
		}
		p := mem.Index(data, i, size)
		switch l {
		case leafStringV2:
			var ok bool
			if b, ok = wirev2.AppendQuote(b, mem.Load[string](p)); !ok {
				return b, false
			}
		case leafInt64:
			b = numfmt.AppendInt(b, mem.Load[int64](p))
		case leafInt:
			b = numfmt.AppendInt(b, int64(mem.Load[int](p)))
		case leafInt32:
			b = numfmt.AppendInt(b, int64(mem.Load[int32](p)))
		case leafUint64:
			b = numfmt.AppendUint(b, mem.Load[uint64](p))
		case leafUint:
			b = numfmt.AppendUint(b, uint64(mem.Load[uint](p)))
		case leafUint32:
			b = numfmt.AppendUint(b, uint64(mem.Load[uint32](p)))
		case leafBool:
			b = appendBool(b, mem.Load[bool](p))
		case leafFloat64:
			v := mem.Load[float64](p)
			if math.IsInf(v, 0) || math.IsNaN(v) {
				return b, false
			}
			b = numfmt.AppendFloat64(b, v)
		}
	}
	return append(b, ']'), true
}

// quotedElements is leafElements for numbers under StringifyNumbers, each
// inside quotes.
func quotedElements(st *state, b []byte, l leaf, data mem.Ptr, n int, size uintptr) ([]byte, bool) {
	b = append(b, '[')
	for i := range n {
		if i > 0 {
			b = append(b, ',')
		}
		var ok bool
		if len(b) > st.limit {
			return b, false
		} else if b, ok = appendQuotedNumber(b, mem.Index(data, i, size), l); !ok {
			return b, false
		}
	}
	return append(b, ']'), true
}

// pointerElements is elements for n plain pointers at data, dereferenced
// here as pointerTo would, which saves a call per element.
func pointerElements(st *state, b []byte, target *typeEnc, data mem.Ptr, n int) ([]byte, bool) {
	b = append(b, '[')
	if first := mem.Deref(data); target.structRuns && first != nil {
		// Pointers to structs, written by one call as a run, each one
		// level deeper. (A run starts with a struct, not a nil pointer.)
		if st.depth >= maxDepthV2 {
			return b, false
		}
		st.run = structRun{uintptr(n - 1), mem.WordSize, data}
		st.depth++
		b, ok := target.fn(st, b, first)
		st.depth--
		st.run.slots = nil // not to keep the slice from the collector
		return append(b, ']'), ok
	}
	for i := range n {
		if i > 0 {
			b = append(b, ',')
		}
		if len(b) > st.limit {
			return b, false
		}
		q := mem.Deref(mem.Index(data, i, mem.WordSize))
		if q == nil {
			b = append(b, "null"...)
			continue
		}
		if st.depth >= maxDepthV2 {
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

func (c *compiler) arrayEncV2(t reflect.Type, f flags) encFn {
	if t.Elem() == byteType {
		// base64, as a []byte; named byte types are numbers.
		n := t.Len()
		return func(_ *state, b []byte, p mem.Ptr) ([]byte, bool) {
			return appendBase64(b, mem.ByteArray(p, n)), true
		}
	}
	elem := c.get(t.Elem(), f&v2Mask)
	size, n := t.Elem().Size(), t.Len()
	if l, _ := leafOfV2(t.Elem()); l != leafNone {
		quote := f&v2StringifyNumbers != 0 && l.isNumber()
		return func(st *state, b []byte, p mem.Ptr) ([]byte, bool) {
			if n == 0 {
				return append(b, "[]"...), true
			}
			if quote {
				return quotedElements(st, b, l, p, n, size)
			}
			start := len(b)
			b, ok := leafElements(b, l, p, n, size, st.limit)
			if !ok && l == leafStringV2 {
				return elementsV2(st, b[:start], elem, p, n, size)
			}
			return b, ok
		}
	}
	return func(st *state, b []byte, p mem.Ptr) ([]byte, bool) {
		if n == 0 {
			return append(b, "[]"...), true
		}
		return elementsV2(st, b, elem, p, n, size)
	}
}

func elementsV2(st *state, b []byte, elem *typeEnc, data mem.Ptr, n int, size uintptr) ([]byte, bool) {
	b = append(b, '[')
	if elem.structRuns {
		// Structs are written by one call for the whole run, which saves
		// a call per element.
		st.run = structRun{uintptr(n - 1), size, nil}
		b, ok := elem.fn(st, b, data)
		return append(b, ']'), ok
	}
	for i := range n {
		if i > 0 {
			b = append(b, ',')
		}
		if len(b) > st.limit {
			return b, false
		}
		var ok bool
		if b, ok = elem.fn(st, b, mem.Index(data, i, size)); !ok {
			return b, false
		}
	}
	return append(b, ']'), true
}

// bytesEncV2 writes a []byte as base64, and a nil one as null with
// nilNull (FormatNilSliceAsNull).
func bytesEncV2(nilNull bool) encFn {
	return func(_ *state, b []byte, p mem.Ptr) ([]byte, bool) {
		data := mem.Load[[]byte](p)
		if nilNull && data == nil {
			return append(b, "null"...), true
		}
		return appendBase64(b, data), true
	}
}

// appendBase64 writes data as a JSON string of its base64 text.
func appendBase64(b, data []byte) []byte {
	b = append(b, '"')
	b = base64.StdEncoding.AppendEncode(b, data)
	return append(b, '"')
}
