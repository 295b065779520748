package encoder

import (
	"bytes"
	"encoding"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/safejson/safejson/internal/escape"
	"github.com/safejson/safejson/internal/mem"
	"github.com/safejson/safejson/internal/methods"
	"github.com/safejson/safejson/internal/semantics"
)

// Maps are written in key order, without a reflect.Value allocated per
// entry. A map with string keys has its values copied to a pooled array
// while its keys are sorted, and is then written in order
// (encodeInOrder). Other keys must be formatted first (integers,
// TextMarshaler), so each entry is encoded straight into the output in
// iteration order while its raw key is kept in the state; the finished
// entries are then sorted by key and moved into place.

type mapEntry struct {
	// hi and lo are the raw key's first 16 bytes as big-endian numbers,
	// zero bytes after a shorter key: keys compare as these do, unless
	// they are equal (see sortEntries).
	hi, lo           uint64
	keyStart, keyEnd int // raw key in state.keys
	// start and end are `"key":value` in the output; where a map is
	// written in key order from copies of its values (encodeInOrder,
	// appendMapStringAny), start is the index of the entry's value.
	start, end int
}

type keyKind uint8

const (
	keyString keyKind = iota
	keyInt
	keyUint
	keyText
)

type mapCoder struct {
	t       reflect.Type
	pt      mem.PtrType // *t, for reflect.Values of the map
	keyKind keyKind
	// keyTime leads to the time.Time of keys whose MarshalText is
	// time.Time's, which the time options apply to.
	keyTime timePath
	elem    *typeEnc
	// strings says keys and values are plain strings: the map is read as
	// a map[string]string, whose layout it has (see appendStringMap).
	strings bool
	// anys says the map is a map[string]any, or of a named type of it:
	// its values are written as an interface's (see appendAnyMembers),
	// not copied out through reflect.
	anys bool
	// intStrings, if not nil, writes a map of integer keys and plain
	// string values, read as a map of its key kind (see
	// appendIntStringMap).
	intStrings func(st *state, b []byte, p mem.Ptr) ([]byte, bool)
	// scalars, if not nil, writes a map of plain string keys and values
	// of one plain bool, integer or float kind, read as a map of the
	// values' bits (see appendScalarMap).
	scalars func(st *state, b []byte, p mem.Ptr) ([]byte, bool)
	// sortByName says keys sort by the names written, with invalid UTF-8
	// replaced, as Go 1.27 sorts them for key types with any method that
	// v2 calls, even of string kind, whose methods v1 never calls; other
	// keys sort by their raw text.
	sortByName bool
	// ties says two keys may sort as the same name: keys written as the
	// text of a method, which may return the same text for two keys, and
	// keys that sort by name. encoding/json writes such members in map
	// iteration order; here they are put in one order (see orderTies).
	ties bool
	// elemSize is the size of a value.
	elemSize uintptr
	// keyMethods calls the text method of a key held at an address
	// through a pointer to it, where the key type itself (neither a
	// pointer nor an interface) has the method: boxing a copy of each key
	// in an interface would allocate.
	keyMethods *keyMethods
	// iters holds reusable key and value holders, so that iterating does
	// not allocate a copy of each key and value.
	iters sync.Pool
	// values holds reusable arrays of values (*valueArray) for the maps
	// that are written in key order (see encodeInOrder).
	values sync.Pool
}

// valueArray holds copies of a map's values while its keys are sorted.
type valueArray struct {
	s    reflect.Value // a []V
	data mem.Ptr       // its first element
}

type mapIter struct {
	it       reflect.MapIter
	key, val reflect.Value
	valPtr   mem.Ptr
}

