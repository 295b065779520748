//go:build goexperiment.jsonv2 && go1.27

package encoder

import (
	"encoding"
	"reflect"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/safejson/safejson/internal/fields"
	"github.com/safejson/safejson/internal/mem"
	"github.com/safejson/safejson/internal/methods"
	"github.com/safejson/safejson/internal/numfmt"
	"github.com/safejson/safejson/internal/v2opts"
	"github.com/safejson/safejson/internal/wirev2"
)

// keyNamesV2 says how a map's keys become member names: by their kind, or
// by their type's text method.
type keyNamesV2 struct {
	kind fields.MapKey
	text methods.Set // AppendText or MarshalText
}

// keyNamesOfV2 returns how keys of type t become names, or false for keys
// this package leaves to v2: those whose names come from MarshalJSON or
// MarshalJSONTo, and those of kinds v2 has no names for.
func keyNamesOfV2(t reflect.Type) (keyNamesV2, bool) {
	switch m := methodOfV2(t); m {
	case 0:
		k := fields.MapKeyOf(t)
		return keyNamesV2{kind: k}, k != fields.MapKeyOther
	case methods.AppendText, methods.MarshalText:
		return keyNamesV2{text: m}, true
	}
	return keyNamesV2{}, false
}

func (c *compiler) mapEncV2(t reflect.Type, f flags) encFn {
	kn, ok := keyNamesOfV2(t.Key())
	if !ok {
		return unsupportedV2
	}
	kt, vt := t.Key(), t.Elem()
	if kn == (keyNamesV2{kind: fields.MapKeyString}) && vt.Kind() == reflect.String && !hasMethodsV2(vt) {
		return func(st *state, b []byte, p mem.Ptr) ([]byte, bool) {
			return st.mapStringString(b, mem.StringMap(t, p))
		}
	}
	elem := c.get(vt, f&v2Mask)
	vsize := vt.Size()
	sliceType := reflect.SliceOf(vt)
	nilNull := f&v2NilMapNull != 0
	// Scratch space for one call: a settable key and the array the values
	// are copied into, kept between calls.
	type scratch struct{ key, vals reflect.Value }
	pool := &sync.Pool{New: func() any {
		return &scratch{reflect.New(kt).Elem(), reflect.New(sliceType).Elem()}
	}}
	pt := mem.PtrTypeOf(t)
	return func(st *state, b []byte, p mem.Ptr) ([]byte, bool) {
		m := pt.ValueAt(p)
		n := m.Len()
		if n == 0 {
			if nilNull && m.IsNil() {
				return append(b, "null"...), true
			}
			return append(b, "{}"...), true
		}
		if st.depth >= maxDepthV2 {
			return b, false
		}
		sc := pool.Get().(*scratch)
		defer func() {
			sc.vals.Clear() // hold on to no value between calls
			sc.key.SetZero()
			pool.Put(sc)
		}()
		if st.Flags&v2opts.Sorted == 0 {
			return st.mapInOrder(b, m, kn, sc.key, sc.vals, elem)
		}
		// The values are copied out into one array, with their names
		// beside them, and written in the names' sorted order, as v2's
		// Deterministic writes them.
		if sc.vals.Cap() < n {
			sc.vals.Set(reflect.MakeSlice(sliceType, n, n))
		}
		sc.vals.SetLen(n)
		data, _ := mem.Slice(mem.PointerOf(sc.vals.Addr()))
		base := len(st.memberNames)
		i := 0
		for it := m.MapRange(); it.Next() && i < n; i++ {
			sc.key.SetIterKey(it)
			sc.vals.Index(i).SetIterValue(it)
			// v2 writes every name before any value here, so a text
			// that is not UTF-8 fails before any value is written.
			name, ok := st.keyName(kn, sc.key)
			if !ok || kn.text != 0 && !utf8.ValidString(name) {
				clear(st.memberNames[base:])
				st.memberNames = st.memberNames[:base]
				return b, false
			}
			st.memberNames = append(st.memberNames, name)
		}
		names := st.memberNames[base:]
		b, ok := st.members(b, names, kn.text != 0, func(b []byte, x int) ([]byte, bool) {
			return elem.fn(st, b, mem.Index(data, x, vsize))
		})
		clear(names)
		st.memberNames = st.memberNames[:base]
		return b, ok
	}
}

// mapInOrder writes map m's members in the order the map yields them,
// through the settable key and a one-value array vals (vals may be longer).
func (st *state) mapInOrder(b []byte, m reflect.Value, kn keyNamesV2, key, vals reflect.Value, elem *typeEnc) ([]byte, bool) {
	if vals.Cap() < 1 {
		vals.Set(reflect.MakeSlice(vals.Type(), 1, 1))
	}
	vals.SetLen(1)
	val := vals.Index(0)
	p := mem.PointerOf(val.Addr())
	st.depth++
	defer func() { st.depth-- }()
	// Names from text methods may repeat, which v2 rejects: they are kept
	// to be checked.
	base := len(st.memberNames)
	defer func() {
		clear(st.memberNames[base:])
		st.memberNames = st.memberNames[:base]
	}()
	b = append(b, '{')
	first := true
	for it := m.MapRange(); it.Next(); {
		if !first {
			b = append(b, ',')
		}
		first = false
		if len(b) > st.limit {
			return b, false
		}
		key.SetIterKey(it)
		name, ok := st.keyName(kn, key)
		if !ok {
			return b, false
		}
		if kn.text != 0 {
			st.memberNames = append(st.memberNames, name)
		}
		if b, ok = wirev2.AppendQuote(b, name); !ok {
			return b, false
		}
		b = append(b, ':')
		val.SetIterValue(it)
		if b, ok = elem.fn(st, b, p); !ok {
			return b, false
		}
	}
	names := st.memberNames[base:]
	slices.Sort(names)
	for i := 1; i < len(names); i++ {
		if names[i] == names[i-1] {
			return b, false
		}
	}
	return append(b, '}'), true
}

