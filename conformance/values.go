package conformance

import (
	"encoding"
	"encoding/json"
	"fmt"
	"math"
	"math/rand"
	"reflect"
	"strings"
	"time"
)

// valueGen fills values of a given type. cyclic allows values that refer to
// themselves, which only the encoding properties want.
type valueGen struct {
	r      *rand.Rand
	size   int
	cyclic bool
	// fewTimeErrors makes times that cannot be written rare, for
	// properties about the times that can.
	fewTimeErrors bool
}

// value returns a new random value of type t.
func (g valueGen) value(t reflect.Type, depth int) reflect.Value {
	v := reflect.New(t).Elem()
	g.fill(v, depth)
	return v
}

// fill sets the settable v to a random value, leaving it zero now and then.
func (g valueGen) fill(v reflect.Value, depth int) {
	r := g.r
	if r.Intn(8) == 0 {
		return
	}
	t := v.Type()
	switch t {
	case timeType:
		v.Set(reflect.ValueOf(randTime(r, g.fewTimeErrors)))
		return
	case numberType:
		v.SetString(randNumber(r))
		return
	case rawType:
		v.SetBytes(g.rawText())
		return
	case anyType:
		g.fillAny(v, depth)
		return
	case marshalerType:
		ms := []json.Marshaler{jsonText(g.rawText()), failingJSON{randString(r, g.size)},
			new(ptrJSONText), jsonAndText{}, (*jsonText)(nil)}
		v.Set(reflect.ValueOf(&ms[r.Intn(len(ms))]).Elem())
		return
	case reflect.TypeFor[jsonText](), reflect.TypeFor[ptrJSONText]():
		v.SetString(string(g.rawText()))
		return
	case reflect.TypeFor[textKey]():
		v.SetString(randKeyText(r, g.size))
		return
	case reflect.TypeFor[node]():
		g.fillNode(v, depth)
		return
	}
	switch t.Kind() {
	case reflect.Bool:
		v.SetBool(r.Intn(2) == 0)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		v.SetInt(randInt64(r))
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		v.SetUint(uint64(randInt64(r)))
	case reflect.Float32:
		v.SetFloat(float64(randFloat32(r)))
	case reflect.Float64:
		v.SetFloat(randFloat64(r))
	case reflect.String:
		v.SetString(randString(r, g.size))
	case reflect.Pointer:
		p := reflect.New(t.Elem())
		g.fill(p.Elem(), depth-1)
		v.Set(p)
	case reflect.Slice:
		n := g.length()
		s := reflect.MakeSlice(t, n, n)
		if t.Elem().Kind() == reflect.Uint8 {
			r.Read(s.Bytes())
			if r.Intn(2) == 0 {
				reflect.Copy(s, reflect.ValueOf([]byte(randString(r, n))))
			}
		} else {
			for i := range n {
				g.fill(s.Index(i), depth-1)
			}
		}
		v.Set(s)
	case reflect.Array:
		for i := range v.Len() {
			g.fill(v.Index(i), depth-1)
		}
	case reflect.Map:
		m := reflect.MakeMap(t)
		names := map[string]bool{}
		for n := g.length(); n > 0; n-- {
			k := reflect.New(t.Key()).Elem()
			g.fill(k, 0)
			// Distinct keys with one name come out in random order, and
			// of two failing keys either error may be reported, in
			// encoding/json too; keep one of them.
			name := keyName(k)
			if strings.HasPrefix(name, "error ") {
				name = "error"
			}
			// A NaN key is never found again, and go-cmp refuses it.
			nan := (k.Kind() == reflect.Float32 || k.Kind() == reflect.Float64) && math.IsNaN(k.Float())
			if !names[name] && !nan {
				names[name] = true
				m.SetMapIndex(k, g.value(t.Elem(), depth-1))
			}
		}
		if g.cyclic && t.Elem() == anyType && r.Intn(30) == 0 {
			m.SetMapIndex(reflect.New(t.Key()).Elem(), m)
		}
		v.Set(m)
	case reflect.Struct:
		for i := range v.NumField() {
			if f := v.Field(i); f.CanSet() {
				g.fill(f, depth-1)
			}
		}
	}
}