// mapEnc builds the encoder of map type t whose values are encoded under
// the flags elemFlags.
func (c *compiler) mapEnc(t reflect.Type, elemFlags flags) encFn {
	if semantics.OnV2 && onV2OnlyKey(t.Key()) {
		return c.mapEncOnV2(t, elemFlags)
	}
	mc := &mapCoder{t: t, pt: mem.PtrTypeOf(t)}
	switch kt := t.Key(); kt.Kind() {
	case reflect.String:
		mc.keyKind = keyString
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		mc.keyKind = keyInt
		if keyHasText(kt) {
			mc.keyKind = keyText
		}
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		mc.keyKind = keyUint
		if keyHasText(kt) {
			mc.keyKind = keyText
		}
	default:
		if !keyHasText(kt) {
			return unsupportedEnc(t)
		}
		mc.keyKind = keyText
		if tp, ok := timePathOf(kt, "MarshalText"); ok {
			mc.keyTime = tp
		}
	}
	mc.elem = c.get(t.Elem(), elemFlags)
	mc.elemSize = t.Elem().Size()
	if mc.keyKind == keyText {
		mc.keyMethods = keyMethodsOf(t.Key())
	}
	mc.sortByName = semantics.OnV2 && (mc.keyKind == keyText || methods.Addressable(t.Key()).Has(methods.Codec))
	mc.ties = mc.keyKind == keyText || mc.sortByName
	mc.strings = mc.keyKind == keyString && !mc.sortByName && mc.elem.leaf == leafString
	mc.anys = t.Key() == reflect.TypeFor[string]() && t.Elem() == reflect.TypeFor[any]()
	if (mc.keyKind == keyInt || mc.keyKind == keyUint) && !mc.sortByName && mc.elem.leaf == leafString {
		mc.intStrings = intStringsEnc(t)
	}
	if mc.keyKind == keyString && !mc.sortByName {
		mc.scalars = scalarsEnc(t, mc.elem.leaf)
	}
	mc.iters.New = func() any {
		v := reflect.New(t.Elem())
		return &mapIter{key: reflect.New(t.Key()).Elem(), val: v.Elem(), valPtr: mem.PointerOf(v)}
	}
	return mc.encode
}

func (mc *mapCoder) encode(st *state, b []byte, p mem.Ptr) ([]byte, bool) {
	// A map is one pointer word: nil is told without a reflect.Value.
	if mem.IsEmpty(p, 0) {
		return append(b, "null"...), true
	}
	var seen any
	if st.ptrLevel++; st.ptrLevel > startDetectingCyclesAfter {
		seen = mem.SeenKey(mc.pt.ValueAt(p))
		if err := st.enter(seen, mc.t, p); err != nil {
			return b, st.fail(err)
		}
	}
	ok := true
	switch {
	case mc.strings:
		b, ok = st.appendStringMap(b, mem.StringMap(mc.t, p))
	case mc.anys:
		b, ok = st.appendAnyMembers(b, mem.AnyMap(mc.t, p))
	case mc.intStrings != nil:
		b, ok = mc.intStrings(st, b, p)
	case mc.scalars != nil && !st.exact:
		b, ok = mc.scalars(st, b, p)
	default:
		b, ok = mc.encodeEntries(st, b, mc.pt.ValueAt(p))
	}
	st.leave(seen)
	return b, ok
}

