//go:build goexperiment.jsonv2 && go1.27

package encoder

import (
	"math"
	"reflect"
	"slices"

	"github.com/safejson/safejson/internal/fields"
	"github.com/safejson/safejson/internal/mem"
	"github.com/safejson/safejson/internal/numfmt"
	"github.com/safejson/safejson/internal/syntax"
	"github.com/safejson/safejson/internal/wirev2"
)

// memberV2 is one struct field as written.
type memberV2 struct {
	name   string  // `"name":`, quoted as v2 quotes it
	offset uintptr // in the struct, or in the last hop's
	// hops are the offsets of the embedded pointers the field is reached
	// through, each in the struct the hop before points to.
	hops      []uintptr
	typ       reflect.Type
	omitEmpty bool
	quoted    bool               // the `string` option: a number in a JSON string
	isZero    func(mem.Ptr) bool // for omitzero
}

// planStructV2 returns t's members, or false if v2 rejects the struct type
// or a field is one this package leaves to v2: one with a tag option that
// changes how v2 writes it other than omitempty, omitzero and `string` on
// numbers (see [fields.Options]), or an `embed` field that embedMapOfV2
// leaves to v2.
// With omitZero (OmitZeroStructFields) every member is omitzero.
func planStructV2(t reflect.Type, omitZero bool) ([]memberV2, bool) {
	if !structRulesHold(t) {
		return nil, false
	}
	s := fields.Of(t)
	if s.FormatField != "" {
		return nil, false
	}
	if s.Fallback != nil {
		if _, ok := embedMapOfV2(t, *s.Fallback); !ok {
			return nil, false
		}
	}
	plan := make([]memberV2, 0, len(s.Fields))
	for _, f := range s.Fields {
		if f.Format != "" {
			return nil, false
		}
		if f.Path != 0 {
			return nil, false
		}
		var offset uintptr
		var hops []uintptr
		ft := t
		for _, x := range f.Index {
			if ft.Kind() == reflect.Pointer {
				// Through an embedded pointer: the field is absent when
				// it is nil.
				hops = append(hops, offset)
				offset, ft = 0, ft.Elem()
			}
			if ft.Kind() != reflect.Struct {
				return nil, false
			}
			sf := ft.Field(x)
			offset += sf.Offset
			ft = sf.Type
		}
		// v2 takes `string` on numbers, and rejects it elsewhere.
		quoted := f.Stringify
		if quoted && !fields.StringifiesNumber(ft) {
			return nil, false
		}
		name, ok := wirev2.AppendQuote(nil, f.Name)
		if !ok {
			return nil, false
		}
		var zero func(mem.Ptr) bool
		if f.OmitZero || omitZero {
			zero = zeroFunc(ft)
		}
		plan = append(plan, memberV2{string(name) + ":", offset, hops, ft, f.OmitEmpty, quoted, zero})
	}
	return plan, true
}

// compiledFieldV2 is a member ready to write, in one place: what every
// member needs, so that structs with many members stay in cache.
type compiledFieldV2 struct {
	offset uintptr
	kind   inlineKindV2
	// omitWord, if not 0, omits the member when mem.IsEmpty says so, given
	// omitWord-1: omitzero where mem.ZeroWord decides it, or omitempty of a
	// string, a slice, a pointer or an interface, one load and test.
	omitWord uint8
	// rare sends the member the long way (reach, omitted): through
	// embedded pointers (hops), or with a test before writing that is not
	// one word's.
	rare bool
	// path says how much of the loop's work before the value the member
	// needs (see memberPath).
	path memberPath
	// omit is that test: omitzero's, or omitempty's of a map; for
	// omitzero (with isZero), zeroThenEmpty is omitempty's.
	omit          emptyTestV2
	zeroThenEmpty emptyTestV2
	// check says omitempty must look at the written value too: a
	// pointer, an interface, a struct or a method can write "", null,
	// {} or [] where the test before cannot tell.
	check bool
	// name is `,"name":`; words hold its first 32 bytes, which are
	// written as words rather than through a call to copy them.
	name   string
	words  [4]uint64
	hops   []uintptr
	enc    *typeEnc
	elem   *typeEnc           // a pointer's target's, for inlinePointer
	isZero func(mem.Ptr) bool // omitzero's test
	typ    reflect.Type
}

