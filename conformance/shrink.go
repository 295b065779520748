package conformance

import (
	"math"
	"reflect"
	"time"

	"github.com/leanovate/gopter"
)

// maxCandidates bounds the variants tried per shrink step; the first ones
// are the simplest.
const maxCandidates = 64

// shrinkList hands candidates to gopter one at a time.
func shrinkList[T any](xs []T) gopter.Shrink {
	return func() (any, bool) {
		if len(xs) == 0 {
			return nil, false
		}
		x := xs[0]
		xs = xs[1:]
		return x, true
	}
}

// valueShrinker shrinks values of generated types. Outside containers whose
// element type is fixed it may also change the type, dropping struct fields.
func valueShrinker(v any) gopter.Shrink {
	var out []any
	for _, c := range shrinkValue(reflect.ValueOf(v), false, 0) {
		out = append(out, c.Interface())
	}
	return shrinkList(out)
}

// shrinkValue returns simpler variants of v. With sameType they all have v's
// type. Values with unexported fields are only replaced whole.
func shrinkValue(v reflect.Value, sameType bool, depth int) []reflect.Value {
	if !v.IsValid() || !v.CanInterface() {
		return nil
	}
	var out []reflect.Value
	add := func(c reflect.Value) bool {
		if !c.IsValid() || (sameType && c.Type() != v.Type()) {
			return len(out) < maxCandidates
		}
		out = append(out, c)
		return len(out) < maxCandidates
	}
	if !v.IsZero() {
		add(reflect.Zero(v.Type()))
	}
	if depth > 8 || v.IsZero() {
		return out
	}
	t := v.Type()
	switch {
	case t == timeType:
		tm := v.Interface().(time.Time)
		add(reflect.ValueOf(tm.Truncate(time.Second)))
		add(reflect.ValueOf(tm.UTC()))
		return out
	case t.Kind() == reflect.Interface:
		for _, c := range shrinkValue(v.Elem(), false, depth+1) {
			if c.Type().Implements(t) {
				w := reflect.New(t).Elem()
				w.Set(c)
				if !add(w) {
					break
				}
			}
		}
	case t.Kind() == reflect.Pointer:
		for _, c := range shrinkValue(v.Elem(), sameType, depth+1) {
			p := reflect.New(c.Type())
			p.Elem().Set(c)
			if !add(p) {
				break
			}
		}
	case t.Kind() == reflect.String:
		s := v.String()
		for _, c := range shrinkString(s) {
			w := reflect.New(t).Elem()
			w.SetString(c)
			add(w)
		}
	case t.Kind() == reflect.Float32 || t.Kind() == reflect.Float64:
		if f := v.Float(); f != math.Trunc(f) && !math.IsInf(f, 0) {
			w := reflect.New(t).Elem()
			w.SetFloat(math.Trunc(f))
			add(w)
		}
	case t.Kind() == reflect.Slice:
		shrinkSlice(v, depth, add)
	case t.Kind() == reflect.Array:
		for i := range v.Len() {
			for _, c := range shrinkValue(v.Index(i), true, depth+1) {
				w := reflect.New(t).Elem()
				w.Set(v)
				w.Index(i).Set(c)
				add(w)
			}
		}
	case t.Kind() == reflect.Map:
		shrinkMap(v, depth, add)
	case t.Kind() == reflect.Struct:
		shrinkStruct(v, sameType, depth, add)
	}
	return out
}

func shrinkString(s string) []string {
	if len(s) <= 1 {
		return nil
	}
	out := []string{s[:len(s)/2], s[len(s)/2:]}
	step := max(1, len(s)/8)
	for i := 0; i < len(s); i += step {
		out = append(out, s[:i]+s[min(len(s), i+step):])
	}
	return out
}

func shrinkSlice(v reflect.Value, depth int, add func(reflect.Value) bool) {
	n := v.Len()
	if n > 1 {
		add(v.Slice(0, n/2))
		add(v.Slice(n/2, n))
	}
	for i := 0; i < n && i < 8; i++ {
		w := reflect.MakeSlice(v.Type(), 0, n-1)
		w = reflect.AppendSlice(w, v.Slice(0, i))
		add(reflect.AppendSlice(w, v.Slice(i+1, n)))
	}
	for i := 0; i < n && i < 8; i++ {
		for _, c := range shrinkValue(v.Index(i), true, depth+1) {
			w := reflect.MakeSlice(v.Type(), n, n)
			reflect.Copy(w, v)
			w.Index(i).Set(c)
			if !add(w) {
				return
			}
		}
	}
}

func shrinkMap(v reflect.Value, depth int, add func(reflect.Value) bool) {
	keys := v.MapKeys()
	clone := func() reflect.Value {
		w := reflect.MakeMapWithSize(v.Type(), len(keys))
		for _, k := range keys {
			w.SetMapIndex(k, v.MapIndex(k))
		}
		return w
	}
	for i, k := range keys {
		if i == 8 {
			break
		}
		w := clone()
		w.SetMapIndex(k, reflect.Value{})
		add(w)
	}
	for i, k := range keys {
		if i == 8 {
			break
		}
		for _, c := range shrinkValue(v.MapIndex(k), true, depth+1) {
			w := clone()
			w.SetMapIndex(k, c)
			if !add(w) {
				return
			}
		}
	}
}

// shrinkStruct drops fields of generated (unnamed) struct types, then
// shrinks the fields one by one.
func shrinkStruct(v reflect.Value, sameType bool, depth int, add func(reflect.Value) bool) {
	t := v.Type()
	generated := t.Name() == "" && !sameType
	if generated {
		for i := range t.NumField() {
			fields := structFields(t)
			if c, ok := rebuild(v, append(fields[:i:i], fields[i+1:]...)); ok && !add(c) {
				return
			}
		}
	}
	for i := range t.NumField() {
		if !t.Field(i).IsExported() {
			continue
		}
		for _, c := range shrinkValue(v.Field(i), !generated, depth+1) {
			fields := structFields(t)
			fields[i].Type = c.Type()
			w, ok := rebuild(v, fields)
			if !ok {
				continue
			}
			w.Field(i).Set(c)
			if !add(w) {
				return
			}
		}
	}
}

func structFields(t reflect.Type) []reflect.StructField {
	fields := make([]reflect.StructField, t.NumField())
	for i := range fields {
		fields[i] = t.Field(i)
		fields[i].Index, fields[i].Offset = nil, 0
	}
	return fields
}

// rebuild makes a value of the struct type with the given fields, copying
// the exported fields of v that keep their name and type.
func rebuild(v reflect.Value, fields []reflect.StructField) (w reflect.Value, ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	nt := v.Type()
	if !sameFields(nt, fields) {
		nt = reflect.StructOf(fields)
	}
	w = reflect.New(nt).Elem()
	for i, f := range fields {
		if src, found := v.Type().FieldByName(f.Name); found && f.IsExported() && src.Type == f.Type && len(src.Index) == 1 {
			w.Field(i).Set(v.Field(src.Index[0]))
		}
	}
	return w, true
}

func sameFields(t reflect.Type, fields []reflect.StructField) bool {
	if t.NumField() != len(fields) {
		return false
	}
	for i, f := range fields {
		if t.Field(i).Type != f.Type {
			return false
		}
	}
	return true
}

// bytesShrinker shrinks texts by halves and by dropping runs of bytes.
func bytesShrinker(v any) gopter.Shrink {
	b := v.([]byte)
	var out []any
	for _, s := range shrinkString(string(b)) {
		out = append(out, []byte(s))
	}
	return shrinkList(out)
}
