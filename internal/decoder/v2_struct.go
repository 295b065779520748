//go:build goexperiment.jsonv2 && go1.27

package decoder

import (
	"cmp"
	jsonv2 "encoding/json/v2"
	"reflect"
	"slices"
	"sync/atomic"

	"github.com/safejson/safejson/internal/fields"
	"github.com/safejson/safejson/internal/grammar"
	"github.com/safejson/safejson/internal/mem"
	"github.com/safejson/safejson/internal/v2opts"
)

// fieldV2 is one struct field as read.
type fieldV2 struct {
	name   string
	offset uintptr // in the struct, or in the last hop's
	typ    reflect.Type
	quoted bool // the `string` option: a number within a JSON string
	casing fields.Case
	// hops are the embedded pointers the member is reached through.
	hops []hopV2
}

// hopV2 is an embedded pointer to a struct: where it is, in the struct or in
// the hop before, and what it points to.
type hopV2 struct {
	offset uintptr
	elem   reflect.Type
}

// at returns where the member is in the struct at p, setting the embedded
// pointers on the way that are nil to new structs.
func (m *fieldV2) at(p mem.Ptr) mem.Ptr {
	if m.hops == nil {
		return mem.Field(p, m.offset)
	}
	return m.throughHops(p)
}

func (m *fieldV2) throughHops(p mem.Ptr) mem.Ptr {
	for _, h := range m.hops {
		hp := mem.Field(p, h.offset)
		if p = mem.Deref(hp); p == nil {
			p = mem.New(h.elem)
			mem.Store(hp, p)
		}
	}
	return mem.Field(p, m.offset)
}

type structPlanV2 struct {
	fields []fieldV2
	// index finds a member by name, for structs with more than
	// linearFields members; the others compare names in turn.
	index map[string]int
	// folded finds the members whose names match a name up to case,
	// dashes and underscores (see foldName), in v2's order of precedence:
	// breadth first. ignoreCase says a member has `case:ignore`, and so
	// is matched so without MatchCaseInsensitiveNames.
	folded     map[string][]int
	ignoreCase bool
	// embed is the `embed` map, which takes the members no field takes,
	// or nil.
	embed *embedV2
}

// embedV2 is a struct's `embed` map field.
type embedV2 struct {
	field fieldV2      // where it is; its type is the map's or a pointer to it
	typ   reflect.Type // the map type
}

// linearFieldsV2 is the most members a struct finds by comparing names.
const linearFieldsV2 = 8

// maxFieldsV2 is the most members a struct here may have: the members an
// object has set are bits of a few words.
const maxFieldsV2 = 256

// planV2 returns t's members, or nil if v2 rejects the struct type or a
// field is one the preset leaves to v2: a tag option other than omitempty,
// omitzero, string, case and embed, or an `embed` jsontext.Value. Compiling
// a type asks for a plan several times; the compiler keeps each.
func (c *compiler) planV2(t reflect.Type) *structPlanV2 {
	if plan, ok := c.plans[t]; ok {
		return plan
	}
	var plan *structPlanV2
	if p, ok := makePlanV2(t); ok {
		plan = &p
	}
	if c.plans == nil {
		c.plans = map[reflect.Type]*structPlanV2{}
	}
	c.plans[t] = plan
	return plan
}

func makePlanV2(t reflect.Type) (structPlanV2, bool) {
	// v2's rules for struct types have many errors (malformed tags,
	// tagged unexported fields, conflicting names, ...), reported when it
	// meets an object for the type. An empty one meets them all, once per
	// type, and runs no user code.
	if err := jsonv2.Unmarshal([]byte("{}"), reflect.New(t).Interface()); err != nil {
		return structPlanV2{}, false
	}
	s := fields.Of(t)
	if s.FormatField != "" || len(s.Fields) > maxFieldsV2 {
		return structPlanV2{}, false
	}
	var plan structPlanV2
	if fb := s.Fallback; fb != nil {
		offset, hops, ft, ok := pathV2(t, fb.Index)
		if !ok {
			return structPlanV2{}, false
		}
		em := embedV2{field: fieldV2{offset: offset, typ: ft, hops: hops}, typ: ft}
		if ft.Kind() == reflect.Pointer {
			em.typ = ft.Elem()
		}
		// v2 has rejected the keys that are not strings or have methods.
		if em.typ.Kind() != reflect.Map {
			return structPlanV2{}, false
		}
		plan.embed = &em
	}
	for _, f := range s.Fields {
		if f.Format != "" {
			return structPlanV2{}, false
		}
		if f.Path != 0 {
			return structPlanV2{}, false
		}
		offset, hops, ft, ok := pathV2(t, f.Index)
		if !ok {
			return structPlanV2{}, false
		}
		// v2 takes `string` on numbers, and rejects it elsewhere.
		quoted := f.Stringify
		if quoted && !fields.StringifiesNumber(ft) {
			return structPlanV2{}, false
		}
		plan.fields = append(plan.fields, fieldV2{f.Name, offset, ft, quoted, f.Case, hops})
		plan.ignoreCase = plan.ignoreCase || f.Case == fields.CaseIgnore
	}
	if len(plan.fields) > linearFieldsV2 {
		plan.index = make(map[string]int, len(plan.fields))
		for i, m := range plan.fields {
			plan.index[m.name] = i
		}
	}
	plan.folded = make(map[string][]int, len(plan.fields))
	for _, i := range breadthFirst(s.Fields) {
		k := string(fields.FoldName(nil, []byte(plan.fields[i].name), true))
		plan.folded[k] = append(plan.folded[k], i)
	}
	return plan, true
}