// emptyTestV2 is how omitempty tells, before writing a value, that it
// writes as "", [], {} or null.
type emptyTestV2 uint8

const (
	emptyNever  emptyTestV2 = iota
	emptyString             // a string of no bytes
	emptySlice              // a slice of no elements, nil or not
	emptyMap                // a map of no members, nil or not
	emptyNilPointer
	emptyNilInterface
	omitZeroTest // omitzero: isZero, then zeroThenEmpty
)

// empty applies test, one of the empty tests, to the value at p of type
// t.
func empty(test emptyTestV2, t reflect.Type, p mem.Ptr) bool {
	switch test {
	case emptyString:
		return len(mem.Load[string](p)) == 0
	case emptySlice:
		_, n := mem.Slice(p)
		return n == 0
	case emptyMap:
		return mem.Value(t, p).Len() == 0
	case emptyNilPointer:
		return mem.Deref(p) == nil
	case emptyNilInterface:
		return mem.IfaceIsNil(p)
	}
	return false
}

// emptyTestOf returns omitempty's test before writing a value of type t,
// and whether the written value must be looked at as well.
func emptyTestOf(t reflect.Type) (emptyTestV2, bool) {
	if hasMethodsV2(t) || t == timeType {
		return emptyNever, true
	}
	switch t.Kind() {
	case reflect.String:
		return emptyString, false
	case reflect.Slice:
		return emptySlice, false
	case reflect.Map:
		return emptyMap, false
	case reflect.Pointer:
		return emptyNilPointer, true
	case reflect.Interface:
		return emptyNilInterface, true
	case reflect.Struct, reflect.Array:
		return emptyNever, true
	}
	return emptyNever, false // numbers and bools are never empty
}

func (c *compiler) structEncV2(t reflect.Type, vf flags) encFn {
	plan, ok := planStructV2(t, vf&v2OmitZeroFields != 0)
	if !ok {
		return unsupportedV2
	}
	fs := make([]compiledFieldV2, len(plan))
	for i, m := range plan {
		f := &fs[i]
		f.offset, f.hops, f.isZero, f.typ = m.offset, m.hops, m.isZero, m.typ
		f.name = "," + m.name
		f.words = mem.Words(f.name)
		test := emptyNever
		if m.omitEmpty {
			test, f.check = emptyTestOf(m.typ)
		}
		switch {
		case m.isZero != nil && !m.omitEmpty && !hasIsZero(m.typ) && mem.ZeroWord(m.typ) != 0:
			f.omitWord = mem.ZeroWord(m.typ)
		case m.isZero != nil:
			f.omit, f.zeroThenEmpty = omitZeroTest, test
		case test == emptyMap:
			f.omit = emptyMap
		case test == emptyString || test == emptySlice:
			f.omitWord = 1 + uint8(mem.LenOffset)
		case test == emptyNilPointer || test == emptyNilInterface:
			f.omitWord = 1
		}
		f.classify()
		if m.quoted {
			f.enc = c.get(m.typ, vf&v2Mask|quoted)
			continue
		}
		f.enc = c.get(m.typ, vf&v2Mask)
		if f.kind = inlineKindOfV2(m.typ, vf); f.kind == inlinePointer {
			f.elem = c.get(m.typ.Elem(), vf&v2Mask)
		}
	}
	fn := membersEncV2(groupEmbeddedV2(fs))
	if s := fields.Of(t); s.Fallback != nil {
		em, _ := embedMapOfV2(t, *s.Fallback)
		names := map[string]bool{}
		for _, f := range s.Fields {
			names[string(fields.FoldName(nil, []byte(f.Name), true))] = true
		}
		return c.embedEncV2(em, names, fn, vf)
	}
	return fn
}