func (mc *mapCoder) encodeEntries(st *state, b []byte, m reflect.Value) ([]byte, bool) {
	n := m.Len()
	if n == 0 {
		return append(b, "{}"...), true
	}
	if st.exact {
		return mc.encodeSorted(st, b, m)
	}
	if mc.keyKind == keyString && !mc.sortByName && n > 1 {
		return mc.encodeInOrder(st, b, m, n)
	}
	b = append(b, '{')
	base := len(b)
	e0, k0 := len(st.entries), len(st.keys)
	mi := mc.iters.Get().(*mapIter)
	mi.it.Reset(m)
	ok := true
	for mi.it.Next() {
		if len(b) > st.limit {
			ok = st.fail(errTooLong)
			break
		}
		mi.key.SetIterKey(&mi.it)
		mi.val.SetIterValue(&mi.it)
		ks := len(st.keys)
		if st.keys, ok = mc.appendKey(st, st.keys, mi.key); !ok {
			break
		}
		start := len(b)
		b = escape.AppendBytes(b, st.keys[ks:], st.mode)
		if mc.sortByName {
			st.keys = sortableText(st.keys, ks)
		}
		b = append(b, ':')
		if b, ok = mc.elem.fn(st, b, mi.valPtr); !ok {
			break
		}
		hi, lo := keyPrefix(st.keys[ks:])
		st.entries = append(st.entries, mapEntry{hi, lo, ks, len(st.keys), start, len(b)})
	}
	mi.it.Reset(reflect.Value{})
	mi.key.SetZero()
	mi.val.SetZero()
	mc.iters.Put(mi)
	if !ok {
		st.entries, st.keys = st.entries[:e0], st.keys[:k0]
		// With more than one entry, encoding/json might have met a
		// different error first; and the error may hold a reflect.Value
		// of the value holder, which is cleared for reuse. The caller
		// re-runs in exact mode, which copies each value anew.
		st.retryExact = true
		return b, ok
	}

	entries := st.entries[e0:]
	keys := st.keys
	b = st.joinEntries(b, base, entries, mc.ties)
	if mc.checkTimeKeys(st) {
		// entries are sorted now, so equal keys are neighbours.
		for i := 1; i < len(entries); i++ {
			x, y := entries[i-1], entries[i]
			if k := keys[y.keyStart:y.keyEnd]; bytes.Equal(keys[x.keyStart:x.keyEnd], k) {
				st.entries, st.keys = st.entries[:e0], st.keys[:k0]
				return b, st.fail(collision(m, string(k)))
			}
		}
	}
	st.entries, st.keys = st.entries[:e0], st.keys[:k0]
	return append(b, '}'), true
}

// joinEntries puts the members written at b[base:], one per entry and
// without commas, in the order of their keys' text, joined by commas.
// With ties, keys that sort as equal are ordered by orderTies.
func (st *state) joinEntries(b []byte, base int, entries []mapEntry, ties bool) []byte {
	keys := st.keys
	st.rewindDepth(b, base) // the entries move, or gain commas
	inOrder := entriesSorted(entries, keys)
	if !inOrder {
		sortEntries(entries, keys)
	}
	if ties && orderTies(entries, keys, b) {
		inOrder = false
	}
	if !inOrder {
		st.tmp = append(st.tmp[:0], b[base:]...)
		b = b[:base]
		for i, e := range entries {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, st.tmp[e.start-base:e.end-base]...)
		}
		return b
	}
	// Already in order: just insert the commas, back to front.
	n := len(entries) - 1
	b = append(b, make([]byte, n)...)
	for i := len(entries) - 1; i > 0; i-- {
		e := entries[i]
		copy(b[e.start+i:], b[e.start:e.end])
		b[e.start+i-1] = ','
	}
	return b
}

// encodeInOrder writes a map with string keys in key order directly: its
// values are copied to an array while the keys are sorted, and then
// encoded in order, instead of being encoded first and the finished
// entries moved into order afterwards (for a map of long values, moving
// them cost more than sorting the keys). Errors are those of encoding/json,
// which also encodes the values in key order.
func (mc *mapCoder) encodeInOrder(st *state, b []byte, m reflect.Value, n int) ([]byte, bool) {
	va, _ := mc.values.Get().(*valueArray)
	if va == nil || va.s.Len() < n {
		h := reflect.New(reflect.SliceOf(mc.t.Elem()))
		h.Elem().Set(reflect.MakeSlice(h.Type().Elem(), n, n))
		data, _ := mem.Slice(mem.PointerOf(h))
		va = &valueArray{s: h.Elem(), data: data}
	}
	e0, k0 := len(st.entries), len(st.keys)
	mi := mc.iters.Get().(*mapIter)
	mi.it.Reset(m)
	for i := 0; mi.it.Next(); i++ {
		mi.key.SetIterKey(&mi.it)
		va.s.Index(i).SetIterValue(&mi.it)
		ks := len(st.keys)
		st.keys = append(st.keys, mi.key.String()...)
		hi, lo := keyPrefix(st.keys[ks:])
		st.entries = append(st.entries, mapEntry{hi, lo, ks, len(st.keys), i, 0})
	}
	mi.it.Reset(reflect.Value{})
	mi.key.SetZero()
	mc.iters.Put(mi)
	// Nested maps append past this map's part of st.entries and st.keys,
	// and may move the arrays: entries and keys keep views of it.
	entries, keys := st.entries[e0:], st.keys
	if !entriesSorted(entries, keys) {
		sortEntries(entries, keys)
	}
	b = append(b, '{')
	ok := true
	for i, e := range entries {
		if i > 0 {
			b = append(b, ',')
		}
		if len(b) > st.limit {
			ok = st.fail(errTooLong)
			break
		}
		b = escape.AppendBytes(b, keys[e.keyStart:e.keyEnd], st.mode)
		b = append(b, ':')
		if b, ok = mc.elem.fn(st, b, mem.Index(va.data, e.start, mc.elemSize)); !ok {
			break
		}
	}
	st.entries, st.keys = st.entries[:e0], st.keys[:k0]
	// Clear the values copied, to hold no references (Slice would
	// allocate a header: the length is set in place instead).
	va.s.SetLen(n)
	va.s.Clear()
	va.s.SetLen(va.s.Cap())
	mc.values.Put(va)
	if !ok {
		// The error may hold a reflect.Value of the array, just cleared:
		// the exact re-run copies each value anew.
		st.retryExact = true
		return b, false
	}
	return append(b, '}'), true
}

