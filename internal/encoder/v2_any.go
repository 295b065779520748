//go:build goexperiment.jsonv2 && go1.27

package encoder

import (
	"math"
	"reflect"

	"github.com/safejson/safejson/internal/mem"
	"github.com/safejson/safejson/internal/numfmt"
	"github.com/safejson/safejson/internal/v2opts"
)

func interfaceEncV2(st *state, b []byte, p mem.Ptr) ([]byte, bool) {
	if mem.IfaceIsNil(p) {
		return append(b, "null"...), true
	}
	return st.anyValue(b, mem.Load[any](p))
}

// anyValue encodes the value of an interface. The shapes that Unmarshal
// produces into any are written without looking up their types' encoders:
// they make up generic documents.
func (st *state) anyValue(b []byte, v any) ([]byte, bool) {
	switch v := v.(type) {
	case nil:
		return append(b, "null"...), true
	case string:
		return st.quoteV2(b, v)
	case float64:
		if math.IsInf(v, 0) || math.IsNaN(v) {
			return b, false
		}
		if st.Flags&v2opts.Stringify != 0 {
			b = numfmt.AppendFloat(append(b, '"'), v, 64)
			return append(b, '"'), true
		}
		return numfmt.AppendFloat(b, v, 64), true
	case bool:
		return appendBool(b, v), true
	case map[string]any:
		return st.mapStringAny(b, v)
	case []any:
		if v == nil {
			if st.Flags&v2opts.NilSliceNull != 0 {
				return append(b, "null"...), true
			}
			return append(b, "[]"...), true
		}
		if st.depth >= maxDepthV2 {
			return b, false
		}
		st.depth++
		b = append(b, '[')
		ok := true
		for i, e := range v {
			if i > 0 {
				b = append(b, ',')
			}
			if len(b) > st.limit {
				ok = false
				break
			}
			if b, ok = st.anyValue(b, e); !ok {
				break
			}
		}
		st.depth--
		return append(b, ']'), ok
	}
	return st.otherValue(b, v)
}

// mapStringAny writes a map[string]any.
func (st *state) mapStringAny(b []byte, m map[string]any) ([]byte, bool) {
	return stringKeyed(st, b, m, (*state).anyValue)
}

// otherValue encodes an interface's value of any other type through its
// type's encoder.
func (st *state) otherValue(b []byte, v any) ([]byte, bool) {
	t := reflect.TypeOf(v)
	e := st.lastV2.Get(cacheKey{t, st.flags}, encoderOfKey)
	if !e.whole || st.depth >= maxDepthV2 || st.Flags&v2opts.MarshalFuncs != 0 && st.touchedV2(t, e) {
		return b, false
	}
	st.depth++
	b, ok := st.dynamicV2(b, t, e, mem.Word(v))
	st.depth--
	return b, ok
}
