//go:build goexperiment.jsonv2 && go1.27

package encoder

import (
	"math"
	"reflect"

	"github.com/safejson/safejson/internal/mem"
	"github.com/safejson/safejson/internal/numfmt"
)

func interfaceEncV2(st *state, b []byte, p mem.Ptr) ([]byte, error) {
	if mem.IfaceIsNil(p) {
		return append(b, "null"...), nil
	}
	return st.anyValue(b, mem.Load[any](p))
}

// anyValue encodes the value of an interface. The shapes that Unmarshal
// produces into any are written without looking up their types' encoders:
// they make up generic documents.
func (st *state) anyValue(b []byte, v any) ([]byte, error) {
	switch v := v.(type) {
	case nil:
		return append(b, "null"...), nil
	case string:
		return quoteV2(b, v)
	case float64:
		if math.IsInf(v, 0) || math.IsNaN(v) {
			return b, errToStd
		}
		if st.StringifyNumbers {
			b = numfmt.AppendFloat(append(b, '"'), v, 64)
			return append(b, '"'), nil
		}
		return numfmt.AppendFloat(b, v, 64), nil
	case bool:
		if v {
			return append(b, "true"...), nil
		}
		return append(b, "false"...), nil
	case map[string]any:
		return st.mapStringAny(b, v)
	case []any:
		if v == nil {
			if st.NilSliceAsNull {
				return append(b, "null"...), nil
			}
			return append(b, "[]"...), nil
		}
		if st.depth >= maxDepthV2 {
			return b, errToStd
		}
		st.depth++
		b = append(b, '[')
		var err error
		for i, e := range v {
			if i > 0 {
				b = append(b, ',')
			}
			if b, err = st.anyValue(b, e); err != nil {
				break
			}
		}
		st.depth--
		return append(b, ']'), err
	}
	return st.otherValue(b, v)
}

// mapStringAny writes a map[string]any.
func (st *state) mapStringAny(b []byte, m map[string]any) ([]byte, error) {
	return stringKeyed(st, b, m, (*state).anyValue)
}

// otherValue encodes an interface's value of any other type through its
// type's encoder.
func (st *state) otherValue(b []byte, v any) ([]byte, error) {
	t := reflect.TypeOf(v)
	e := st.lastV2.Get(cacheKey{t, st.flags}, encoderOfKey)
	if !e.whole || st.depth >= maxDepthV2 {
		return b, errToStd
	}
	st.depth++
	b, err := st.dynamicV2(b, t, e, mem.Word(v))
	st.depth--
	return b, err
}
