package encoder

import (
	"math"
	"reflect"

	"github.com/safejson/safejson/internal/escape"
	"github.com/safejson/safejson/internal/mem"
	"github.com/safejson/safejson/internal/numfmt"
)

// The maps below are iterated as typed Go maps of their layout: reflect's
// iterator costs more than the rest of such an entry.

// intStringsEnc returns the writer of map type t, whose keys are integers
// and values strings without methods, for its key kind.
func intStringsEnc(t reflect.Type) func(*state, []byte, mem.Ptr) ([]byte, bool) {
	switch t.Key().Kind() {
	case reflect.Int:
		return intStrings[int](t)
	case reflect.Int8:
		return intStrings[int8](t)
	case reflect.Int16:
		return intStrings[int16](t)
	case reflect.Int32:
		return intStrings[int32](t)
	case reflect.Int64:
		return intStrings[int64](t)
	case reflect.Uint:
		return intStrings[uint](t)
	case reflect.Uint8:
		return intStrings[uint8](t)
	case reflect.Uint16:
		return intStrings[uint16](t)
	case reflect.Uint32:
		return intStrings[uint32](t)
	case reflect.Uint64:
		return intStrings[uint64](t)
	}
	return intStrings[uintptr](t)
}

func intStrings[K mem.Integer](t reflect.Type) func(*state, []byte, mem.Ptr) ([]byte, bool) {
	return func(st *state, b []byte, p mem.Ptr) ([]byte, bool) {
		return appendIntStringMap(st, b, mem.IntStringMap[K](t, p))
	}
}

// appendIntStringMap writes a map of integer keys and string values as
// encodeEntries would.
func appendIntStringMap[K mem.Integer](st *state, b []byte, m map[K]string) ([]byte, bool) {
	if len(m) == 0 {
		return append(b, "{}"...), true
	}
	b = append(b, '{')
	base := len(b)
	e0, k0 := len(st.entries), len(st.keys)
	for k, v := range m {
		if len(b) > st.limit {
			st.entries, st.keys = st.entries[:e0], st.keys[:k0]
			return b, st.fail(errTooLong)
		}
		ks := len(st.keys)
		if k < 0 {
			st.keys = numfmt.AppendInt(st.keys, int64(k))
		} else {
			st.keys = numfmt.AppendUint(st.keys, uint64(k))
		}
		start := len(b)
		b = append(b, '"')
		b = append(b, st.keys[ks:]...)
		b = append(b, '"', ':')
		b = escape.AppendString(b, v, st.mode)
		hi, lo := keyPrefix(st.keys[ks:])
		st.entries = append(st.entries, mapEntry{hi, lo, ks, len(st.keys), start, len(b)})
	}
	b = st.joinEntries(b, base, st.entries[e0:], false)
	st.entries, st.keys = st.entries[:e0], st.keys[:k0]
	return append(b, '}'), true
}

// scalarsEnc returns the writer of map type t, whose keys are plain strings
// and values of the plain scalar leaf kind l, or nil where l is not one.
func scalarsEnc(t reflect.Type, l leaf) func(*state, []byte, mem.Ptr) ([]byte, bool) {
	switch l {
	case leafBool:
		return scalars[uint8](t, l)
	case leafInt32, leafUint32:
		return scalars[uint32](t, l)
	case leafInt, leafUint:
		return scalars[uint](t, l)
	case leafInt64, leafUint64, leafFloat64:
		return scalars[uint64](t, l)
	}
	return nil
}

func scalars[V mem.Bits](t reflect.Type, l leaf) func(*state, []byte, mem.Ptr) ([]byte, bool) {
	return func(st *state, b []byte, p mem.Ptr) ([]byte, bool) {
		return appendScalarMap(st, b, mem.ScalarMap[V](t, p), l)
	}
}

// appendScalarMap writes a map of plain string keys and values of leaf
// kind l, read as their bits, in key order as encodeInOrder would. A float
// JSON cannot represent fails with no error: the exact re-run reports it
// as encoding/json does (see encodeAny).
func appendScalarMap[V mem.Bits](st *state, b []byte, m map[string]V, l leaf) (_ []byte, ok bool) {
	base, e0, k0 := len(st.bitKVs), len(st.entries), len(st.keys)
	for k, v := range m {
		st.bitKVs = append(st.bitKVs, keyed[uint64]{k, uint64(v)})
	}
	kvs := st.bitKVs[base:]
	order := sortByKey(st, kvs)
	b = append(b, '{')
	ok = true
	for i := range kvs {
		if len(b) > st.limit {
			ok = st.fail(errTooLong)
			break
		}
		kv := inOrder(kvs, order, i)
		b = st.appendMemberName(b, i, kv.key)
		if b, ok = appendScalar(b, kv.val, l); !ok {
			st.retryExact = true
			break
		}
	}
	st.entries, st.keys = st.entries[:e0], st.keys[:k0]
	clear(kvs)
	st.bitKVs = st.bitKVs[:base]
	if !ok {
		return b, false
	}
	return append(b, '}'), true
}

// appendScalar writes the bits x of a value of the plain scalar leaf kind
// l, zero-extended from its size; ok is false for a float JSON cannot
// represent.
func appendScalar(b []byte, x uint64, l leaf) ([]byte, bool) {
	switch l {
	case leafBool:
		return appendBool(b, x != 0), true
	case leafInt:
		return numfmt.AppendInt(b, int64(int(uint(x)))), true
	case leafInt64:
		return numfmt.AppendInt(b, int64(x)), true
	case leafInt32:
		return numfmt.AppendInt(b, int64(int32(uint32(x)))), true
	case leafFloat64:
		f := math.Float64frombits(x)
		if math.IsInf(f, 0) || math.IsNaN(f) {
			return b, false
		}
		return numfmt.AppendFloat(b, f, 64), true
	}
	return numfmt.AppendUint(b, x), true
}
