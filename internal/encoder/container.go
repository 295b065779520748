package encoder

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"math"
	"reflect"

	"github.com/safejson/safejson/internal/escape"
	"github.com/safejson/safejson/internal/mem"
	"github.com/safejson/safejson/internal/numfmt"
	"github.com/safejson/safejson/internal/semantics"
)

func (c *compiler) sliceEnc(t reflect.Type) encFn {
	et := t.Elem()
	if et.Kind() == reflect.Uint8 {
		if !hasMarshaler(reflect.PointerTo(et)) {
			return bytesEnc
		}
	}
	// Slice elements are always addressable.
	elem := c.get(et, addressable)
	size := et.Size()
	return func(st *state, b []byte, p mem.Ptr) ([]byte, bool) {
		if mem.SliceIsNil(p) {
			return append(b, "null"...), true
		}
		data, n := mem.Slice(p)
		if n == 0 {
			// Nothing in it can lead back to it: no cycle accounting.
			return append(b, "[]"...), true
		}
		var key any
		if st.ptrLevel++; st.ptrLevel > startDetectingCyclesAfter {
			key = seenSlice{mem.SeenKey(mem.Value(t, p)), n}
			if err := st.enter(key, t, p); err != nil {
				return b, st.fail(err)
			}
		}
		b, ok := appendElems(st, b, data, n, size, elem)
		st.leave(key)
		return b, ok
	}
}

func appendElems(st *state, b []byte, data mem.Ptr, n int, size uintptr, elem *typeEnc) ([]byte, bool) {
	if elem.leaf.inlineElems() {
		b, bad := appendLeafElems(st, b, data, n, size, elem.leaf)
		switch {
		case bad == leavesWritten:
			return b, true
		case bad == leavesTooLong:
			return b, st.fail(errTooLong)
		}
		// The element's encoder reports the float JSON cannot hold.
		return elem.fn(st, b, mem.Index(data, bad, size))
	}
	b = append(b, '[')
	var ok bool
	if pe := elem.ptrElem; pe != nil {
		var first mem.Ptr
		if pe.structRuns && n > 0 && st.ptrLevel < startDetectingCyclesAfter {
			first = mem.Deref(data)
		}
		if first != nil {
			// Pointers to structs, written by one call as a run: as
			// derefElem would, each one level deeper. (A run starts with
			// a struct, not a nil pointer.)
			st.run = structRun{uintptr(n - 1), size, data}
			st.ptrLevel++
			b, ok = pe.fn(st, b, first)
			st.ptrLevel--
			st.run.slots = nil // not to keep the slice from the collector
			if !ok {
				return b, false
			}
			return append(b, ']'), true
		}
		for i := range n {
			if i > 0 {
				b = append(b, ',')
			}
			if len(b) > st.limit {
				return b, st.fail(errTooLong)
			}
			if b, ok = derefElem(st, b, mem.Index(data, i, size), elem); !ok {
				return b, false
			}
		}
		return append(b, ']'), true
	}
	if elem.structRuns && n > 0 {
		// Structs are written by one call for the whole run, which saves a
		// call per element: most of the cost of a small struct.
		st.run = structRun{uintptr(n - 1), size, nil}
		if b, ok = elem.fn(st, b, data); !ok {
			return b, false
		}
		return append(b, ']'), true
	}
	for i := range n {
		if i > 0 {
			b = append(b, ',')
		}
		if len(b) > st.limit {
			return b, st.fail(errTooLong)
		}
		p := mem.Index(data, i, size)
		if elem.leaf != leafNone {
			if b, ok = appendLeaf(st, b, p, elem.leaf); ok {
				continue
			}
		}
		if b, ok = elem.fn(st, b, p); !ok {
			return b, false
		}
	}
	return append(b, ']'), true
}

func bytesEnc(st *state, b []byte, p mem.Ptr) ([]byte, bool) {
	s := mem.Load[[]byte](p)
	if s == nil {
		return append(b, "null"...), true
	}
	b = append(b, '"')
	start := len(b)
	b = base64.StdEncoding.AppendEncode(b, s)
	if st.mode == escape.Script {
		b = escapeSlashes(b, start)
	}
	return append(b, '"'), true
}

// escapeSlashes writes each '/' in b[start:] as `\/`: ScriptSafe escapes
// '/' in every string, base64 text included.
func escapeSlashes(b []byte, start int) []byte {
	n := bytes.Count(b[start:], []byte{'/'})
	if n == 0 {
		return b
	}
	end := len(b)
	b = append(b, make([]byte, n)...)
	for i, j := end-1, len(b)-1; i >= start; i, j = i-1, j-1 {
		b[j] = b[i]
		if b[i] == '/' {
			j--
			b[j] = '\\'
		}
	}
	return b
}

