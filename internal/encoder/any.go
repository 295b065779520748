package encoder

import (
	"encoding/json"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/safejson/safejson/internal/escape"
	"github.com/safejson/safejson/internal/mem"
)

// appendAny encodes the value of an empty interface. The shapes that
// encoding/json.Unmarshal produces into any are handled without reflection:
// they dominate generic JSON documents.
func (st *state) appendAny(b []byte, x any) ([]byte, error) {
	switch v := x.(type) {
	case nil:
		return append(b, "null"...), nil
	case string:
		return escape.AppendString(b, v, st.mode), nil
	case float64:
		if math.IsInf(v, 0) || math.IsNaN(v) {
			return b, &json.UnsupportedValueError{Value: reflect.ValueOf(v), Str: strconv.FormatFloat(v, 'g', -1, 64)}
		}
		return appendFloat(b, v, 64), nil
	case bool:
		if v {
			return append(b, "true"...), nil
		}
		return append(b, "false"...), nil
	case map[string]any:
		return st.appendMapStringAny(b, v)
	case []any:
		return st.appendSliceAny(b, v)
	}
	return st.encodeDynamic(b, reflect.TypeOf(x), mem.Word(x))
}

type keyValue struct {
	key string
	val any
}

var (
	mapStringAnyType = reflect.TypeFor[map[string]any]()
	sliceAnyType     = reflect.TypeFor[[]any]()
)

// appendMapStringAny follows encoding/json's order of work exactly (sort the
// keys, then encode each value), so it needs no error re-run.
func (st *state) appendMapStringAny(b []byte, m map[string]any) ([]byte, error) {
	if m == nil {
		return append(b, "null"...), nil
	}
	var seen any
	if st.ptrLevel++; st.ptrLevel > startDetectingCyclesAfter {
		rv := reflect.ValueOf(m)
		seen = mem.SeenKey(rv)
		if err := st.enterValue(seen, rv, mapStringAnyType); err != nil {
			return b, err
		}
	}
	base := len(st.kvs)
	for k, v := range m {
		st.kvs = append(st.kvs, keyValue{k, v})
	}
	kvs := st.kvs[base:]
	slices.SortFunc(kvs, func(x, y keyValue) int { return strings.Compare(x.key, y.key) })
	b = append(b, '{')
	var err error
	for i := base; i < len(st.kvs) && err == nil; i++ {
		if i > base {
			b = append(b, ',')
		}
		kv := st.kvs[i]
		b = escape.AppendString(b, kv.key, st.mode)
		b = append(b, ':')
		b, err = st.appendAny(b, kv.val)
	}
	clear(st.kvs[base:])
	st.kvs = st.kvs[:base]
	st.leave(seen)
	if err != nil {
		return b, err
	}
	return append(b, '}'), nil
}

func (st *state) appendSliceAny(b []byte, s []any) ([]byte, error) {
	if s == nil {
		return append(b, "null"...), nil
	}
	var seen any
	if st.ptrLevel++; st.ptrLevel > startDetectingCyclesAfter {
		rv := reflect.ValueOf(s)
		seen = seenSlice{mem.SeenKey(rv), len(s)}
		if err := st.enterValue(seen, rv, sliceAnyType); err != nil {
			return b, err
		}
	}
	b = append(b, '[')
	var err error
	for i, x := range s {
		if i > 0 {
			b = append(b, ',')
		}
		if b, err = st.appendAny(b, x); err != nil {
			break
		}
	}
	st.leave(seen)
	if err != nil {
		return b, err
	}
	return append(b, ']'), nil
}
