package encoder

import (
	"math"
	"reflect"

	"github.com/safejson/safejson/internal/escape"
	"github.com/safejson/safejson/internal/mem"
	"github.com/safejson/safejson/internal/numfmt"
)

// leaf names the plain scalar encoders that struct and slice loops run
// inline instead of through an indirect call: a type with no marshaler, no
// `,string` option, and one of these kinds, or a slice of leafString
// elements (leafStrings: no element can lead back to it, so it needs no
// cycle accounting), or likewise of leafInt64, leafInt or leafFloat64
// elements (leafInt64s, leafInts, leafFloat64s).
type leaf uint8

const (
	leafNone leaf = iota
	leafString
	leafBool
	leafInt
	leafInt64
	leafInt32
	leafUint
	leafUint64
	leafUint32
	leafFloat64
	// leafStringV2: a string as the v2 preset quotes it, or, not UTF-8,
	// left to its encoder (wirev2.AppendQuote).
	leafStringV2
	leafStrings
	leafInt64s
	leafInts
	leafFloat64s
	leafKinds // the number of leaf kinds
)

func leafOf(t reflect.Type, f flags) leaf {
	if f&quoted != 0 || t == numberType || hasMarshaler(t) {
		return leafNone
	}
	if f&addressable != 0 && hasMarshaler(reflect.PointerTo(t)) {
		return leafNone
	}
	switch t.Kind() {
	case reflect.String:
		return leafString
	case reflect.Bool:
		return leafBool
	case reflect.Int:
		return leafInt
	case reflect.Int64:
		return leafInt64
	case reflect.Int32:
		return leafInt32
	case reflect.Uint:
		return leafUint
	case reflect.Uint64:
		return leafUint64
	case reflect.Uint32:
		return leafUint32
	case reflect.Float64:
		return leafFloat64
	case reflect.Slice:
		switch et := t.Elem(); {
		case et.Kind() == reflect.String && leafOf(et, addressable) == leafString:
			return leafStrings
		case et.Kind() == reflect.Int64 && leafOf(et, addressable) == leafInt64:
			return leafInt64s
		case et.Kind() == reflect.Int && leafOf(et, addressable) == leafInt:
			return leafInts
		case et.Kind() == reflect.Float64 && leafOf(et, addressable) == leafFloat64:
			return leafFloat64s
		}
	}
	return leafNone
}

// sliceElems holds the element kind and size of each leaf slice kind.
var sliceElems = [...]struct {
	leaf leaf
	size uintptr
}{
	leafStrings:  {leafString, reflect.TypeFor[string]().Size()},
	leafInt64s:   {leafInt64, 8},
	leafInts:     {leafInt, reflect.TypeFor[int]().Size()},
	leafFloat64s: {leafFloat64, 8},
}

// inlineElems reports whether appendLeafElems writes arrays of l inline.
func (l leaf) inlineElems() bool {
	switch l {
	case leafFloat64, leafString, leafInt64, leafInt, leafInt32, leafUint, leafUint64, leafUint32,
		leafStrings, leafInt64s, leafInts, leafFloat64s:
		return true
	}
	return false
}

// isNumber reports whether l is a number, which the `string` option and
// StringifyNumbers write inside quotes.
func (l leaf) isNumber() bool {
	switch l {
	case leafInt, leafInt64, leafInt32, leafUint, leafUint64, leafUint32, leafFloat64:
		return true
	}
	return false
}

// appendQuotedNumber writes the number leaf of kind l at p between quotes,
// as the `string` option and StringifyNumbers write it, or reports false,
// b as it was, for a float64 that JSON cannot represent.
func appendQuotedNumber(b []byte, p mem.Ptr, l leaf) ([]byte, bool) {
	b = append(b, '"')
	switch l {
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
	default:
		f := mem.Load[float64](p)
		if math.IsInf(f, 0) || math.IsNaN(f) {
			return b[:len(b)-1], false
		}
		b = numfmt.AppendFloat64(b, f)
	}
	return append(b, '"'), true
}

// appendLeaf writes a leaf value. ok is false for a float64 that JSON
// cannot represent, or a slice whose text passes the call's limit; the
// caller then runs the type's encoder for the error.
func appendLeaf(st *state, b []byte, p mem.Ptr, l leaf) (_ []byte, ok bool) {
	switch l {
	case leafString:
		return escape.AppendString(b, mem.Load[string](p), st.mode), true
	case leafBool:
		return appendBool(b, mem.Load[bool](p)), true
	case leafInt:
		return numfmt.AppendInt(b, int64(mem.Load[int](p))), true
	case leafInt64:
		return numfmt.AppendInt(b, mem.Load[int64](p)), true
	case leafInt32:
		return numfmt.AppendInt(b, int64(mem.Load[int32](p))), true
	case leafUint:
		return numfmt.AppendUint(b, uint64(mem.Load[uint](p))), true
	case leafUint64:
		return numfmt.AppendUint(b, mem.Load[uint64](p)), true
	case leafUint32:
		return numfmt.AppendUint(b, uint64(mem.Load[uint32](p))), true
	case leafFloat64:
		f := mem.Load[float64](p)
		if math.IsInf(f, 0) || math.IsNaN(f) {
			return b, false
		}
		return numfmt.AppendFloat(b, f, 64), true
	case leafStrings, leafInt64s, leafInts, leafFloat64s:
		if mem.SliceIsNil(p) {
			return append(b, "null"...), true
		}
		data, n := mem.Slice(p)
		e := sliceElems[l]
		out, bad := appendLeafElems(st, b, data, n, e.size, e.leaf)
		return out, bad == leavesWritten
	}
	return b, false
}