func (c *compiler) arrayEnc(t reflect.Type, f flags) encFn {
	elem := c.get(t.Elem(), f&addressable)
	size := t.Elem().Size()
	n := t.Len()
	return func(st *state, b []byte, p mem.Ptr) ([]byte, bool) {
		if !semantics.OnV2 {
			return appendElems(st, b, p, n, size, elem)
		}
		st.nest++
		b, ok := appendElems(st, b, p, n, size, elem)
		st.nest--
		return b, ok
	}
}

// derefElem encodes the value at p, of a plain pointer type e, the way
// ptrEnc does, without the call to e.fn while cycle detection is off.
func derefElem(st *state, b []byte, p mem.Ptr, e *typeEnc) ([]byte, bool) {
	w := mem.Deref(p)
	if w == nil {
		return append(b, "null"...), true
	}
	if st.ptrLevel >= startDetectingCyclesAfter {
		return e.fn(st, b, p)
	}
	st.ptrLevel++
	b, ok := e.ptrElem.fn(st, b, w)
	st.ptrLevel--
	return b, ok
}

func ptrEnc(t reflect.Type, elem *typeEnc) encFn {
	return func(st *state, b []byte, p mem.Ptr) ([]byte, bool) {
		w := mem.Deref(p)
		if w == nil {
			return append(b, "null"...), true
		}
		var key any
		if st.ptrLevel++; st.ptrLevel > startDetectingCyclesAfter {
			key = mem.Addr(t.Elem(), w).Interface()
			if err := st.enter(key, t, p); err != nil {
				return b, st.fail(err)
			}
		}
		b, ok := elem.fn(st, b, w)
		st.leave(key)
		return b, ok
	}
}

// seenSlice identifies a slice for cycle detection, as encoding/json does:
// by its first element and its length.
type seenSlice struct {
	data any
	n    int
}

// enter records a pointer, map or slice on the current path and reports a
// cycle if it is already there.
func (st *state) enter(key any, t reflect.Type, p mem.Ptr) error {
	if _, ok := st.ptrSeen[key]; ok {
		return st.enterValue(key, mem.Value(t, p), t)
	}
	return st.enterValue(key, reflect.Value{}, t)
}

// enterValue is enter for a value already held as a reflect.Value.
func (st *state) enterValue(key any, v reflect.Value, t reflect.Type) error {
	st.deep = true
	if _, ok := st.ptrSeen[key]; ok {
		st.ptrLevel--
		if semantics.OnV2 {
			v = reflect.Value{} // v2's cycle error holds no value
		}
		return &json.UnsupportedValueError{Value: v, Str: fmt.Sprintf("encountered a cycle via %s", t)}
	}
	if st.ptrSeen == nil {
		st.ptrSeen = map[any]struct{}{}
	}
	st.ptrSeen[key] = struct{}{}
	return nil
}

// leave undoes enter and the level increment, also on error paths, so that
// a retry after an error sees a consistent state.
func (st *state) leave(key any) {
	if key != nil {
		delete(st.ptrSeen, key)
	}
	st.ptrLevel--
}

func ifaceEnc(t reflect.Type) encFn {
	if t.NumMethod() == 0 {
		return func(st *state, b []byte, p mem.Ptr) ([]byte, bool) {
			return st.appendAny(b, mem.Load[any](p))
		}
	}
	pt := mem.PtrTypeOf(t)
	return func(st *state, b []byte, p mem.Ptr) ([]byte, bool) {
		if mem.IfaceIsNil(p) {
			return append(b, "null"...), true
		}
		return st.encodeDynamic(b, pt.ValueAt(p).Elem().Type(), mem.IfaceWord(p))
	}
}

// encodeDynamic encodes the value held by an interface: its dynamic type and
// data word. Interface contents are never addressable.
func (st *state) encodeDynamic(b []byte, t reflect.Type, word mem.Ptr) ([]byte, bool) {
	// Pooled states stay with one P, whose calls tend to repeat a type:
	// remembering the last one skips the cache lookup.
	e := st.lastEnc
	if id := mem.TypeIDOfType(t); id != st.lastType {
		e = encoderOf(t, 0)
		st.lastType, st.lastEnc = id, e
	}
	return st.encodeWith(b, e, word)
}