// membersEncV2 builds the loop that writes the members fs of the struct at p
// inside braces.
//
// Not inlined: the copy of the loop that inlining would make in a caller
// is compiled with none of its own calls inlined.
//
//go:noinline
func membersEncV2(fs []compiledFieldV2) encFn {
	return func(st *state, b []byte, p mem.Ptr) ([]byte, bool) {
		// Every member is written with a leading comma; the first one's
		// comma becomes the opening brace at the end.
		start := len(b)
		for i := range fs {
			f := &fs[i]
			var fp mem.Ptr
			memberStart := len(b)
			if f.path == pathPlain {
				fp = mem.Field(p, f.offset)
				b = mem.AppendWords16(b, (*[2]uint64)(f.words[:2]), len(f.name))
			} else if f.path == pathOmitWord {
				if fp = mem.Field(p, f.offset); mem.IsEmpty(fp, uintptr(f.omitWord-1)) {
					continue
				}
				b = mem.AppendWords16(b, (*[2]uint64)(f.words[:2]), len(f.name))
			} else {
				if !f.rare {
					fp = mem.Field(p, f.offset)
				} else if fp = f.reach(p); fp == nil || f.omit != emptyNever && f.omitted(fp) {
					continue
				} else if f.kind == inlineGroup {
					// The group's members are written as a struct: its
					// braces become their leading comma, or nothing.
					at := len(b)
					var ok bool
					if b, ok = f.enc.fn(st, b, fp); !ok {
						return b, false
					}
					b = syntax.AsMembers(b, at)
					continue
				}
				if w := f.omitWord; w != 0 && mem.IsEmpty(fp, uintptr(w-1)) {
					continue
				}
				b = mem.AppendShort(b, f.name, &f.words)
			}
			valueStart := len(b)
			ok := true
			// The commonest field types are written here, not through a
			// call of their encoder each. Leaves are never judged empty
			// by their output (check), so they go straight on.
			switch f.kind {
			case inlineString:
				if b, ok = wirev2.AppendQuote(b, mem.Load[string](fp)); !ok {
					if b, ok = st.quoteInvalidV2(b[:valueStart], mem.Load[string](fp)); !ok {
						return b, false
					}
				}
				continue
			case inlineInt64:
				b = numfmt.AppendInt(b, mem.Load[int64](fp))
				continue
			case inlineInt:
				b = numfmt.AppendInt(b, int64(mem.Load[int](fp)))
				continue
			case inlineInt32:
				b = numfmt.AppendInt(b, int64(mem.Load[int32](fp)))
				continue
			case inlineUint64:
				b = numfmt.AppendUint(b, mem.Load[uint64](fp))
				continue
			case inlineUint:
				b = numfmt.AppendUint(b, uint64(mem.Load[uint](fp)))
				continue
			case inlineUint32:
				b = numfmt.AppendUint(b, uint64(mem.Load[uint32](fp)))
				continue
			case inlineBool:
				b = appendBool(b, mem.Load[bool](fp))
				continue
			case inlineFloat64:
				v := mem.Load[float64](fp)
				if math.IsInf(v, 0) || math.IsNaN(v) {
					return b, false
				}
				b = numfmt.AppendFloat64(b, v)
				continue
			case inlinePointer:
				// As pointerTo writes it, without the call to it.
				switch q := mem.Deref(fp); {
				case q == nil:
					b = append(b, "null"...)
				case st.depth >= maxDepthV2:
					return b, false
				default:
					st.depth++
					b, ok = f.elem.fn(st, b, q)
					st.depth--
				}
			default:
				b, ok = f.enc.fn(st, b, fp)
			}
			if !ok {
				return b, false
			}
			if f.check && emptyJSON(b[valueStart:]) {
				b = b[:memberStart]
			}
		}
		if len(b) == start {
			return append(b, "{}"...), true
		}
		b[start] = '{'
		return append(b, '}'), true
	}
}

