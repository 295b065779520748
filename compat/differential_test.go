package compat_test

// Differential tests: values from a seeded random generator, and the
// benchmark corpora, encoded by compat and by encoding/json in every mode.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/safejson/safejson/compat"
	"github.com/safejson/safejson/internal/corpus"
)

// The seeds are fixed so that a failure names a case that reproduces.
const (
	diffSeed1 = 0x5afe150
	diffSeed2 = 0xc0ffee

	diffAnyCases   = 2500
	diffTypedCases = 120 // per type in diffTypes
)

type record struct {
	ID     int64
	Name   string             `json:"name"`
	Tags   []string           `json:"tags,omitempty"`
	Attrs  map[string]any     `json:"attrs"`
	Scores map[int]float64    `json:"scores,omitempty"`
	Keys   map[textInt]string `json:"keys,omitzero"`
	Nested *record            `json:",omitempty"`
	Items  []item
	Raw    compat.RawMessage
	When   time.Time
	WhenP  *time.Time `json:",omitzero"`
	Blob   []byte
	Num    compat.Number
	Flags  [3]bool
	Any    any
	F32    float32
	U8     uint8 `json:",string"`
	Small  int16 `json:"small,string,omitempty"`
	Note   *string
	Link   *valJSON
	Inner
}

type item struct {
	K string   `json:"k"`
	V *float64 `json:"v,omitempty"`
	T valText
	P ptrText
	J ptrJSON
	Z zeroVal `json:",omitzero"`
}

// diffTypes are the Go types whose random values the typed differential test
// encodes.
var diffTypes = []reflect.Type{
	reflect.TypeFor[record](),
	reflect.TypeFor[*record](),
	reflect.TypeFor[[]item](),
	reflect.TypeFor[map[string]item](),
	reflect.TypeFor[omitEmptyAll](),
	reflect.TypeFor[omitZeroAll](),
	reflect.TypeFor[stringOpt](),
	reflect.TypeFor[marshalerFields](),
	reflect.TypeFor[*marshalerFields](),
	reflect.TypeFor[htmlTags](),
	reflect.TypeFor[nonASCIIFields](),
	reflect.TypeFor[depthWins](),
	reflect.TypeFor[taggedBeatsPlain](),
	reflect.TypeFor[twoPathsShadowed](),
	reflect.TypeFor[ptrEmbed](),
	reflect.TypeFor[nonStructEmbed](),
	reflect.TypeFor[promotedPtrJSON](),
	reflect.TypeFor[*promotedPtrJSON](),
	reflect.TypeFor[Rec](),
	reflect.TypeFor[map[textInt][]float32](),
	reflect.TypeFor[map[int8]string](),
	reflect.TypeFor[[4]*string](),
	reflect.TypeFor[[]compat.Number](),
	reflect.TypeFor[[]namedBytes](),
	reflect.TypeFor[map[MyString]*Inner](),
}

// valueGen makes random Go values with hostile content: HTML and script
// breakers, U+2028, invalid UTF-8, control bytes, long runs, and numbers
// near the formatting cut-offs.
type valueGen struct {
	r *rand.Rand
}

var stringFragments = []string{
	"a", "hello world", "</script>", "<!--", "-->", "<script>", "&", "<", ">", "&amp;", "\u2028", "\u2029",
	"\xff", "\xfe", "\xed\xa0\x80", "\xc3", "\xe2\x80", "\xf0\x9f\x98", "\xc0\xaf", "\x00", "\x1f", "\x7f",
	"\"", "\\", "/", "\\u2028", "é", "日本", "😀", "\ufffd", "\t\n\r", "\b\f", " ", "0", "null", "{}",
}

