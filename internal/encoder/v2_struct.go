//go:build goexperiment.jsonv2 && go1.27

package encoder

import (
	"reflect"

	"github.com/safejson/safejson/internal/fields"
	"github.com/safejson/safejson/internal/mem"
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
)

// empty applies test, one of the empty tests, to the value at p; pt is its
// pointer type where the test is emptyMap.
func empty(test emptyTestV2, pt mem.PtrType, p mem.Ptr) bool {
	switch test {
	case emptyString:
		return len(mem.Load[string](p)) == 0
	case emptySlice:
		_, n := mem.Slice(p)
		return n == 0
	case emptyMap:
		return pt.ValueAt(p).Len() == 0
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

// structEncV2 builds the v2 preset's encoder of struct type t; runs says
// it writes runs of values (see structRun).
func (c *compiler) structEncV2(t reflect.Type, vf flags) (_ encFn, runs bool) {
	plan, ok := planStructV2(t, vf&v2OmitZeroFields != 0)
	if !ok {
		return unsupportedV2, false
	}
	members := make([]compiledField, len(plan))
	for i, m := range plan {
		members[i] = c.compileMemberV2(m, vf)
	}
	fn := membersEnc(groupEmbedded(members))
	if s := fields.Of(t); s.Fallback != nil {
		em, _ := embedMapOfV2(t, *s.Fallback)
		names := map[string]bool{}
		for _, f := range s.Fields {
			names[string(fields.FoldName(nil, []byte(f.Name), true))] = true
		}
		return c.embedEncV2(em, names, fn, vf), false
	}
	return fn, true
}

// compileMemberV2 makes m a member of the struct loop, membersEnc, with
// v2's rules: its name as v2 quotes it, the same in every escape mode;
// v2's omitempty and omitzero; and v2's ways of writing values.
func (c *compiler) compileMemberV2(m memberV2, vf flags) compiledField {
	cf := compiledField{offset: m.offset, fieldInfo: &fieldInfo{derefs: m.hops}}
	name := "," + m.name
	words := mem.Words(name)
	cf.names = [3]string{name, name, name}
	cf.words = [3][4]uint64{words, words, words}
	if len(name) <= 32 {
		cf.nameLen = uint8(len(name))
		cf.name = words
	}
	test, check := emptyNever, false
	if m.omitEmpty {
		test, check = emptyTestOf(m.typ)
	}
	var pt mem.PtrType
	if test == emptyMap {
		pt = mem.PtrTypeOf(m.typ)
	}
	switch typ, isZero := m.typ, m.isZero; {
	case isZero != nil && !m.omitEmpty && !hasIsZero(typ) && mem.ZeroWord(typ) != 0:
		cf.omitWord = mem.ZeroWord(typ)
	case isZero != nil && test == emptyNever:
		cf.omitFn = isZero
	case isZero != nil:
		cf.omitFn = func(p mem.Ptr) bool { return isZero(p) || empty(test, pt, p) }
	case test == emptyMap:
		cf.omitFn = func(p mem.Ptr) bool { return empty(emptyMap, pt, p) }
	case test == emptyString || test == emptySlice:
		cf.omitWord = 1 + uint8(mem.LenOffset)
	case test == emptyNilPointer || test == emptyNilInterface:
		cf.omitWord = 1
	}
	cf.classify()
	cf.check = check
	l, pointer := leafOfV2(m.typ)
	if pointer && !m.quoted {
		// The loop dereferences the pointer: enc is its target's.
		cf.op, cf.enc = opDerefV2, c.get(m.typ.Elem(), vf&v2Mask)
		return cf
	}
	ef := vf & v2Mask
	if m.quoted {
		ef |= quoted
	}
	cf.enc = c.get(m.typ, ef)
	switch {
	case check:
		cf.op = opCallCheck
	case l.isNumber() && (m.quoted || vf&v2StringifyNumbers != 0):
		cf.op, cf.inner = quotedOp(l), l
	case m.quoted || l == leafNone:
		cf.op = opCall
	default:
		cf.op = fieldOp(l)
	}
	return cf
}

// leafOfV2 returns how the v2 preset's struct and element loops write a
// value of type t themselves: as a leaf of the kind returned (inside
// quotes when a number under StringifyNumbers or the `string` option), or,
// with pointer, as a plain
// pointer whose target's encoder they call. Else it returns leafNone, and
// t's encoder writes it.
func leafOfV2(t reflect.Type) (_ leaf, pointer bool) {
	if t == timeType || t == durationType || hasMethodsV2(t) {
		return leafNone, false
	}
	switch t.Kind() {
	case reflect.Pointer:
		return leafNone, true
	case reflect.String:
		return leafStringV2, false
	case reflect.Bool:
		return leafBool, false
	}
	switch t.Kind() {
	case reflect.Int64:
		return leafInt64, false
	case reflect.Int:
		return leafInt, false
	case reflect.Int32:
		return leafInt32, false
	case reflect.Uint64:
		return leafUint64, false
	case reflect.Uint:
		return leafUint, false
	case reflect.Uint32:
		return leafUint32, false
	case reflect.Float64:
		return leafFloat64, false
	}
	return leafNone, false
}
