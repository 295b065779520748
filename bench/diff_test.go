package bench

import (
	"fmt"
	"reflect"
	"slices"
	"testing"
	"time"
)

// firstDiff describes the first difference between want and got, or
// returns "" if they are deeply equal. Unlike cmp.Diff it stays linear on
// large, deep values whose differences are spread out (cmp's slice diffing
// blows up on the golang_source tree), and it reports one path, which is
// what a log needs.
func firstDiff(want, got any) string {
	return diffValue("$", reflect.ValueOf(want), reflect.ValueOf(got))
}

func diffValue(path string, w, g reflect.Value) string {
	if !w.IsValid() || !g.IsValid() {
		if w.IsValid() != g.IsValid() {
			return fmt.Sprintf("%s: got %s, want %s", path, show(g), show(w))
		}
		return ""
	}
	if w.Type() != g.Type() {
		return fmt.Sprintf("%s: got type %s, want %s", path, g.Type(), w.Type())
	}
	if equal, ok := equalMethod(w, g); ok {
		if !equal {
			return fmt.Sprintf("%s: got %s, want %s", path, show(g), show(w))
		}
		return ""
	}
	switch w.Kind() {
	case reflect.Pointer, reflect.Interface:
		if w.IsNil() || g.IsNil() {
			if w.IsNil() != g.IsNil() {
				return fmt.Sprintf("%s: got %s, want %s", path, show(g), show(w))
			}
			return ""
		}
		return diffValue(path, w.Elem(), g.Elem())
	case reflect.Struct:
		for i := range w.NumField() {
			if d := diffValue(path+"."+w.Type().Field(i).Name, w.Field(i), g.Field(i)); d != "" {
				return d
			}
		}
		return ""
	case reflect.Slice:
		if w.IsNil() != g.IsNil() {
			return fmt.Sprintf("%s: got %s, want %s", path, show(g), show(w))
		}
		fallthrough
	case reflect.Array:
		if w.Len() != g.Len() {
			return fmt.Sprintf("%s: got length %d, want %d", path, g.Len(), w.Len())
		}
		for i := range w.Len() {
			if d := diffValue(fmt.Sprintf("%s[%d]", path, i), w.Index(i), g.Index(i)); d != "" {
				return d
			}
		}
		return ""
	case reflect.Map:
		if w.IsNil() != g.IsNil() {
			return fmt.Sprintf("%s: got %s, want %s", path, show(g), show(w))
		}
		keys := w.MapKeys()
		for _, k := range g.MapKeys() {
			if !w.MapIndex(k).IsValid() {
				keys = append(keys, k)
			}
		}
		slices.SortFunc(keys, func(a, b reflect.Value) int {
			return compareStrings(fmt.Sprint(a.Interface()), fmt.Sprint(b.Interface()))
		})
		for _, k := range keys {
			kp := fmt.Sprintf("%s[%v]", path, k.Interface())
			wv, gv := w.MapIndex(k), g.MapIndex(k)
			switch {
			case !gv.IsValid():
				return fmt.Sprintf("%s: missing, want %s", kp, show(wv))
			case !wv.IsValid():
				return fmt.Sprintf("%s: unexpected %s", kp, show(gv))
			}
			if d := diffValue(kp, wv, gv); d != "" {
				return d
			}
		}
		return ""
	default:
		if !w.CanInterface() || !g.CanInterface() {
			return ""
		}
		if !reflect.DeepEqual(w.Interface(), g.Interface()) {
			return fmt.Sprintf("%s: got %s, want %s", path, show(g), show(w))
		}
		return ""
	}
}