// pathV2 returns where the field of struct type t at index is, in t or
// through embedded pointers (hops), and its type; or false if v2 cannot
// set it.
func pathV2(t reflect.Type, index []int) (offset uintptr, hops []hopV2, ft reflect.Type, ok bool) {
	ft = t
	for _, x := range index {
		if ft.Kind() == reflect.Pointer {
			// Through an embedded pointer, which v2 sets to a new
			// struct when it is nil.
			hops = append(hops, hopV2{offset, ft.Elem()})
			offset, ft = 0, ft.Elem()
		}
		if ft.Kind() != reflect.Struct {
			return 0, nil, nil, false
		}
		sf := ft.Field(x)
		if sf.Anonymous && sf.Type.Kind() == reflect.Pointer && !sf.IsExported() {
			return 0, nil, nil, false // v2 cannot set it, and says so
		}
		offset += sf.Offset
		ft = sf.Type
	}
	return offset, hops, ft, true
}

// breadthFirst returns the indexes of fs in breadth-first order: by depth,
// then in the order of their declarations.
func breadthFirst(fs []fields.Field) []int {
	order := make([]int, len(fs))
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(i, j int) int {
		a, b := fs[i].Index, fs[j].Index
		return cmp.Or(cmp.Compare(len(a), len(b)), slices.Compare(a, b))
	})
	return order
}

// lookupFolded returns the index of the member whose name matches name up
// to case, dashes and underscores, and whose casing lets it match so
// (MatchCaseInsensitiveNames is matchCase), as v2 matches a name no field
// has exactly: -1 for none, and false where several do, which v2 rejects.
func (plan *structPlanV2) lookupFolded(name []byte, matchCase bool) (int, bool) {
	var buf [64]byte
	found := -1
	for _, i := range plan.folded[string(fields.FoldName(buf[:0], name, true))] {
		if c := plan.fields[i].casing; c == fields.CaseIgnore || matchCase && c != fields.CaseStrict {
			if found >= 0 {
				return -1, false
			}
			found = i
		}
	}
	return found, true
}

// lookup returns the index of the member named name, or -1. guess is the
// member expected next: documents mostly list members in one order.
func (plan *structPlanV2) lookup(name []byte, guess int) int {
	fs := plan.fields
	if guess < len(fs) && fs[guess].name == string(name) {
		return guess
	}
	if plan.index != nil {
		if i, ok := plan.index[string(name)]; ok {
			return i
		}
		return -1
	}
	for i := range fs {
		if fs[i].name == string(name) {
			return i
		}
	}
	return -1
}

// inPlaceV2 is a member name that the input may hold as it is written: the
// name expected next is compared with the input in place, as two words
// where it is short, before the string is read and looked up.
type inPlaceV2 struct {
	plain, short bool
	sn           grammar.ShortName
	name         string
}

func inPlaceOfV2(name string) inPlaceV2 {
	sn, short := grammar.ShortNameOf(name)
	return inPlaceV2{grammar.PlainEnd([]byte(name), 0) == len(name), short, sn, name}
}

// at consumes the name at d.I if it is this one, written as it is.
func (ip *inPlaceV2) at(d *decodeState) bool {
	switch {
	case !ip.plain:
		return false
	case ip.short:
		return d.StrIsShort(&ip.sn)
	}
	return d.StrIs(ip.name)
}

