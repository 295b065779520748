package encoder

import (
	"encoding"
	"encoding/json"
	"errors"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/safejson/safejson/internal/mem"
	"github.com/safejson/safejson/internal/numfmt"
	"github.com/safejson/safejson/internal/semantics"
)

// Maps whose keys Go 1.26's encoding/json rejects by type (floats, bools,
// structs, arrays, pointers, interfaces...) are written in Go 1.27 as v2
// writes them: each key as v2 would write it as an object member name,
// failing only when the map has such a key. Only built when
// semantics.OnV2.

// onV2OnlyKey reports whether map keys of type kt are left to mapEncOnV2.
func onV2OnlyKey(kt reflect.Type) bool {
	switch kt.Kind() {
	case reflect.String,
		reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return false
	}
	return !keyHasText(kt)
}

func (c *compiler) mapEncOnV2(t reflect.Type, elemFlags flags) encFn {
	elem := c.get(t.Elem(), elemFlags)
	pt := mem.PtrTypeOf(t)
	return func(st *state, b []byte, p mem.Ptr) ([]byte, bool) {
		m := pt.ValueAt(p)
		if m.IsNil() {
			return append(b, "null"...), true
		}
		if m.Len() == 0 {
			return append(b, "{}"...), true
		}
		var seen any
		if st.ptrLevel++; st.ptrLevel > startDetectingCyclesAfter {
			seen = mem.SeenKey(m)
			if err := st.enter(seen, t, p); err != nil {
				return b, st.fail(err)
			}
		}
		defer st.leave(seen)
		members := make([]sortedEntry, 0, m.Len())
		for it := m.MapRange(); it.Next(); {
			name, err := keyNameOnV2(it.Key())
			if err == errNonStringName {
				return b, st.fail(&json.UnsupportedValueError{Str: semantics.NonStringName(pointerAt(b[st.base:]), int64(len(b)-st.base+2))})
			}
			if err != nil {
				return b, st.fail(err)
			}
			v := reflect.New(t.Elem())
			v.Elem().Set(it.Value())
			members = append(members, sortedEntry{key: name, val: v})
		}
		slices.SortFunc(members, func(x, y sortedEntry) int { return strings.Compare(x.key, y.key) })
		return appendEntries(st, b, members, elem)
	}
}

// errNonStringName says a key would be written as something other than a
// JSON string; the caller makes the error that says where.
var errNonStringName = errors.New("non-string name")

// keyNameOnV2 returns the member name v2 writes for map key k.
func keyNameOnV2(k reflect.Value) (string, error) {
	t := k.Type()
	if t.Kind() != reflect.String && t.Kind() != reflect.Interface && keyHasText(t) {
		if t.Kind() == reflect.Pointer && k.IsNil() {
			return "", nil
		}
		if ta, ok := reflect.TypeAssert[encoding.TextAppender](k); ok {
			text, err := ta.AppendText(nil)
			if err != nil {
				return "", mem.NewMarshalerError(errorType(t), err, "AppendText")
			}
			return string(text), nil
		}
		tm, _ := reflect.TypeAssert[encoding.TextMarshaler](k)
		text, err := tm.MarshalText()
		if err != nil {
			return "", mem.NewMarshalerError(errorType(t), err, "MarshalText")
		}
		return string(text), nil
	}
	switch t.Kind() {
	case reflect.String:
		return k.String(), nil
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return strconv.FormatInt(k.Int(), 10), nil
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return strconv.FormatUint(k.Uint(), 10), nil
	case reflect.Float32, reflect.Float64:
		bits := t.Bits()
		f := k.Float()
		if math.IsInf(f, 0) || math.IsNaN(f) {
			return "", &json.UnsupportedValueError{Value: reflect.ValueOf(k.Interface()), Str: strconv.FormatFloat(f, 'g', -1, bits)}
		}
		return string(numfmt.AppendFloat(nil, f, bits)), nil
	case reflect.Pointer, reflect.Interface:
		if k.IsNil() {
			return "", errNonStringName
		}
		return keyNameOnV2(k.Elem())
	case reflect.Bool, reflect.Struct, reflect.Array:
		return "", errNonStringName
	}
	return "", &json.UnsupportedTypeError{Type: t}
}