func (g *valueGen) string() string {
	switch g.r.IntN(12) {
	case 0:
		return ""
	case 1:
		return strings.Repeat(stringFragments[g.r.IntN(len(stringFragments))], 1+g.r.IntN(300))
	case 2:
		b := make([]byte, g.r.IntN(12))
		for i := range b {
			b[i] = byte(g.r.UintN(256))
		}
		return string(b)
	case 3:
		return strings.Repeat("x", g.r.IntN(2000)) + stringFragments[g.r.IntN(len(stringFragments))]
	}
	var b strings.Builder
	for range 1 + g.r.IntN(6) {
		b.WriteString(stringFragments[g.r.IntN(len(stringFragments))])
	}
	return b.String()
}

func (g *valueGen) float64() float64 {
	switch g.r.IntN(8) {
	case 0:
		return float64(g.r.IntN(2001) - 1000)
	case 1:
		edges := floatEdgeCases()
		return edges[g.r.IntN(len(edges))]
	case 2:
		// Non-finite values are rare, so that most cases get past them.
		if g.r.IntN(20) == 0 {
			return []float64{math.NaN(), math.Inf(1), math.Inf(-1)}[g.r.IntN(3)]
		}
		fallthrough
	case 3:
		for {
			f := math.Float64frombits(g.r.Uint64())
			if !math.IsNaN(f) && !math.IsInf(f, 0) {
				return f
			}
		}
	case 4:
		return g.r.NormFloat64() * math.Pow10(g.r.IntN(50)-25)
	}
	return float64(g.r.Int64N(1e9)) / math.Pow10(g.r.IntN(30))
}

func (g *valueGen) number() compat.Number {
	if g.r.IntN(30) == 0 {
		return compat.Number([]string{"", "abc", "1.", "-", "01", "+1", ".5", "1e"}[g.r.IntN(8)])
	}
	switch g.r.IntN(3) {
	case 0:
		return compat.Number(fmt.Sprint(g.r.Int64()))
	case 1:
		return compat.Number(fmt.Sprintf("%g", g.float64()))
	}
	return compat.Number(fmt.Sprintf("-%d.%de%+d", g.r.IntN(100), g.r.IntN(1000), g.r.IntN(40)-20))
}

func (g *valueGen) time() time.Time {
	year := 1 + g.r.IntN(9999)
	if g.r.IntN(40) == 0 {
		year = []int{-1, 10000, 0}[g.r.IntN(3)]
	}
	loc := time.UTC
	switch g.r.IntN(4) {
	case 0:
		loc = time.FixedZone("", (g.r.IntN(49)-24)*1800)
	case 1:
		loc = time.FixedZone("X", g.r.IntN(50000)-25000)
	}
	return time.Date(year, time.Month(1+g.r.IntN(12)), 1+g.r.IntN(28), g.r.IntN(24), g.r.IntN(60), g.r.IntN(60), g.r.IntN(1e9), loc)
}

// rawJSON returns a RawMessage, usually valid JSON with some whitespace.
func (g *valueGen) raw(depth int) compat.RawMessage {
	switch g.r.IntN(40) {
	case 0:
		return nil
	case 1:
		return compat.RawMessage([]string{"{", "", "1 2", `"\x"`, "[1,]"}[g.r.IntN(5)])
	}
	b, err := json.Marshal(g.tree(depth + 1))
	if err != nil {
		return compat.RawMessage(`null`)
	}
	if g.r.IntN(2) == 0 {
		var buf bytes.Buffer
		json.Indent(&buf, b, " ", "\t")
		b = append(append([]byte("\n "), buf.Bytes()...), ' ')
	}
	return b
}