// length is a container length: mostly short, now and then long.
func (g valueGen) length() int {
	if g.r.Intn(20) == 0 {
		return g.r.Intn(4*g.size + 8)
	}
	return g.r.Intn(g.size/4 + 3)
}

// fillAny stores a value of a random dynamic type in an interface.
func (g valueGen) fillAny(v reflect.Value, depth int) {
	r := g.r
	if depth <= 0 || r.Intn(3) == 0 {
		plain := []any{nil, true, randFloat64(r), randString(r, g.size), json.Number(randNumber(r)), map[string]any{}, []any{}}
		if x := plain[r.Intn(len(plain))]; x != nil {
			v.Set(reflect.ValueOf(x))
		}
		return
	}
	inner := g.value(typeGen{r}.typ(depth-1), depth-1)
	if g.cyclic && inner.Kind() == reflect.Slice && inner.Type().Elem() == anyType && inner.Len() > 0 && r.Intn(20) == 0 {
		inner.Index(0).Set(inner)
	}
	v.Set(inner)
}

// fillNode builds a short list, closed into a cycle now and then.
func (g valueGen) fillNode(v reflect.Value, depth int) {
	n := v.Addr().Interface().(*node)
	n.V = int(randInt64(g.r))
	if depth > 0 && g.r.Intn(2) == 0 {
		n.Next = new(node)
		g.fillNode(reflect.ValueOf(n.Next).Elem(), depth-1)
	}
	if depth > 0 && g.r.Intn(3) == 0 {
		n.Kids = make([]node, g.r.Intn(3))
		for i := range n.Kids {
			g.fillNode(reflect.ValueOf(&n.Kids[i]).Elem(), depth-1)
		}
	}
	if g.cyclic && g.r.Intn(40) == 0 {
		n.Next = n
	}
}

// rawText is JSON text for RawMessage and MarshalJSON results: mostly valid
// (with whitespace to compact), sometimes empty, broken or random.
func (g valueGen) rawText() []byte {
	switch g.r.Intn(10) {
	case 0:
		return nil
	case 1:
		return textGen{g.r, g.size}.anyText()
	}
	return textGen{g.r, g.size}.text()
}

// randKeyText is a textKey's content; a leading "!" makes MarshalText fail.
func randKeyText(r *rand.Rand, size int) string {
	s := randString(r, size)
	if r.Intn(25) == 0 {
		return "!" + s
	}
	return s
}

// randTime favours zones with odd offsets, nanoseconds with trailing
// zeros, and years on both sides of the [0, 9999] range.
func randTime(r *rand.Rand, fewErrors bool) time.Time {
	if r.Intn(8) == 0 {
		return time.Time{}
	}
	zones := []*time.Location{
		time.UTC, time.UTC, time.FixedZone("", 3600), time.FixedZone("", -1800), time.FixedZone("IST", 19800),
		time.FixedZone("", -12*3600), time.FixedZone("", 14*3600), time.FixedZone("", 59), time.FixedZone("UTC", 0),
		time.FixedZone("EST", -5*3600), time.FixedZone("", 24*3600), time.FixedZone("", -100*3600),
	}
	if fewErrors && r.Intn(50) > 0 {
		zones = zones[:len(zones)-2]
	}
	nanos := []int{0, 123456789, 100000000, 120000000, 1, 999999999, 500, r.Intn(1e9)}
	year := 1 + r.Intn(9999)
	switch r.Intn(40) {
	case 0:
		year = []int{0, -1, 10000, 12345, -300}[r.Intn(5)]
		if fewErrors && r.Intn(10) > 0 {
			year = 0
		}
	case 1:
		year = []int{1, 1969, 1970, 9999}[r.Intn(4)]
	}
	return time.Date(year, time.Month(1+r.Intn(12)), 1+r.Intn(31), r.Intn(24), r.Intn(60), r.Intn(60),
		nanos[r.Intn(len(nanos))], zones[r.Intn(len(zones))])
}

// keyName approximates the JSON name of a map key closely enough to tell
// apart keys that would collide.
func keyName(k reflect.Value) string {
	if k.Kind() == reflect.String {
		return k.String()
	}
	if tm, ok := k.Interface().(encoding.TextMarshaler); ok {
		b, err := tm.MarshalText()
		if err != nil {
			return "error " + err.Error()
		}
		return string(b)
	}
	return fmt.Sprint(k.Interface())
}