// encodeWith runs e, the encoder of an interface's dynamic type, on the
// interface's data word.
func (st *state) encodeWith(b []byte, e *typeEnc, word mem.Ptr) ([]byte, bool) {
	if !e.direct {
		if semantics.OnV2 {
			// Values nested through interfaces, which no pointer, map or
			// slice of their own counts, also take the output to the
			// depth at which v2's limit is checked (see state.deep).
			if st.boxed++; st.boxed > startDetectingCyclesAfter {
				st.deep = true
			}
			b, ok := e.fn(st, b, word)
			st.boxed--
			return b, ok
		}
		return e.fn(st, b, word)
	}
	if e.ptrElem != nil && word != nil && st.ptrLevel < startDetectingCyclesAfter {
		// A plain pointer, the usual argument to Marshal: its word is the
		// pointer itself, so no slot is needed to dereference it.
		st.ptrLevel++
		b, ok := e.ptrElem.fn(st, b, word)
		st.ptrLevel--
		return b, ok
	}
	slot := st.slots.Push(word)
	b, ok := e.fn(st, b, slot)
	st.slots.Pop()
	return b, ok
}

// appendLeafElems writes the array of the n elements at data, size bytes
// apart, of a leaf kind for which inlineElems is true, each inline: the
// loop of coordinate arrays, numeric series and lists of names. bad is the
// index of an element holding a float JSON cannot represent, or
// leavesWritten, or leavesTooLong where the text passed the call's limit.
func appendLeafElems(st *state, b []byte, data mem.Ptr, n int, size uintptr, l leaf) (_ []byte, bad int) {
	if n > leafRun {
		return appendLongLeafElems(st, b, data, n, size, l)
	}
	b = append(b, '[')
	switch l {
	case leafFloat64:
		for i := range n {
			if i > 0 {
				b = append(b, ',')
			}
			f := mem.Load[float64](mem.Index(data, i, size))
			if math.IsInf(f, 0) || math.IsNaN(f) {
				return b, i
			}
			b = numfmt.AppendFloat64(b, f)
		}
	case leafString:
		for i := range n {
			if i > 0 {
				b = append(b, ',')
			}
			b = escape.AppendString(b, mem.Load[string](mem.Index(data, i, size)), st.mode)
		}
	case leafInt64, leafInt, leafInt32:
		// Signed integers of 8 or 4 bytes (int is one or the other).
		for i := range n {
			if i > 0 {
				b = append(b, ',')
			}
			p := mem.Index(data, i, size)
			var v int64
			if size == 8 {
				v = mem.Load[int64](p)
			} else {
				v = int64(mem.Load[int32](p))
			}
			b = numfmt.AppendInt(b, v)
		}
	case leafUint64, leafUint, leafUint32:
		for i := range n {
			if i > 0 {
				b = append(b, ',')
			}
			p := mem.Index(data, i, size)
			var v uint64
			if size == 8 {
				v = mem.Load[uint64](p)
			} else {
				v = uint64(mem.Load[uint32](p))
			}
			b = numfmt.AppendUint(b, v)
		}
	default:
		// Slices of leaf slices, such as the rings of points of GeoJSON.
		e := sliceElems[l]
		for i := range n {
			if i > 0 {
				b = append(b, ',')
			}
			p := mem.Index(data, i, size)
			if mem.SliceIsNil(p) {
				b = append(b, "null"...)
				continue
			}
			d, m := mem.Slice(p)
			var inner int
			if b, inner = appendLeafElems(st, b, d, m, e.size, e.leaf); inner == leavesTooLong {
				return b, leavesTooLong
			} else if inner != leavesWritten {
				return b, i
			}
		}
	}
	return append(b, ']'), leavesWritten
}

// What appendLeafElems reports other than the index of a bad element.
const (
	leavesWritten = -1
	leavesTooLong = -2
)

// leafRun is the length of the runs in which appendLongLeafElems writes a
// long array: up to leafRun elements go without a check of the call's
// limit (the caller checks before the array), so that the short arrays of
// points and names, the most common, take no more than one comparison.
const leafRun = 256

// appendLongLeafElems is appendLeafElems for an array of more than
// leafRun elements: it writes runs of leafRun elements as arrays, joined
// into one, and checks the call's limit before each.
func appendLongLeafElems(st *state, b []byte, data mem.Ptr, n int, size uintptr, l leaf) (_ []byte, bad int) {
	for from := 0; from < n; from += leafRun {
		if len(b) > st.limit {
			return b, leavesTooLong
		}
		at := len(b)
		if b, bad = appendLeafElems(st, b, mem.Index(data, from, size), min(leafRun, n-from), size, l); bad != leavesWritten {
			if bad >= 0 {
				bad += from
			}
			return b, bad
		}
		if from > 0 {
			b[at] = ','
		}
		if from+leafRun < n {
			b = b[:len(b)-1]
		}
	}
	return b, leavesWritten
}
