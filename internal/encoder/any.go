package encoder

import (
	"encoding/json"
	"math"
	"reflect"
	"strconv"

	"github.com/safejson/safejson/internal/escape"
	"github.com/safejson/safejson/internal/mem"
	"github.com/safejson/safejson/internal/numfmt"
)

// appendAny encodes the value of an empty interface. The shapes that
// encoding/json.Unmarshal produces into any are handled without reflection:
// they dominate generic JSON documents.
func (st *state) appendAny(b []byte, x any) ([]byte, bool) {
	switch v := x.(type) {
	case nil:
		return append(b, "null"...), true
	case string:
		return escape.AppendString(b, v, st.mode), true
	case float64:
		if math.IsInf(v, 0) || math.IsNaN(v) {
			return b, st.fail(&json.UnsupportedValueError{Value: reflect.ValueOf(v), Str: strconv.FormatFloat(v, 'g', -1, 64)})
		}
		return numfmt.AppendFloat(b, v, 64), true
	case bool:
		return appendBool(b, v), true
	case map[string]any:
		return st.appendMapStringAny(b, v)
	case []any:
		return st.appendSliceAny(b, v)
	}
	return st.encodeDynamic(b, reflect.TypeOf(x), mem.Word(x))
}

// smallMap is the size up to which a map[string]any's keys are sorted by
// insertion, comparing whole keys; copying larger maps' keys for the
// prefix-comparing sort of typed maps pays for itself.
const smallMap = 12

// keyed is a map entry held while the map's keys are sorted.
type keyed[V any] struct {
	key string
	val V
}

// sortByKey puts the entries of a map with string keys in key order: a
// few in place, comparing whole keys, when it returns nil; more through
// order, entries appended to st.entries whose start is an index in kvs,
// sorted by the sort of typed maps, which mostly compares key prefixes
// (copying the keys to st.keys for it pays for itself). The caller cuts
// st.entries and st.keys back.
func sortByKey[V any](st *state, kvs []keyed[V]) (order []mapEntry) {
	if len(kvs) <= smallMap {
		for i := 1; i < len(kvs); i++ {
			for j := i; j > 0 && kvs[j].key < kvs[j-1].key; j-- {
				kvs[j], kvs[j-1] = kvs[j-1], kvs[j]
			}
		}
		return nil
	}
	e0 := len(st.entries)
	for i, kv := range kvs {
		ks := len(st.keys)
		st.keys = append(st.keys, kv.key...)
		hi, lo := keyPrefix(st.keys[ks:])
		st.entries = append(st.entries, mapEntry{hi, lo, ks, len(st.keys), i, 0})
	}
	order = st.entries[e0:]
	sortEntries(order, st.keys)
	return order
}

// inOrder returns the i'th of kvs in the order sortByKey gave.
func inOrder[V any](kvs []keyed[V], order []mapEntry, i int) keyed[V] {
	if order != nil {
		return kvs[order[i].start]
	}
	return kvs[i]
}

// appendMemberName writes the name of an object's i'th member, quoted,
// with the comma before it and the colon after it.
func (st *state) appendMemberName(b []byte, i int, name string) []byte {
	if i > 0 {
		b = append(b, ',')
	}
	b = escape.AppendString(b, name, st.mode)
	return append(b, ':')
}

// appendStringMap writes a map whose keys and values are plain strings.
func (st *state) appendStringMap(b []byte, m map[string]string) (_ []byte, ok bool) {
	base, e0, k0 := len(st.strKVs), len(st.entries), len(st.keys)
	for k, v := range m {
		st.strKVs = append(st.strKVs, keyed[string]{k, v})
	}
	kvs := st.strKVs[base:]
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
		b = escape.AppendString(b, kv.val, st.mode)
	}
	st.entries, st.keys = st.entries[:e0], st.keys[:k0]
	clear(kvs)
	st.strKVs = st.strKVs[:base]
	if !ok {
		return b, false
	}
	return append(b, '}'), true
}

var (
	mapStringAnyType = reflect.TypeFor[map[string]any]()
	sliceAnyType     = reflect.TypeFor[[]any]()
)

// appendMapStringAny follows encoding/json's order of work exactly (sort the
// keys, then encode each value), so it needs no error re-run.
func (st *state) appendMapStringAny(b []byte, m map[string]any) ([]byte, bool) {
	if m == nil {
		return append(b, "null"...), true
	}
	var seen any
	if st.ptrLevel++; st.ptrLevel > startDetectingCyclesAfter {
		rv := reflect.ValueOf(m)
		seen = mem.SeenKey(rv)
		if err := st.enterValue(seen, rv, mapStringAnyType); err != nil {
			return b, st.fail(err)
		}
	}
	b, ok := st.appendAnyMembers(b, m)
	st.leave(seen)
	return b, ok
}

// appendAnyMembers writes a map[string]any that is not nil, for
// appendMapStringAny and for typed maps of its type, whose callers count
// it for cycle detection.
func (st *state) appendAnyMembers(b []byte, m map[string]any) ([]byte, bool) {
	base, e0, k0 := len(st.kvs), len(st.entries), len(st.keys)
	for k, v := range m {
		st.kvs = append(st.kvs, keyed[any]{k, v})
	}
	// Nested values append past this map's part of st.kvs, st.entries and
	// st.keys, and may move the arrays: kvs and order keep views of it.
	kvs := st.kvs[base:]
	order := sortByKey(st, kvs)
	b = append(b, '{')
	ok := true
	for i := range kvs {
		if len(b) > st.limit {
			ok = st.fail(errTooLong)
			break
		}
		kv := inOrder(kvs, order, i)
		b = st.appendMemberName(b, i, kv.key)
		if b, ok = st.appendAny(b, kv.val); !ok {
			break
		}
	}
	st.entries, st.keys = st.entries[:e0], st.keys[:k0]
	clear(st.kvs[base:])
	st.kvs = st.kvs[:base]
	if !ok {
		return b, false
	}
	return append(b, '}'), true
}

func (st *state) appendSliceAny(b []byte, s []any) ([]byte, bool) {
	if s == nil {
		return append(b, "null"...), true
	}
	var seen any
	if st.ptrLevel++; st.ptrLevel > startDetectingCyclesAfter {
		rv := reflect.ValueOf(s)
		seen = seenSlice{mem.SeenKey(rv), len(s)}
		if err := st.enterValue(seen, rv, sliceAnyType); err != nil {
			return b, st.fail(err)
		}
	}
	b = append(b, '[')
	ok := true
	for i, x := range s {
		if i > 0 {
			b = append(b, ',')
		}
		if len(b) > st.limit {
			ok = st.fail(errTooLong)
			break
		}
		if b, ok = st.appendAny(b, x); !ok {
			break
		}
	}
	st.leave(seen)
	if !ok {
		return b, false
	}
	return append(b, ']'), true
}