// tree returns a random value made of the types encoding/json decodes into,
// plus a few others that any-typed fields hold in real programs.
func (g *valueGen) tree(depth int) any {
	leaf := depth >= 5 || g.r.IntN(3) == 0
	n := g.r.IntN(24)
	if leaf && n >= 16 {
		n %= 16
	}
	switch n {
	case 0:
		return nil
	case 1:
		return g.r.IntN(2) == 0
	case 2, 3:
		return g.float64()
	case 4, 5, 6:
		return g.string()
	case 7:
		return g.number()
	case 8:
		return g.r.Int64() >> g.r.IntN(64)
	case 9:
		return float32(g.float64())
	case 10:
		b := []byte(g.string())
		if len(b) == 0 && g.r.IntN(2) == 0 {
			b = nil
		}
		return b
	case 11:
		return valJSON{g.string()}
	case 12:
		return &ptrText{g.string()}
	case 13:
		return g.time()
	case 14:
		return textInt(g.r.IntN(100))
	case 15:
		return rawText(g.string())
	case 16, 17, 18:
		m := map[string]any{}
		for range g.r.IntN(7) {
			m[g.string()] = g.tree(depth + 1)
		}
		if len(m) == 0 && g.r.IntN(3) == 0 {
			m = nil
		}
		return m
	case 19, 20, 21:
		s := make([]any, g.r.IntN(7))
		for i := range s {
			s[i] = g.tree(depth + 1)
		}
		return s
	case 22:
		m := map[int]any{}
		for range g.r.IntN(5) {
			m[g.r.IntN(200)-100] = g.tree(depth + 1)
		}
		return m
	default:
		return g.raw(depth)
	}
}

var (
	timeType   = reflect.TypeFor[time.Time]()
	numberType = reflect.TypeFor[compat.Number]()
	rawType    = reflect.TypeFor[compat.RawMessage]()
	anyType    = reflect.TypeFor[any]()
)

// fill sets v, which must be settable, to a random value of its type.
func (g *valueGen) fill(v reflect.Value, depth int) {
	switch v.Type() {
	case timeType:
		if g.r.IntN(4) > 0 {
			v.Set(reflect.ValueOf(g.time()))
		}
		return
	case numberType:
		v.SetString(string(g.number()))
		return
	case rawType:
		v.SetBytes(g.raw(depth))
		return
	case anyType:
		if t := g.tree(depth); t != nil {
			v.Set(reflect.ValueOf(t))
		}
		return
	}
	// Leave some values zero so omitempty and omitzero have work.
	if g.r.IntN(6) == 0 {
		return
	}
	switch v.Kind() {
	case reflect.Bool:
		v.SetBool(g.r.IntN(2) == 0)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		v.SetInt(g.r.Int64() >> g.r.IntN(64))
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		v.SetUint(g.r.Uint64() >> g.r.IntN(64))
	case reflect.Float32:
		f := g.float64()
		if float64(float32(f)) > math.MaxFloat32 || float64(float32(f)) < -math.MaxFloat32 {
			f = float64(math.Float32frombits(g.r.Uint32() &^ (1 << 30)))
		}
		v.SetFloat(f)
	case reflect.Float64:
		v.SetFloat(g.float64())
	case reflect.String:
		v.SetString(g.string())
	case reflect.Slice:
		if depth > 4 {
			return
		}
		s := reflect.MakeSlice(v.Type(), g.r.IntN(5), g.r.IntN(5)+5)
		for i := range s.Len() {
			g.fill(s.Index(i), depth+1)
		}
		v.Set(s)
	case reflect.Array:
		for i := range v.Len() {
			g.fill(v.Index(i), depth+1)
		}
	case reflect.Map:
		if depth > 4 {
			return
		}
		m := reflect.MakeMap(v.Type())
		for range g.r.IntN(6) {
			k := reflect.New(v.Type().Key()).Elem()
			g.fill(k, depth+1)
			e := reflect.New(v.Type().Elem()).Elem()
			g.fill(e, depth+1)
			m.SetMapIndex(k, e)
		}
		v.Set(m)
	case reflect.Pointer:
		if depth > 4 {
			return
		}
		p := reflect.New(v.Type().Elem())
		g.fill(p.Elem(), depth+1)
		v.Set(p)
	case reflect.Interface:
		// Only any is filled (above); other interfaces stay nil.
	case reflect.Struct:
		for i := range v.NumField() {
			if f := v.Field(i); f.CanSet() {
				g.fill(f, depth+1)
			}
		}
	case reflect.Func, reflect.Chan, reflect.Complex64, reflect.Complex128, reflect.UnsafePointer:
		// Left zero: their errors have their own table tests, and they would
		// end most random cases early.
	}
}

