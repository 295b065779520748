package conformance

import (
	"encoding/json"
	"math/rand"
	"reflect"
	"strings"
	"time"

	"github.com/safejson/safejson/internal/embedtypes"
)

// pkgPath is the package path StructOf needs for unexported fields.
const pkgPath = "github.com/safejson/safejson/conformance"

var (
	anyType       = reflect.TypeFor[any]()
	marshalerType = reflect.TypeFor[json.Marshaler]()
	timeType      = reflect.TypeFor[time.Time]()
	numberType    = reflect.TypeFor[json.Number]()
	rawType       = reflect.TypeFor[json.RawMessage]()
)

// leafTypes are the types that end a branch of a generated type, weighted by
// repetition towards the common ones.
func leafTypes() []reflect.Type {
	return []reflect.Type{
		reflect.TypeFor[bool](), reflect.TypeFor[int](), reflect.TypeFor[int8](), reflect.TypeFor[int16](),
		reflect.TypeFor[int32](), reflect.TypeFor[int64](), reflect.TypeFor[uint](), reflect.TypeFor[uint8](),
		reflect.TypeFor[uint16](), reflect.TypeFor[uint32](), reflect.TypeFor[uint64](), reflect.TypeFor[uintptr](),
		reflect.TypeFor[float32](), reflect.TypeFor[float64](), reflect.TypeFor[float64](),
		reflect.TypeFor[string](), reflect.TypeFor[string](), reflect.TypeFor[string](), reflect.TypeFor[embedtypes.Label](),
		reflect.TypeFor[[]byte](), numberType, rawType, timeType, timeType, reflect.TypeFor[*time.Time](),
		reflect.TypeFor[time.Duration](), anyType, anyType, marshalerType,
		reflect.TypeFor[jsonText](), reflect.TypeFor[ptrJSONText](), reflect.TypeFor[failingJSON](),
		reflect.TypeFor[textKey](), reflect.TypeFor[ptrTextKey](), reflect.TypeFor[intTextKey](),
		reflect.TypeFor[jsonAndText](), reflect.TypeFor[zeroer](), reflect.TypeFor[ptrZeroer](),
		reflect.TypeFor[embedtypes.EmbA](), reflect.TypeFor[embedtypes.EmbC](), reflect.TypeFor[holdsLower](),
		reflect.TypeFor[holdsLowerPtr](), reflect.TypeFor[stamped](), reflect.TypeFor[node](),
		reflect.TypeFor[map[string]any](), reflect.TypeFor[[]any](),
	}
}

// rareLeafTypes cannot be encoded at all or panic; they appear seldom so
// that they do not hide everything else behind one error.
func rareLeafTypes() []reflect.Type {
	return []reflect.Type{
		reflect.TypeFor[complex128](), reflect.TypeFor[chan int](), reflect.TypeFor[func()](),
		reflect.TypeFor[panicky](), reflect.TypeFor[map[bool]int](), reflect.TypeFor[map[float64]string](),
	}
}

// keyTypes are the map key types: strings, integers and TextMarshalers.
func keyTypes() []reflect.Type {
	return []reflect.Type{
		reflect.TypeFor[string](), reflect.TypeFor[string](), reflect.TypeFor[embedtypes.Label](), reflect.TypeFor[int](),
		reflect.TypeFor[int8](), reflect.TypeFor[uint16](), reflect.TypeFor[uint64](), reflect.TypeFor[textKey](),
		reflect.TypeFor[ptrTextKey](), reflect.TypeFor[intTextKey](), timeType,
	}
}

// embeddable are the named types a generated struct may embed.
func embeddable() []reflect.Type {
	return []reflect.Type{
		reflect.TypeFor[embedtypes.EmbA](), reflect.TypeFor[*embedtypes.EmbA](), reflect.TypeFor[embedtypes.EmbB](), reflect.TypeFor[*embedtypes.EmbB](),
		reflect.TypeFor[embedtypes.EmbC](), reflect.TypeFor[*embedtypes.EmbC](), reflect.TypeFor[embedtypes.Label](),
	}
}

// typeGen builds random types. depth bounds nesting.
type typeGen struct {
	r *rand.Rand
}

func (g typeGen) typ(depth int) reflect.Type {
	r := g.r
	if depth <= 0 || r.Intn(3) == 0 {
		if r.Intn(60) == 0 {
			rare := rareLeafTypes()
			return rare[r.Intn(len(rare))]
		}
		leaves := leafTypes()
		return leaves[r.Intn(len(leaves))]
	}
	switch r.Intn(9) {
	case 0:
		return reflect.PointerTo(g.typ(depth - 1))
	case 1, 2:
		return reflect.SliceOf(g.typ(depth - 1))
	case 3:
		return reflect.ArrayOf(r.Intn(4), g.typ(depth-1))
	case 4, 5:
		keys := keyTypes()
		return reflect.MapOf(keys[r.Intn(len(keys))], g.typ(depth-1))
	}
	return g.structType(depth)
}

// structType builds a struct with random names, tags and embedded types.
func (g typeGen) structType(depth int) reflect.Type {
	r := g.r
	var fields []reflect.StructField
	seen := map[string]bool{}
	for n := r.Intn(7); n > 0; n-- {
		var f reflect.StructField
		switch k := r.Intn(10); {
		case k == 0:
			emb := embeddable()
			f.Type = emb[r.Intn(len(emb))]
			base := f.Type
			if base.Kind() == reflect.Pointer {
				base = base.Elem()
			}
			f.Name = base.Name()
			f.Anonymous = true
		case k == 1:
			f.Name = []string{"a", "b", "x", "lower", "y"}[r.Intn(5)]
			f.PkgPath = pkgPath
			f.Type = g.typ(depth - 1)
		default:
			f.Name = randName(r)
			f.Type = g.typ(depth - 1)
		}
		if seen[f.Name] {
			continue
		}
		seen[f.Name] = true
		f.Tag = randTag(r)
		fields = append(fields, f)
	}
	return reflect.StructOf(fields)
}

// randTag returns a struct tag: none, a json tag with any of the options
// encoding/json knows (and one it does not) and embed, or a tag among
// other keys.
func randTag(r *rand.Rand) reflect.StructTag {
	if r.Intn(3) == 0 {
		return ""
	}
	var b strings.Builder
	if r.Intn(8) == 0 {
		b.WriteString(`xml:"other" `)
	}
	b.WriteString(`json:"`)
	switch r.Intn(12) {
	case 0:
		b.WriteString("-")
	case 1:
		b.WriteString("-,")
	default:
		b.WriteString(randTagName(r))
	}
	for _, opt := range []string{"omitempty", "omitzero", "string", "omitempty", "other"} {
		if r.Intn(5) == 0 {
			b.WriteString("," + opt)
		}
	}
	if r.Intn(40) == 0 {
		// v2's option (and v1's under Go 1.27) that merges a map's or a
		// struct's members into the struct's.
		b.WriteString(",embed")
	}
	b.WriteString(`"`)
	return reflect.StructTag(b.String())
}