// members writes an object whose member names are names, in their sorted
// order, each value written by value(b, its index in names). With check,
// names may repeat, which v2 rejects.
func (st *state) members(b []byte, names []string, check bool, value func([]byte, int) ([]byte, bool)) ([]byte, bool) {
	order := st.order(len(names))
	slices.SortFunc(order, func(x, y int32) int { return strings.Compare(names[x], names[y]) })
	st.depth++
	b = append(b, '{')
	ok := true
	for j, x := range order {
		if j > 0 {
			if check && names[x] == names[order[j-1]] {
				ok = false
				break
			}
			b = append(b, ',')
		}
		if len(b) > st.limit {
			ok = false
			break
		}
		if b, ok = wirev2.AppendQuote(b, names[x]); !ok {
			break
		}
		b = append(b, ':')
		if b, ok = value(b, int(x)); !ok {
			break
		}
	}
	st.depth--
	st.orders = st.orders[:len(st.orders)-len(order)]
	return append(b, '}'), ok
}

// mapStringString writes a map whose keys and values are strings without
// methods, read as a map[string]string.
func (st *state) mapStringString(b []byte, m map[string]string) ([]byte, bool) {
	return stringKeyed(st, b, m, func(st *state, b []byte, s string) ([]byte, bool) { return st.quoteV2(b, s) })
}

// stringKeyed writes a map with string keys, each value by value: in sorted
// order with v2opts.Sorted, else in the map's.
func stringKeyed[V any](st *state, b []byte, m map[string]V, value func(*state, []byte, V) ([]byte, bool)) ([]byte, bool) {
	if len(m) == 0 {
		if m == nil && st.Flags&v2opts.NilMapNull != 0 {
			return append(b, "null"...), true
		}
		return append(b, "{}"...), true
	}
	if st.depth >= maxDepthV2 {
		return b, false
	}
	st.depth++
	defer func() { st.depth-- }()
	b = append(b, '{')
	if st.Flags&v2opts.Sorted == 0 {
		first := true
		for k, v := range m {
			if !first {
				b = append(b, ',')
			}
			first = false
			if len(b) > st.limit {
				return b, false
			}
			var ok bool
			if b, ok = wirev2.AppendQuote(b, k); !ok {
				return b, false
			}
			b = append(b, ':')
			if b, ok = value(st, b, v); !ok {
				return b, false
			}
		}
		return append(b, '}'), true
	}
	base := len(st.memberNames)
	for k := range m {
		st.memberNames = append(st.memberNames, k)
	}
	names := st.memberNames[base:]
	slices.Sort(names)
	ok := true
	for j, name := range names {
		if j > 0 {
			b = append(b, ',')
		}
		if len(b) > st.limit {
			ok = false
			break
		}
		if b, ok = wirev2.AppendQuote(b, name); !ok {
			break
		}
		b = append(b, ':')
		if b, ok = value(st, b, m[name]); !ok {
			break
		}
	}
	clear(names)
	st.memberNames = st.memberNames[:base]
	return append(b, '}'), ok
}

// order returns 0, 1, ..., n-1 in space of st's, for a map's members; the
// caller cuts st.orders back.
func (st *state) order(n int) []int32 {
	base := len(st.orders)
	for i := range n {
		st.orders = append(st.orders, int32(i))
	}
	return st.orders[base:]
}

// keyName returns the member name of map key k, which is addressable, or
// false if its text method fails. Integers and texts are written into
// st.names, which is only appended to during a call (when it grows, the
// strings made of its old array keep that array), so the strings stay
// valid until the call ends.
func (st *state) keyName(kn keyNamesV2, k reflect.Value) (string, bool) {
	start := len(st.names)
	switch {
	case kn.text == methods.AppendText:
		ma, _ := reflect.TypeAssert[encoding.TextAppender](k.Addr())
		text, err := ma.AppendText(st.text[:0])
		st.text = text[:0]
		if err != nil {
			return "", false
		}
		st.names = append(st.names, text...)
	case kn.text == methods.MarshalText:
		mt, _ := reflect.TypeAssert[encoding.TextMarshaler](k.Addr())
		text, err := mt.MarshalText()
		if err != nil {
			return "", false
		}
		st.names = append(st.names, text...)
	case kn.kind == fields.MapKeyInt:
		st.names = numfmt.AppendInt(st.names, k.Int())
	case kn.kind == fields.MapKeyUint:
		st.names = numfmt.AppendUint(st.names, k.Uint())
	default:
		return k.String(), true
	}
	return mem.String(st.names[start:]), true
}
