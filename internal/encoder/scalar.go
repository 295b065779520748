package encoder

import (
	"encoding/json"
	"math"
	"reflect"
	"strconv"

	"github.com/safejson/safejson/internal/escape"
	"github.com/safejson/safejson/internal/grammar"
	"github.com/safejson/safejson/internal/mem"
	"github.com/safejson/safejson/internal/numfmt"
	"github.com/safejson/safejson/internal/semantics"
)

// scalarEnc returns the encoder of a bool or number kind t, within quotes
// for q (the `string` option), or nil for other kinds. Both presets write
// these kinds alike.
func scalarEnc(t reflect.Type, q bool) encFn {
	switch t.Kind() {
	case reflect.Bool:
		return boolEnc(q)
	case reflect.Int:
		return intEnc[int](q)
	case reflect.Int8:
		return intEnc[int8](q)
	case reflect.Int16:
		return intEnc[int16](q)
	case reflect.Int32:
		return intEnc[int32](q)
	case reflect.Int64:
		return intEnc[int64](q)
	case reflect.Uint:
		return uintEnc[uint](q)
	case reflect.Uint8:
		return uintEnc[uint8](q)
	case reflect.Uint16:
		return uintEnc[uint16](q)
	case reflect.Uint32:
		return uintEnc[uint32](q)
	case reflect.Uint64:
		return uintEnc[uint64](q)
	case reflect.Uintptr:
		return uintEnc[uintptr](q)
	case reflect.Float32:
		return float32Enc(t, q)
	case reflect.Float64:
		return float64Enc(t, q)
	}
	return nil
}

func boolEnc(q bool) encFn {
	if q {
		return func(st *state, b []byte, p mem.Ptr) ([]byte, bool) {
			if mem.Load[bool](p) {
				return append(b, `"true"`...), true
			}
			return append(b, `"false"`...), true
		}
	}
	return func(st *state, b []byte, p mem.Ptr) ([]byte, bool) {
		return appendBool(b, mem.Load[bool](p)), true
	}
}

// appendBool writes v as JSON's true or false.
func appendBool(b []byte, v bool) []byte {
	if v {
		return append(b, "true"...)
	}
	return append(b, "false"...)
}

type signed interface {
	~int | ~int8 | ~int16 | ~int32 | ~int64
}

type unsigned interface {
	~uint | ~uint8 | ~uint16 | ~uint32 | ~uint64 | ~uintptr
}

func intEnc[T signed](q bool) encFn {
	if q {
		return func(st *state, b []byte, p mem.Ptr) ([]byte, bool) {
			b = append(b, '"')
			b = numfmt.AppendInt(b, int64(mem.Load[T](p)))
			return append(b, '"'), true
		}
	}
	return func(st *state, b []byte, p mem.Ptr) ([]byte, bool) {
		return numfmt.AppendInt(b, int64(mem.Load[T](p))), true
	}
}

func uintEnc[T unsigned](q bool) encFn {
	if q {
		return func(st *state, b []byte, p mem.Ptr) ([]byte, bool) {
			b = append(b, '"')
			b = numfmt.AppendUint(b, uint64(mem.Load[T](p)))
			return append(b, '"'), true
		}
	}
	return func(st *state, b []byte, p mem.Ptr) ([]byte, bool) {
		return numfmt.AppendUint(b, uint64(mem.Load[T](p))), true
	}
}

func float64Enc(t reflect.Type, q bool) encFn {
	return func(st *state, b []byte, p mem.Ptr) ([]byte, bool) {
		f := mem.Load[float64](p)
		if math.IsInf(f, 0) || math.IsNaN(f) {
			return b, st.fail(unsupportedFloat(t, p, f, 64))
		}
		if q {
			b = append(b, '"')
			b = numfmt.AppendFloat(b, f, 64)
			return append(b, '"'), true
		}
		return numfmt.AppendFloat(b, f, 64), true
	}
}

func float32Enc(t reflect.Type, q bool) encFn {
	return func(st *state, b []byte, p mem.Ptr) ([]byte, bool) {
		f := float64(mem.Load[float32](p))
		if math.IsInf(f, 0) || math.IsNaN(f) {
			return b, st.fail(unsupportedFloat(t, p, f, 32))
		}
		if q {
			b = append(b, '"')
			b = numfmt.AppendFloat(b, f, 32)
			return append(b, '"'), true
		}
		return numfmt.AppendFloat(b, f, 32), true
	}
}

func unsupportedFloat(t reflect.Type, p mem.Ptr, f float64, bits int) error {
	return &json.UnsupportedValueError{Value: mem.Value(t, p), Str: strconv.FormatFloat(f, 'g', -1, bits)}
}

func stringEnc(q bool) encFn {
	if q {
		return func(st *state, b []byte, p mem.Ptr) ([]byte, bool) {
			// `,string` quotes the already quoted string. The outer pass only
			// needs to escape what the inner one wrote. In Script mode the
			// inner text is encoding/json's (HTML mode) and the outer pass
			// escapes its '/', so the result is encoding/json's with every
			// '/' as \/, and the quoted text inside is encoding/json's.
			inner, outer := st.mode, escape.Plain
			if st.mode == escape.Script {
				inner, outer = escape.HTML, escape.Script
			}
			st.tmp = escape.AppendString(st.tmp[:0], mem.Load[string](p), inner)
			return escape.AppendBytes(b, st.tmp, outer), true
		}
	}
	return func(st *state, b []byte, p mem.Ptr) ([]byte, bool) {
		return escape.AppendString(b, mem.Load[string](p), st.mode), true
	}
}

func numberEnc(q bool) encFn {
	return func(st *state, b []byte, p mem.Ptr) ([]byte, bool) {
		s := mem.Load[string](p)
		if s == "" {
			s = "0" // encoding/json has written the zero Number as 0 since Go 1.5
		}
		if !grammar.IsNumber([]byte(s)) {
			return b, st.fail(numberError(s, q))
		}
		if q {
			b = append(b, '"')
			b = append(b, s...)
			return append(b, '"'), true
		}
		return append(b, s...), true
	}
}

// numberError is the error for a Number that is not a JSON number literal
// s, under the `,string` option when quoted: in Go 1.27 the failure of
// Number's MarshalJSONTo method, which sees the quoted text.
func numberError(s string, quoted bool) error {
	if !semantics.OnV2 {
		return semantics.NumberError(s)
	}
	if quoted {
		s = `"` + s + `"`
	}
	return mem.NewMarshalerError(reflect.PointerTo(numberType), semantics.NumberError(s), "MarshalJSONTo")
}
