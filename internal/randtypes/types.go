// Package randtypes draws random sets of Go types and values shaped like
// the records of real programs: structs of 1 to 150 fields of the kinds and
// tags real code uses, nested, embedded and recursive types, types with
// their own JSON and text methods, and values of realistic sizes. A
// benchmark over many such sets, drawn anew from a seed, measures a JSON
// library on shapes that nobody chose, so that no engine can be tuned to
// them. Every value marshals without error, and unmarshals back from
// encoding/json's output into an equal value.
package randtypes

import (
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"strings"
	"time"
)

// Class is the kind of shape a type set has.
type Class int

const (
	// Records are a struct type of 1 to 150 fields, with values mostly
	// set, as an API's responses or a table's rows.
	Records Class = iota
	// MostlyZero are wide structs (60 to 150 fields) without omitempty,
	// with most members zero, as sparse records written in full.
	MostlyZero
	// Recursive are a struct holding deep trees of Node, Comment and Expr
	// beside a few plain fields.
	Recursive
)

func (c Class) String() string {
	return [...]string{"records", "mostly-zero", "recursive"}[c]
}

// Set is one type set: a type and a value of it to marshal, and the
// shape that was drawn.
type Set struct {
	Index int
	Class Class
	// Type is the type of Value and what Unmarshal decodes into: a slice
	// of records or, now and then, a pointer to one.
	Type  reflect.Type
	Value any
	Shape Shape
}

// Shape counts what a set's record type is made of, to describe the sets
// a library is slow on.
type Shape struct {
	Fields    int // fields of the top-level record, embedded ones counted as one
	Items     int // records in the value (1 for a pointer)
	Depth     int // levels of nesting of the record type
	Kinds     map[string]int
	OmitEmpty int
	OmitZero  int
	Quoted    int // fields with the ,string option
}

// String describes the shape in one line, most frequent kinds first.
func (s Shape) String() string {
	type kc struct {
		k string
		n int
	}
	var kcs []kc
	for k, n := range s.Kinds {
		kcs = append(kcs, kc{k, n})
	}
	// Most frequent first, then by name, so that the line is stable.
	for i := range kcs {
		for j := i + 1; j < len(kcs); j++ {
			if kcs[j].n > kcs[i].n || kcs[j].n == kcs[i].n && kcs[j].k < kcs[i].k {
				kcs[i], kcs[j] = kcs[j], kcs[i]
			}
		}
	}
	var parts []string
	for i, c := range kcs {
		if i == 8 {
			parts = append(parts, fmt.Sprintf("%d more kinds", len(kcs)-i))
			break
		}
		parts = append(parts, fmt.Sprintf("%d %s", c.n, c.k))
	}
	return fmt.Sprintf("%d fields (%s), depth %d, %d items, omitempty %d, omitzero %d, string %d",
		s.Fields, strings.Join(parts, ", "), s.Depth, s.Items, s.OmitEmpty, s.OmitZero, s.Quoted)
}

// Generate returns n type sets drawn from seed: the same seed and n give
// the same sets, and set i does not depend on n.
func Generate(seed uint64, n int) []Set {
	sets := make([]Set, n)
	for i := range sets {
		sets[i] = One(seed, i)
	}
	return sets
}

// One draws set index of those Generate draws from seed, on its own.
func One(seed uint64, index int) Set {
	r := rand.New(rand.NewPCG(seed, uint64(index)))
	g := &typeGen{r: r, shape: Shape{Kinds: map[string]int{}}}
	set := Set{Index: index}
	switch k := r.IntN(20); {
	case k < 14:
		set.Class = Records
		g.omitEmpty = []float64{0, 0.1, 0.3, 0.6}[r.IntN(4)]
	case k < 17:
		set.Class = MostlyZero
	default:
		set.Class = Recursive
	}
	var record reflect.Type
	switch set.Class {
	case Records:
		record = g.record(recordWidth(r), 0)
	case MostlyZero:
		record = g.record(60+r.IntN(91), 0)
	case Recursive:
		record = g.recursiveRecord()
	}
	g.shape.Fields = record.NumField()
	g.shape.Depth = depth(record)

	vg := &valueGen{r: r, setRatio: 0.9}
	switch set.Class {
	case MostlyZero:
		vg.setRatio = 0.08 + 0.1*r.Float64()
	case Recursive:
		vg.deep = true
	}
	items := 1
	if r.IntN(4) == 0 {
		set.Type = reflect.PointerTo(record)
		p := reflect.New(record)
		vg.fillRecord(p.Elem())
		set.Value = p.Interface()
	} else {
		set.Type = reflect.SliceOf(record)
		s := fillToSize(vg, record, targetSize(r))
		items = s.Len()
		set.Value = s.Interface()
	}
	g.shape.Items = items
	set.Shape = g.shape
	return set
}

// recordWidth draws a record's field count: mostly 5 to 30, sometimes
// one or two, sometimes up to 150.
func recordWidth(r *rand.Rand) int {
	switch k := r.IntN(10); {
	case k == 0:
		return 1 + r.IntN(4)
	case k < 8:
		return 5 + r.IntN(26)
	}
	return 30 + r.IntN(121)
}