// describe prints a failing value briefly enough to read in a test log.
func describe(v any) string {
	s := fmt.Sprintf("%#v", v)
	if len(s) > 600 {
		s = s[:600] + "..."
	}
	return s
}

func TestDifferentialAny(t *testing.T) {
	g := &valueGen{rand.New(rand.NewPCG(diffSeed1, diffSeed2))}
	budget := newFailureBudget(t, 5)
	for i := range diffAnyCases {
		v := g.tree(0)
		for _, d := range encodeDiffs(v) {
			budget.fail("case %d (seed %#x,%#x): value %s\n%s", i, diffSeed1, diffSeed2, describe(v), d)
		}
	}
}

func TestDifferentialTyped(t *testing.T) {
	for _, typ := range diffTypes {
		t.Run(typ.String(), func(t *testing.T) {
			g := &valueGen{rand.New(rand.NewPCG(diffSeed1, uint64(len(typ.String()))))}
			budget := newFailureBudget(t, 3)
			for i := range diffTypedCases {
				p := reflect.New(typ)
				g.fill(p.Elem(), 0)
				// Both the value (fields not addressable) and a pointer to
				// it (fields addressable) go through the encoder.
				for _, v := range []any{p.Elem().Interface(), p.Interface()} {
					for _, d := range encodeDiffs(v) {
						budget.fail("case %d: %T %s\n%s", i, v, describe(v), d)
					}
				}
			}
		})
	}
}

// corpusModes encodes the large corpora compact with HTML escaping, and
// indented without it.
var corpusModes = modesNamed("Marshal", "Encoder/indent/noEscapeHTML")

func TestDifferentialCorpora(t *testing.T) {
	if testing.Short() {
		t.Skip("sequential and slow under -race; the plain test pass (without -short) runs it")
	}
	names := corpus.Names()
	if len(names) == 0 {
		t.Fatal("corpus.Names() is empty")
	}
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			data, err := corpus.Load(name)
			if err != nil {
				t.Fatal(err)
			}
			values := map[string]any{}
			if values["any"], err = corpus.DecodeAny(name); err != nil {
				t.Fatal(err)
			}
			dec := json.NewDecoder(bytes.NewReader(data))
			dec.UseNumber()
			var withNumbers any
			if err := dec.Decode(&withNumbers); err != nil {
				t.Fatal(err)
			}
			values["useNumber"] = withNumbers
			if typed, err := corpus.DecodeTyped(name); err == nil {
				values["typed"] = typed
				values["typedValue"] = reflect.ValueOf(typed).Elem().Interface()
			}
			values["raw"] = compat.RawMessage(data)
			for form, v := range values {
				for _, d := range encodeDiffsModes(v, corpusModes) {
					if len(d) > 3000 {
						d = d[:3000] + "..."
					}
					t.Errorf("%s as %s: %s", name, form, d)
				}
			}
		})
	}
}

// Random struct types, made with reflect.StructOf. They vary field kinds,
// offsets and alignment, tags (including duplicate names), embedding and
// nesting, which a per-type compiled encoder has to get right one by one.