func (c *compiler) structDecV2(t reflect.Type) decFnV2 {
	plan := c.planV2(t)
	decs := make([]*typeDec, len(plan.fields))
	for i, m := range plan.fields {
		decs[i] = c.getV2(m.typ)
		if m.quoted {
			decs[i] = quotedV2(c.quotedDecV2(m.typ))
		}
	}
	// follows[i] is the member that came after member i last time, and
	// follows[n] the one that came first: documents of one shape list
	// their members in one order, often not the declared one. It only
	// guides the lookup, and is written only when the order changes.
	n := len(plan.fields)
	follows := make([]atomic.Int32, n+1)
	for i := range n {
		follows[i].Store(int32(i + 1))
	}
	var embed embedDecV2
	if plan.embed != nil {
		embed = c.embedDecV2(plan.embed)
	}
	// names[i] is how member i's name is recognized in place (see
	// inPlace); names[n], for no member, never is.
	names := make([]inPlaceV2, n+1)
	for i, m := range plan.fields {
		names[i] = inPlaceOfV2(m.name)
	}
	return func(d *decodeState, p mem.Ptr) bool {
		if more, ok := d.Expect('{'); !more {
			if d.merge {
				mem.Value(t, p).SetZero()
			}
			return ok
		}
		empty, ok := d.Open('}')
		if !ok {
			return false
		}
		if empty {
			return true
		}
		var seen [maxFieldsV2 / 64]uint64
		base := d.NameBase() // unknown names, which must not repeat either
		prev := n
		for {
			if d.Peek() != '"' {
				return false
			}
			guess := int(follows[prev].Load())
			f := guess
			var name []byte
			if !names[guess].at(d) {
				var ok bool
				if name, ok = d.Str(); !ok {
					return false
				}
				if f = plan.lookup(name, guess); f >= 0 && f != guess {
					follows[prev].Store(int32(f))
				}
				if matchCase := d.Flags&v2opts.MatchCase != 0; f < 0 && (matchCase || plan.ignoreCase) {
					if f, ok = plan.lookupFolded(name, matchCase); !ok {
						return false
					}
				}
			}
			if f < 0 {
				// The embed map takes the member, RejectUnknownMembers or not.
				if !d.Distinct(base, name) || !d.Colon() {
					return false
				}
				switch {
				case embed != nil:
					if !embed(d, p, name) {
						return false
					}
				case d.Flags&v2opts.RejectUnknown != 0 || !d.Skip():
					return false
				}
			} else {
				word, bit := f/64, uint64(1)<<(f%64)
				if seen[word]&bit != 0 {
					return false
				}
				seen[word] |= bit
				// The colon of text with no whitespace, or with one
				// space after the colon, is read here.
				if i := d.I; i+2 < len(d.Data) && d.Data[i] == ':' && d.Data[i+1] > ' ' {
					d.I = i + 1
				} else if i+2 < len(d.Data) && d.Data[i] == ':' && d.Data[i+1] == ' ' && d.Data[i+2] > ' ' {
					d.I = i + 2
				} else if !d.Colon() {
					return false
				}
				if !decs[f].fnV2(d, plan.fields[f].at(p)) {
					return false
				}
				prev = f
			}
			// So is a comma followed by the next name.
			if i := d.I; i+1 < len(d.Data) && d.Data[i] == ',' && d.Data[i+1] == '"' {
				d.I = i + 1
				continue
			}
			more, ok := d.Next('}')
			if !more {
				d.DropNames(base)
				return ok
			}
		}
	}
}

// embedDecV2 decodes the value at d.I as the member named name of the
// `embed` map of the struct at p.
type embedDecV2 func(d *decodeState, p mem.Ptr, name []byte) bool

// embedDecV2 builds the decoder of em's members. As in v2, the embedded
// pointers on the way, a pointer to the map and the map are made when the
// first member comes, and each value is decoded into a zero one, or, in a
// filled target, into a copy of the one the map holds under its name.
func (c *compiler) embedDecV2(em *embedV2) embedDecV2 {
	ptr := em.field.typ.Kind() == reflect.Pointer
	mapAt := func(p mem.Ptr) mem.Ptr {
		mp := em.field.at(p)
		if ptr {
			q := mem.Deref(mp)
			if q == nil {
				q = mem.New(em.typ)
				mem.Store(mp, q)
			}
			mp = q
		}
		return mp
	}
	if em.typ == reflect.TypeFor[map[string]any]() {
		// The usual one, for members kept as they came: no reflection.
		return func(d *decodeState, p mem.Ptr, name []byte) bool {
			mp := mapAt(p)
			m := mem.AnyMap(em.typ, mp)
			if m == nil {
				m = map[string]any{}
				mem.Store(mp, m)
			}
			k := d.keyV2(name)
			if x := m[k]; d.merge && x != nil {
				held := x
				ok := d.mergeAnyV2(mem.Pointee(&held), x)
				m[k] = held
				return ok
			}
			v, ok := d.anyValueV2()
			m[k] = v
			return ok
		}
	}
	kt, et := em.typ.Key(), em.typ.Elem()
	etd := c.getV2(et)
	scratch := mapScratchPool(kt, et)
	return func(d *decodeState, p mem.Ptr, name []byte) bool {
		m := mem.Addr(em.typ, mapAt(p)).Elem()
		if m.IsNil() {
			m.Set(reflect.MakeMap(em.typ))
		}
		sc := scratch.Get().(*mapScratch)
		defer sc.release(scratch)
		sc.key.SetString(d.keyV2(name))
		if d.merge {
			if v := m.MapIndex(sc.key); v.IsValid() {
				sc.elem.Set(v) // decoded into, as v2 reuses the entry
			}
		}
		if !etd.fnV2(d, mem.PointerOf(sc.elem.Addr())) {
			return false
		}
		m.SetMapIndex(sc.key, sc.elem)
		return true
	}
}