// checkTimeKeys reports whether keys must be checked for collisions: time
// keys under options that change their text can make distinct keys equal.
func (mc *mapCoder) checkTimeKeys(st *state) bool {
	return mc.keyTime != nil && (st.timeFixed || st.timeUTC)
}

// collision is the error for two keys of map m that both format as key.
func collision(m reflect.Value, key string) error {
	return &json.UnsupportedValueError{Value: m, Str: "two map keys are written as " + strconv.Quote(key) + " under the time options"}
}

// appendKey appends the raw (unescaped) JSON name of a map key.
func (mc *mapCoder) appendKey(st *state, dst []byte, k reflect.Value) ([]byte, bool) {
	if mc.keyTime != nil {
		if tm := mc.keyTime.resolve(addressOf(k)); tm != nil {
			out, err := st.appendTime(dst, mem.Load[time.Time](tm))
			if err != nil {
				return dst, st.fail(timeKeyError(mc.t, err))
			}
			return out, true
		}
	}
	switch mc.keyKind {
	case keyString:
		return append(dst, k.String()...), true
	case keyInt:
		return strconv.AppendInt(dst, k.Int(), 10), true
	case keyUint:
		return strconv.AppendUint(dst, k.Uint(), 10), true
	}
	if k.Kind() == reflect.Pointer && k.IsNil() {
		return dst, true
	}
	km := mc.keyMethods
	if km != nil && k.CanAddr() {
		p := mem.PointerOf(k.Addr())
		if km.appends {
			return mc.appendKeyText(st, dst, km.appender.At(p))
		}
		return mc.marshalKeyText(st, dst, km.marshaler.At(p))
	}
	if semantics.OnV2 {
		if ta, ok := reflect.TypeAssert[encoding.TextAppender](k); ok {
			return mc.appendKeyText(st, dst, ta)
		}
	}
	tm, _ := reflect.TypeAssert[encoding.TextMarshaler](k)
	return mc.marshalKeyText(st, dst, tm)
}

// keyMethods are the text methods of a map's key type, called through
// pointers to keys.
type keyMethods struct {
	marshaler mem.PtrIface[encoding.TextMarshaler]
	appender  mem.PtrIface[encoding.TextAppender]
	// appends says the key type has AppendText, which Go 1.27 calls
	// before MarshalText.
	appends bool
}

// keyMethodsOf returns kt's keyMethods, or nil if kt is a pointer or an
// interface, whose methods are called as they are.
func keyMethodsOf(kt reflect.Type) *keyMethods {
	if kt.Kind() == reflect.Pointer || kt.Kind() == reflect.Interface {
		return nil
	}
	// Only a method of kt itself counts, as for a key boxed as it is: a
	// pointer's method set has more.
	if semantics.OnV2 && kt.Implements(reflect.TypeFor[encoding.TextAppender]()) {
		return &keyMethods{appender: mem.PtrIfaceOf[encoding.TextAppender](kt), appends: true}
	}
	if !kt.Implements(reflect.TypeFor[encoding.TextMarshaler]()) {
		return nil
	}
	return &keyMethods{marshaler: mem.PtrIfaceOf[encoding.TextMarshaler](kt)}
}