var (
	leafFieldTypes = []reflect.Type{
		reflect.TypeFor[bool](), reflect.TypeFor[int](), reflect.TypeFor[int8](), reflect.TypeFor[int16](),
		reflect.TypeFor[int32](), reflect.TypeFor[int64](), reflect.TypeFor[uint](), reflect.TypeFor[uint8](),
		reflect.TypeFor[uint16](), reflect.TypeFor[uint32](), reflect.TypeFor[uint64](), reflect.TypeFor[uintptr](),
		reflect.TypeFor[float32](), reflect.TypeFor[float64](), reflect.TypeFor[string](), reflect.TypeFor[[]byte](),
		reflect.TypeFor[MyString](), reflect.TypeFor[MyInt](), reflect.TypeFor[jsonInt](), reflect.TypeFor[textInt](),
		reflect.TypeFor[valJSON](), reflect.TypeFor[ptrJSON](), reflect.TypeFor[valText](), reflect.TypeFor[ptrText](),
		reflect.TypeFor[time.Time](), reflect.TypeFor[compat.Number](), reflect.TypeFor[compat.RawMessage](),
		reflect.TypeFor[zeroVal](), reflect.TypeFor[zeroPtr](), reflect.TypeFor[any](), reflect.TypeFor[ptrShapedJSON](),
		reflect.TypeFor[mapJSON](), reflect.TypeFor[struct{}](), reflect.TypeFor[[0]int](),
	}
	mapKeyTypes = []reflect.Type{
		reflect.TypeFor[string](), reflect.TypeFor[int](), reflect.TypeFor[uint8](), reflect.TypeFor[textInt](),
		reflect.TypeFor[MyString](),
	}
	embeddableTypes = []reflect.Type{
		reflect.TypeFor[Inner](), reflect.TypeFor[PlainX](), reflect.TypeFor[TaggedX](), reflect.TypeFor[PathA](),
		reflect.TypeFor[WrapTagged](), reflect.TypeFor[*Inner](), reflect.TypeFor[*TaggedX](),
	}
	fieldTags = []string{
		"", "", "", `json:"a"`, `json:"b"`, `json:"X"`, `json:"A"`, `json:",omitempty"`, `json:",omitzero"`,
		`json:",string"`, `json:"-"`, `json:"-,"`, `json:"s,string,omitempty"`, `json:"z,omitzero,omitempty"`,
		`json:"<&>"`, `json:"é"`,
	}
)

func (g *valueGen) fieldType(depth int) reflect.Type {
	if depth >= 3 || g.r.IntN(3) > 0 {
		return leafFieldTypes[g.r.IntN(len(leafFieldTypes))]
	}
	elem := g.fieldType(depth + 1)
	switch g.r.IntN(5) {
	case 0:
		return reflect.PointerTo(elem)
	case 1:
		return reflect.SliceOf(elem)
	case 2:
		return reflect.ArrayOf(g.r.IntN(4), elem)
	case 3:
		return reflect.MapOf(mapKeyTypes[g.r.IntN(len(mapKeyTypes))], elem)
	}
	return g.structType(depth + 1)
}

func (g *valueGen) structType(depth int) reflect.Type {
	var fields []reflect.StructField
	if g.r.IntN(3) == 0 {
		et := embeddableTypes[g.r.IntN(len(embeddableTypes))]
		name := et.Name()
		if et.Kind() == reflect.Pointer {
			name = et.Elem().Name()
		}
		fields = append(fields, reflect.StructField{Name: name, Type: et, Anonymous: true, Tag: reflect.StructTag(fieldTags[g.r.IntN(4)])})
	}
	for i := range g.r.IntN(8) {
		fields = append(fields, reflect.StructField{
			Name: fmt.Sprintf("F%d", i),
			Type: g.fieldType(depth),
			Tag:  reflect.StructTag(fieldTags[g.r.IntN(len(fieldTags))]),
		})
	}
	// Go names that collide with the embedded fields' names.
	if g.r.IntN(4) == 0 {
		fields = append(fields, reflect.StructField{Name: "A", Type: g.fieldType(depth)})
	}
	return reflect.StructOf(fields)
}

func TestDifferentialStructOf(t *testing.T) {
	const types, valuesPerType = 300, 6
	g := &valueGen{rand.New(rand.NewPCG(diffSeed1, 8))}
	budget := newFailureBudget(t, 5)
	for i := range types {
		typ := g.structType(0)
		for j := range valuesPerType {
			p := reflect.New(typ)
			g.fill(p.Elem(), 0)
			for _, v := range []any{p.Elem().Interface(), p.Interface()} {
				for _, d := range encodeDiffs(v) {
					budget.fail("type %d, value %d: %v\nvalue %s\n%s", i, j, typ, describe(v), d)
				}
			}
		}
	}
}