// equalMethod compares w and g with their type's Equal(T) bool method, as
// go-cmp does: time.Time's fields are unexported, which diffValue cannot
// look at, and its Equal compares instants. ok is false if there is none.
func equalMethod(w, g reflect.Value) (equal, ok bool) {
	if !w.CanInterface() || !g.CanInterface() {
		return false, false
	}
	m, found := w.Type().MethodByName("Equal")
	if !found || m.Type.NumIn() != 2 || m.Type.In(1) != w.Type() ||
		m.Type.NumOut() != 1 || m.Type.Out(0).Kind() != reflect.Bool {
		return false, false
	}
	return w.Method(m.Index).Call([]reflect.Value{g})[0].Bool(), true
}

func compareStrings(a, b string) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

func show(v reflect.Value) string {
	if !v.IsValid() {
		return "nothing"
	}
	if v.CanInterface() {
		return fmt.Sprintf("%#.80v", v.Interface())
	}
	return v.String()
}

func TestFirstDiff(t *testing.T) {
	type node struct {
		Kids []*node
		W    float64
		M    map[int]string
		A    any
	}
	tree := func(w float64, m map[int]string, a any, kids []*node) *node {
		return &node{Kids: kids, W: w, M: m, A: a}
	}
	base := func() *node {
		return tree(1, map[int]string{1: "a"}, []any{"x", 1.0}, []*node{tree(2, nil, nil, []*node{})})
	}
	tests := []struct {
		name string
		got  *node
		same bool
	}{
		{"equal", base(), true},
		{"float", tree(1.5, map[int]string{1: "a"}, []any{"x", 1.0}, []*node{tree(2, nil, nil, []*node{})}), false},
		{"map value", tree(1, map[int]string{1: "b"}, []any{"x", 1.0}, []*node{tree(2, nil, nil, []*node{})}), false},
		{"extra map key", tree(1, map[int]string{1: "a", 2: ""}, []any{"x", 1.0}, []*node{tree(2, nil, nil, []*node{})}), false},
		{"interface element", tree(1, map[int]string{1: "a"}, []any{"x", 2.0}, []*node{tree(2, nil, nil, []*node{})}), false},
		{"interface type", tree(1, map[int]string{1: "a"}, []any{"x", 1}, []*node{tree(2, nil, nil, []*node{})}), false},
		{"nil vs empty slice", tree(1, map[int]string{1: "a"}, []any{"x", 1.0}, []*node{tree(2, nil, nil, nil)}), false},
		{"nil vs empty map", tree(1, map[int]string{1: "a"}, []any{"x", 1.0}, []*node{tree(2, map[int]string{}, nil, []*node{})}), false},
		{"deep", tree(1, map[int]string{1: "a"}, []any{"x", 1.0}, []*node{tree(3, nil, nil, []*node{})}), false},
	}
	for _, tt := range tests {
		d := firstDiff(base(), tt.got)
		if (d == "") != tt.same {
			t.Errorf("%s: firstDiff = %q, want same=%v", tt.name, d, tt.same)
		}
		if (d == "") != reflect.DeepEqual(base(), tt.got) {
			t.Errorf("%s: firstDiff = %q disagrees with reflect.DeepEqual", tt.name, d)
		}
	}
}

func TestFirstDiffEqualMethod(t *testing.T) {
	type event struct {
		At   time.Time
		Next *time.Time
	}
	at := time.Date(2024, 3, 5, 7, 8, 9, 0, time.UTC)
	later := at.Add(time.Second)
	tests := []struct {
		name      string
		want, got event
		same      bool
	}{
		{"equal", event{at, &later}, event{at, &later}, true},
		{"same instant, other zone", event{at, nil}, event{at.In(time.FixedZone("", 3600)), nil}, true},
		{"other instant", event{at, nil}, event{later, nil}, false},
		{"other instant behind a pointer", event{at, &later}, event{at, &at}, false},
		{"nil pointer", event{at, &later}, event{at, nil}, false},
	}
	for _, tt := range tests {
		if d := firstDiff(tt.want, tt.got); (d == "") != tt.same {
			t.Errorf("%s: firstDiff = %q, want same=%v", tt.name, d, tt.same)
		}
	}
}