// targetSize draws the size of a set's JSON text: from 200 bytes to
// 256 kB, evenly on a log scale, so that the median is a few kilobytes.
func targetSize(r *rand.Rand) int {
	return int(200 * math.Pow(2, 10.3*r.Float64()))
}

// fillToSize returns a slice of records that encoding/json writes in
// about size bytes, at least one record.
func fillToSize(vg *valueGen, record reflect.Type, size int) reflect.Value {
	s := reflect.MakeSlice(reflect.SliceOf(record), 0, 8)
	for n := 0; n < size && s.Len() < 5000; {
		v := reflect.New(record).Elem()
		vg.fillRecord(v)
		data, err := json.Marshal(v.Interface())
		if err != nil {
			panic(fmt.Sprintf("randtypes: a drawn value does not marshal: %v", err))
		}
		n += len(data) + 1
		s = reflect.Append(s, v)
	}
	return s
}

// depth is the number of struct levels in t, named types' included.
func depth(t reflect.Type) int {
	seen := map[reflect.Type]bool{}
	var walk func(reflect.Type) int
	walk = func(t reflect.Type) int {
		switch t.Kind() {
		case reflect.Pointer, reflect.Slice, reflect.Array, reflect.Map:
			return walk(t.Elem())
		case reflect.Struct:
			if seen[t] || t == timeType {
				return 0
			}
			seen[t] = true
			d := 0
			for i := range t.NumField() {
				d = max(d, walk(t.Field(i).Type))
			}
			seen[t] = false
			return d + 1
		}
		return 0
	}
	return walk(t)
}

var (
	timeType    = reflect.TypeFor[time.Time]()
	anyType     = reflect.TypeFor[any]()
	numberType  = reflect.TypeFor[json.Number]()
	moneyType   = reflect.TypeFor[Money]()
	statusType  = reflect.TypeFor[Status]()
	versionType = reflect.TypeFor[Version]()
	nodeType    = reflect.TypeFor[Node]()
	commentType = reflect.TypeFor[Comment]()
	exprType    = reflect.TypeFor[Expr]()
)

// typeGen draws struct types and counts what it drew into shape.
type typeGen struct {
	r         *rand.Rand
	shape     Shape
	omitEmpty float64 // the share of fields tagged omitempty
	fieldID   int
}

// kind is a field type with a weight and a name for Shape.
type kind struct {
	weight int
	name   string
	make   func(g *typeGen, level int) reflect.Type
}

func fixed(t reflect.Type) func(*typeGen, int) reflect.Type {
	return func(*typeGen, int) reflect.Type { return t }
}

// fieldKinds are the field types and how often real records have them.
// It is a function, not a variable, because the nested kinds call back
// into record.
func fieldKinds() []kind {
	return []kind{
		{24, "string", fixed(reflect.TypeFor[string]())},
		{9, "int", fixed(reflect.TypeFor[int]())},
		{5, "int64", fixed(reflect.TypeFor[int64]())},
		{2, "int32", fixed(reflect.TypeFor[int32]())},
		{4, "uint64", fixed(reflect.TypeFor[uint64]())},
		{1, "uint8", fixed(reflect.TypeFor[uint8]())},
		{8, "bool", fixed(reflect.TypeFor[bool]())},
		{6, "float64", fixed(reflect.TypeFor[float64]())},
		{1, "float32", fixed(reflect.TypeFor[float32]())},
		{5, "time", fixed(timeType)},
		{2, "*time", fixed(reflect.PointerTo(timeType))},
		{2, "*string", fixed(reflect.TypeFor[*string]())},
		{2, "*int64", fixed(reflect.TypeFor[*int64]())},
		{1, "*bool", fixed(reflect.TypeFor[*bool]())},
		{1, "*float64", fixed(reflect.TypeFor[*float64]())},
		{4, "[]string", fixed(reflect.TypeFor[[]string]())},
		{2, "[]int64", fixed(reflect.TypeFor[[]int64]())},
		{1, "[]float64", fixed(reflect.TypeFor[[]float64]())},
		{1, "[]byte", fixed(reflect.TypeFor[[]byte]())},
		{1, "[3]float64", fixed(reflect.TypeFor[[3]float64]())},
		{2, "map[string]string", fixed(reflect.TypeFor[map[string]string]())},
		{1, "map[string]int", fixed(reflect.TypeFor[map[string]int]())},
		{1, "map[string]any", fixed(reflect.TypeFor[map[string]any]())},
		{1, "map[int64]string", fixed(reflect.TypeFor[map[int64]string]())},
		{1, "map[Status]int", fixed(reflect.TypeFor[map[Status]int]())},
		{1, "any", fixed(anyType)},
		{1, "json.Number", fixed(numberType)},
		{1, "Label", fixed(reflect.TypeFor[Label]())},
		{2, "Money", fixed(moneyType)},
		{2, "Status", fixed(statusType)},
		{1, "Version", fixed(versionType)},
		{4, "struct", func(g *typeGen, level int) reflect.Type { return g.record(1+g.r.IntN(12), level+1) }},
		{3, "*struct", func(g *typeGen, level int) reflect.Type {
			return reflect.PointerTo(g.record(1+g.r.IntN(12), level+1))
		}},
		{3, "[]struct", func(g *typeGen, level int) reflect.Type {
			return reflect.SliceOf(g.record(1+g.r.IntN(10), level+1))
		}},
		{1, "map[string]struct", func(g *typeGen, level int) reflect.Type {
			return reflect.MapOf(reflect.TypeFor[string](), g.record(1+g.r.IntN(6), level+1))
		}},
		{1, "*Node", fixed(reflect.PointerTo(nodeType))},
		{1, "[]*Comment", fixed(reflect.SliceOf(reflect.PointerTo(commentType)))},
	}
}