// appendKeyText appends the text that a key's AppendText gives.
func (mc *mapCoder) appendKeyText(st *state, dst []byte, ta encoding.TextAppender) ([]byte, bool) {
	out, err := ta.AppendText(dst)
	if err != nil {
		return dst, st.fail(mem.NewMarshalerError(errorType(mc.t.Key()), err, "AppendText"))
	}
	return out, true
}

// marshalKeyText appends the text that a key's MarshalText gives.
func (mc *mapCoder) marshalKeyText(st *state, dst []byte, tm encoding.TextMarshaler) ([]byte, bool) {
	text, err := tm.MarshalText()
	if err != nil {
		if semantics.OnV2 {
			return dst, st.fail(mem.NewMarshalerError(errorType(mc.t.Key()), err, "MarshalText"))
		}
		return dst, st.fail(fmt.Errorf("json: encoding error for type %q: %q", mc.t.String(), err.Error()))
	}
	return append(dst, text...), true
}

// sortableText replaces each byte of invalid UTF-8 in the key text
// keys[start:] by U+FFFD: v2 sorts text keys by the names it wrote.
func sortableText(keys []byte, start int) []byte {
	if utf8.Valid(keys[start:]) {
		return keys
	}
	text := string(keys[start:])
	keys = keys[:start]
	for _, r := range text {
		keys = utf8.AppendRune(keys, r)
	}
	return keys
}

// keyHasText reports whether map keys of type kt are written as the text
// of their method: MarshalText, and in Go 1.27 also AppendText.
func keyHasText(kt reflect.Type) bool {
	want := methods.MarshalText
	if semantics.OnV2 {
		want |= methods.AppendText
	}
	return methods.Of(kt).Has(want)
}

// addressOf returns a pointer to k's value, copying it if k is not
// addressable.
func addressOf(k reflect.Value) mem.Ptr {
	if k.CanAddr() {
		return mem.PointerOf(k.Addr())
	}
	c := reflect.New(k.Type())
	c.Elem().Set(k)
	return mem.PointerOf(c)
}

// encodeSorted is encoding/json's algorithm: resolve every key, sort, then
// encode the values in key order. It runs after the fast path failed, so
// that the error reported is the one encoding/json reports: a key error
// first, else the value error of the smallest failing key.
func (mc *mapCoder) encodeSorted(st *state, b []byte, m reflect.Value) ([]byte, bool) {
	var entries []sortedEntry
	for it := m.MapRange(); it.Next(); {
		k, ok := mc.appendKey(st, nil, it.Key())
		if !ok {
			return b, false
		}
		v := reflect.New(mc.t.Elem())
		v.Elem().Set(it.Value())
		e := sortedEntry{string(k), string(k), v}
		if mc.sortByName {
			e.sort = string(sortableText(k, 0))
		}
		entries = append(entries, e)
	}
	slices.SortFunc(entries, func(x, y sortedEntry) int { return strings.Compare(x.sort, y.sort) })
	if mc.ties {
		orderTiedValues(st, mc.elem, entries)
	}
	if mc.checkTimeKeys(st) {
		for i := 1; i < len(entries); i++ {
			if entries[i-1].key == entries[i].key {
				return b, st.fail(collision(m, entries[i].key))
			}
		}
	}
	return appendEntries(st, b, entries, mc.elem)
}

// appendEntries writes the members of a map whose keys are resolved and
// sorted, each value a pointer to a copy, by elem.
func appendEntries(st *state, b []byte, entries []sortedEntry, elem *typeEnc) ([]byte, bool) {
	b = append(b, '{')
	for i, e := range entries {
		if len(b) > st.limit {
			return b, st.fail(errTooLong)
		}
		b = st.appendMemberName(b, i, e.key)
		var ok bool
		if b, ok = elem.fn(st, b, mem.PointerOf(e.val)); !ok {
			return b, false
		}
	}
	return append(b, '}'), true
}
