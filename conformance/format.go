package conformance

import (
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"time"
)

// maxFormat bounds a formatted value; failures should stay readable.
const maxFormat = 4000

// formatValue writes v in Go-like syntax. Unlike fmt it stops at cycles,
// shows strings quoted (invalid UTF-8 included) and times with their zone.
func formatValue(v any) string {
	f := formatter{seen: map[uintptr]bool{}}
	f.value(reflect.ValueOf(v), 0)
	s := f.b.String()
	if len(s) > maxFormat {
		s = s[:maxFormat] + "…"
	}
	return s
}

type formatter struct {
	b    strings.Builder
	seen map[uintptr]bool
}

func (f *formatter) value(v reflect.Value, depth int) {
	b := &f.b
	if !v.IsValid() {
		b.WriteString("nil")
		return
	}
	if depth > 20 || b.Len() > maxFormat {
		b.WriteString("…")
		return
	}
	t := v.Type()
	switch {
	case t == timeType && v.CanInterface():
		tm := v.Interface().(time.Time)
		name, off := tm.Zone()
		fmt.Fprintf(b, "time(%s %s%+d)", tm.Format(time.RFC3339Nano), name, off)
		return
	case t == rawType:
		fmt.Fprintf(b, "RawMessage(%s)", strconv.Quote(string(v.Bytes())))
		return
	case t == numberType:
		fmt.Fprintf(b, "Number(%s)", strconv.Quote(v.String()))
		return
	}
	switch t.Kind() {
	case reflect.Interface:
		if v.IsNil() {
			b.WriteString("nil")
			return
		}
		fmt.Fprintf(b, "%s(", shortType(v.Elem().Type()))
		f.value(v.Elem(), depth+1)
		b.WriteString(")")
	case reflect.Pointer:
		if v.IsNil() {
			b.WriteString("nil")
			return
		}
		if f.seen[v.Pointer()] {
			b.WriteString("&<cycle>")
			return
		}
		f.seen[v.Pointer()] = true
		b.WriteString("&")
		f.value(v.Elem(), depth+1)
		delete(f.seen, v.Pointer())
	case reflect.String:
		b.WriteString(strconv.Quote(v.String()))
	case reflect.Slice, reflect.Array:
		if t.Kind() == reflect.Slice && v.IsNil() {
			b.WriteString("nil")
			return
		}
		if t.Elem().Kind() == reflect.Uint8 && t.Kind() == reflect.Slice {
			fmt.Fprintf(b, "[]byte(%s)", strconv.Quote(string(v.Bytes())))
			return
		}
		f.list(v, depth)
	case reflect.Map:
		f.mapValue(v, depth)
	case reflect.Struct:
		b.WriteString("{")
		for i := range v.NumField() {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(t.Field(i).Name + ": ")
			f.value(v.Field(i), depth+1)
		}
		b.WriteString("}")
	case reflect.Float32:
		b.WriteString(strconv.FormatFloat(v.Float(), 'g', -1, 32))
	case reflect.Float64:
		b.WriteString(strconv.FormatFloat(v.Float(), 'g', -1, 64))
	case reflect.Chan, reflect.Func:
		fmt.Fprintf(b, "%s(nil=%v)", t.Kind(), v.IsNil())
	default:
		fmt.Fprint(b, v)
	}
}

func (f *formatter) list(v reflect.Value, depth int) {
	if v.Kind() == reflect.Slice && v.Len() > 0 {
		if f.seen[v.Pointer()] {
			f.b.WriteString("[<cycle>]")
			return
		}
		f.seen[v.Pointer()] = true
		defer delete(f.seen, v.Pointer())
	}
	f.b.WriteString("[")
	for i := range v.Len() {
		if i > 0 {
			f.b.WriteString(", ")
		}
		f.value(v.Index(i), depth+1)
	}
	f.b.WriteString("]")
}

func (f *formatter) mapValue(v reflect.Value, depth int) {
	if v.IsNil() {
		f.b.WriteString("map(nil)")
		return
	}
	if f.seen[v.Pointer()] {
		f.b.WriteString("map{<cycle>}")
		return
	}
	f.seen[v.Pointer()] = true
	defer delete(f.seen, v.Pointer())
	// Entries are sorted by their text, so that a case prints the same
	// every time.
	var entries []string
	for _, k := range v.MapKeys() {
		sub := formatter{seen: f.seen}
		sub.value(k, depth+1)
		sub.b.WriteString(": ")
		sub.value(v.MapIndex(k), depth+1)
		entries = append(entries, sub.b.String())
	}
	slices.Sort(entries)
	f.b.WriteString("map{" + strings.Join(entries, ", ") + "}")
}

// shortType names a type, cutting generated struct types short.
func shortType(t reflect.Type) string {
	s := t.String()
	if len(s) > 60 {
		return s[:57] + "..."
	}
	return s
}

// formatError shows an error with its type, the way failures report it.
func formatError(err error) string {
	if err == nil {
		return "<nil>"
	}
	return fmt.Sprintf("%T: %s", err, err)
}