// groupEmbeddedV2 replaces each run of two or more members reached through
// the same embedded pointer with one member for the run, which writes
// them when the pointer is not nil: a nil one leaves them all out with
// one test, where each would test it again.
func groupEmbeddedV2(fs []compiledFieldV2) []compiledFieldV2 {
	return fields.GroupRuns(fs, firstHop, func(run []compiledFieldV2) compiledFieldV2 {
		sub := slices.Clone(run)
		for k := range sub {
			m := &sub[k]
			m.hops = m.hops[1:]
			m.classify()
		}
		return compiledFieldV2{
			kind: inlineGroup,
			rare: true,
			hops: run[0].hops[:1],
			enc:  &typeEnc{fn: membersEncV2(groupEmbeddedV2(sub))},
		}
	})
}

// firstHop is the offset of the first embedded pointer on f's way.
func firstHop(f *compiledFieldV2) (uintptr, bool) {
	if len(f.hops) == 0 {
		return 0, false
	}
	return f.hops[0], true
}

// reach returns a pointer to the member in the struct at p, or nil if an
// embedded pointer on the way is nil: v2 then omits the member.
func (f *compiledFieldV2) reach(p mem.Ptr) mem.Ptr {
	for _, h := range f.hops {
		if p = mem.Deref(mem.Field(p, h)); p == nil {
			return nil
		}
	}
	return mem.Field(p, f.offset)
}

// omitted applies the test before writing that is not one word's to the
// member at fp.
func (f *compiledFieldV2) omitted(fp mem.Ptr) bool {
	switch f.omit {
	case emptyMap:
		return empty(emptyMap, f.typ, fp)
	case omitZeroTest:
		return f.isZero(fp) || empty(f.zeroThenEmpty, f.typ, fp)
	}
	return false
}

// classify sets rare and path from the member's hops, omit test and
// name.
func (f *compiledFieldV2) classify() {
	f.rare = len(f.hops) > 0 || f.omit != emptyNever
	switch {
	case f.rare || len(f.name) > 16:
		f.path = pathOther
	case f.omitWord != 0:
		f.path = pathOmitWord
	default:
		f.path = pathPlain
	}
}

// inlineKindV2 names the field types a struct's encoder writes itself.
type inlineKindV2 uint8

const (
	inlineNone inlineKindV2 = iota
	inlineString
	inlineInt64
	inlineInt
	inlineInt32
	inlineUint64
	inlineUint
	inlineUint32
	inlineBool
	inlineFloat64
	inlinePointer // a pointer, whose target's encoder is called directly
	// inlineGroup is the members behind one embedded pointer (see
	// groupEmbeddedV2), written by enc as a struct.
	inlineGroup
)

// inlineKindOfV2 returns how a struct's encoder writes a field of type t:
// itself, for the kinds whose encoder buildV2 chooses by kind alone, or
// through t's encoder.
func inlineKindOfV2(t reflect.Type, f flags) inlineKindV2 {
	if t == timeType || t == durationType || hasMethodsV2(t) {
		return inlineNone
	}
	if f&v2StringifyNumbers != 0 && t.Kind() != reflect.String && t.Kind() != reflect.Bool && t.Kind() != reflect.Pointer {
		return inlineNone // numbers, which their encoders quote
	}
	switch t.Kind() {
	case reflect.String:
		return inlineString
	case reflect.Int64:
		return inlineInt64
	case reflect.Int:
		return inlineInt
	case reflect.Int32:
		return inlineInt32
	case reflect.Uint64:
		return inlineUint64
	case reflect.Uint:
		return inlineUint
	case reflect.Uint32:
		return inlineUint32
	case reflect.Bool:
		return inlineBool
	case reflect.Float64:
		return inlineFloat64
	case reflect.Pointer:
		return inlinePointer
	}
	return inlineNone
}

// emptyJSON reports whether v is one of the values v2's omitempty omits.
func emptyJSON(v []byte) bool {
	switch string(v) {
	case "null", `""`, "{}", "[]":
		return true
	}
	return false
}