// pick draws a field kind; below the top level, no nested structs past
// level 3.
func (g *typeGen) pick(level int) kind {
	kinds := fieldKinds()
	total := 0
	for _, k := range kinds {
		total += k.weight
	}
	for {
		w := g.r.IntN(total)
		for _, k := range kinds {
			if w < k.weight {
				if level >= 3 && strings.Contains(k.name, "struct") {
					break
				}
				return k
			}
			w -= k.weight
		}
	}
}

// record builds a struct of n fields; level 0 is the top-level record,
// whose fields Shape counts.
func (g *typeGen) record(n, level int) reflect.Type {
	fields := make([]reflect.StructField, 0, n)
	if level == 0 && n > 3 && g.r.IntN(4) == 0 {
		fields = append(fields, reflect.StructField{Name: "Base", Type: reflect.TypeFor[Base](), Anonymous: true})
		g.shape.Kinds["embedded Base"]++
	}
	for len(fields) < n {
		k := g.pick(level)
		t := k.make(g, level)
		if level == 0 {
			g.shape.Kinds[k.name]++
		}
		fields = append(fields, g.field(t, level))
	}
	return reflect.StructOf(fields)
}

// field names a field and tags it as real code does: mostly a snake_case
// name, sometimes omitempty, rarely omitzero, ,string on some numbers,
// now and then "-".
func (g *typeGen) field(t reflect.Type, level int) reflect.StructField {
	g.fieldID++
	word := words[g.r.IntN(len(words))]
	goName := fmt.Sprintf("%s%d", strings.ToUpper(word[:1])+word[1:], g.fieldID)
	f := reflect.StructField{Name: goName, Type: t}
	r := g.r
	if r.IntN(10) == 0 {
		return f // no tag: the Go name
	}
	if r.IntN(60) == 0 {
		f.Tag = `json:"-"`
		return f
	}
	tag := fmt.Sprintf("%s_%d", word, g.fieldID)
	count := level == 0
	if r.Float64() < g.omitEmpty {
		tag += ",omitempty"
		if count {
			g.shape.OmitEmpty++
		}
	} else if g.omitEmpty > 0 && r.IntN(30) == 0 {
		tag += ",omitzero"
		if count {
			g.shape.OmitZero++
		}
	}
	if quotable(t) && r.IntN(15) == 0 {
		tag += ",string"
		if count {
			g.shape.Quoted++
		}
	}
	f.Tag = reflect.StructTag(`json:"` + tag + `"`)
	return f
}

// quotable says whether the ,string option applies to t: numbers, bools
// and strings, and pointers to them.
func quotable(t reflect.Type) bool {
	if t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t.PkgPath() != "" {
		return false
	}
	switch t.Kind() {
	case reflect.String, reflect.Bool, reflect.Int, reflect.Int32, reflect.Int64, reflect.Uint8,
		reflect.Uint64, reflect.Float32, reflect.Float64:
		return true
	}
	return false
}

// recursiveRecord is a record whose weight is in deep trees.
func (g *typeGen) recursiveRecord() reflect.Type {
	fields := []reflect.StructField{
		g.field(reflect.TypeFor[uint64](), 1),
		g.field(reflect.TypeFor[string](), 1),
	}
	g.shape.Kinds["uint64"]++
	g.shape.Kinds["string"]++
	for _, t := range []reflect.Type{nodeType, reflect.PointerTo(nodeType), reflect.SliceOf(reflect.PointerTo(commentType)), reflect.PointerTo(exprType), reflect.SliceOf(exprType)} {
		if g.r.IntN(2) == 0 {
			fields = append(fields, g.field(t, 1))
			g.shape.Kinds[strings.ReplaceAll(t.String(), "randtypes.", "")]++
		}
	}
	if len(fields) == 2 {
		fields = append(fields, g.field(nodeType, 1))
		g.shape.Kinds["Node"]++
	}
	return reflect.StructOf(fields)
}

// words name the fields.
var words = []string{
	"id", "name", "title", "email", "status", "kind", "count", "total", "price", "amount",
	"created", "updated", "owner", "user", "score", "url", "path", "label", "region", "code",
	"version", "enabled", "visible", "lat", "lon", "size", "items", "tags", "meta", "note",
	"parent", "source", "target", "level", "rank", "color", "city", "phone", "comment", "ratio",
}
