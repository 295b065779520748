package encoder

import (
	"math"
	"reflect"

	"github.com/safejson/safejson/internal/escape"
	"github.com/safejson/safejson/internal/fields"
	"github.com/safejson/safejson/internal/mem"
	"github.com/safejson/safejson/internal/numfmt"
	"github.com/safejson/safejson/internal/semantics"
	"github.com/safejson/safejson/internal/syntax"
	"github.com/safejson/safejson/internal/wirev2"
)

// compiledField is a field ready to encode. It holds what every field
// needs, even one that omitempty skips, in 64 bytes, so that structs with
// many fields stay in cache and a field's parts are at fixed offsets from
// an index shifted once; the rest is behind fieldInfo.
type compiledField struct {
	offset uintptr
	// path says how much of the loop's work before the value the member
	// needs (see memberPath).
	path memberPath
	// reach: the field is reached through embedded pointers (derefs, see
	// reachField), or has an omitempty/omitzero test that omitWord cannot
	// make (omitFn): both off the common path.
	reach bool
	// omitWord, if not 0, omits the field when mem.IsEmpty says so, given
	// omitWord-1 (see omitWordOf).
	omitWord uint8
	op       fieldOp
	inner    leaf // the leaf behind opPtrLeaf's pointer or in opQuoted's quotes
	// nameLen, if not 0, says the field's `,"name":` is the same in every
	// escape mode (names rarely hold '<', '>', '&' or '/') and is that
	// long, up to 32 bytes, which name holds as mem.Words: it is written
	// from here, without going to fieldInfo or reading the mode.
	nameLen uint8
	// check: v2's omitempty, which leaves the member out when its value
	// writes as "", null, {} or [] (see emptyJSON), for opDerefV2.
	check bool
	name  [4]uint64
	enc   *typeEnc // the field's, or for opDerefV2 its target's
	*fieldInfo
}

// fieldOp is how the struct loop writes a member's value: a leaf kind
// (below leafKinds) inline, or one of these.
type fieldOp uint8

const (
	// opPtrLeaf: a plain pointer to a leaf of kind inner.
	opPtrLeaf = fieldOp(leafKinds) + iota
	// opDeref: another plain pointer, dereferenced here (derefElem).
	opDeref
	// The v2 preset's own: opDerefV2, a plain pointer dereferenced here,
	// whose target enc writes; opCallCheck, opCall for a member with
	// check.
	opDerefV2
	opCallCheck
	// opQuoted: a number leaf of kind inner inside quotes, for the
	// `string` option or the v2 preset's StringifyNumbers; opQuotedInt
	// the commonest of them, an int64 or int, written here.
	opQuoted
	opQuotedInt
	// opCall: anything else, by the type's encoder. It comes last, past
	// the ops the loop's switch names, which sends it to the call without
	// a jump through the switch's table.
	opCall
)

// quotedOp returns the op of a member whose number leaf of kind l is
// written inside quotes.
func quotedOp(l leaf) fieldOp {
	if l == leafInt64 || l == leafInt {
		return opQuotedInt
	}
	return opQuoted
}

type fieldInfo struct {
	// derefs are offsets of embedded pointers to follow before offset; a
	// nil one means the field is absent.
	derefs []uintptr
	// names holds `,"name":` for each escape mode, and words its first 32
	// bytes as mem.Words, for mem.AppendShort.
	names  [3]string
	words  [3][4]uint64
	omitFn func(p mem.Ptr) bool // the omitempty/omitzero test, if any
	// group writes the members behind an embedded pointer, at derefs[0],
	// in place of this member (see groupEmbedded).
	group encFn
}

// structEnc builds the encoder of struct type t; runs says it writes runs
// of values (see structRun).
func (c *compiler) structEnc(t reflect.Type, f flags) (_ encFn, runs bool) {
	s := fields.Of(t)
	if semantics.OnV2 && s.FormatField != "" {
		return formatTagEnc(s.FormatField), false
	}
	var members []compiledField
	for _, sf := range s.Fields {
		members = append(members, c.compileField(t, sf, f))
	}
	fn := membersEnc(groupEmbedded(members))
	if semantics.OnV2 && s.Fallback != nil {
		return c.fallbackEnc(t, *s.Fallback, f, fn), false
	}
	return fn, true
}

// membersEnc builds the loop that writes members of the struct at p inside
// braces, and goes on to the rest of st.run.
//
// Not inlined: the copy of the loop that inlining would make in a caller
// is compiled with none of its own calls inlined.
//
//go:noinline
func membersEnc(members []compiledField) encFn {
	return func(st *state, b []byte, p mem.Ptr) ([]byte, bool) {
		// The values to write: this one and those of st.run. The run
		// stays in memory (r is taken by address), out of the registers
		// that the field loop needs.
		run := st.run
		st.run.left = 0
		r := &run
		for {
			// Every member is written with a leading comma; the first one's
			// comma becomes the opening brace at the end.
			start := len(b)
			for i := range members {
				f := &members[i]
				var fp mem.Ptr
				if f.path == pathPlain {
					fp = mem.Field(p, f.offset)
					b = mem.AppendWords16(b, (*[2]uint64)(f.name[:2]), int(f.nameLen))
				} else if f.path == pathOmitWord {
					if fp = mem.Field(p, f.offset); mem.IsEmpty(fp, uintptr(f.omitWord-1)) {
						continue
					}
					b = mem.AppendWords16(b, (*[2]uint64)(f.name[:2]), int(f.nameLen))
				} else if f.path == pathPlainLong {
					fp = mem.Field(p, f.offset)
					b = mem.AppendWords32(b, &f.name, int(f.nameLen))
				} else {
					if !f.reach {
						fp = mem.Field(p, f.offset)
					} else if fp = f.reachField(p); fp == nil || f.omitWord == 0 && f.omitFn != nil && f.omitFn(fp) {
						continue
					} else if f.group != nil {
						// The group's members are written as a struct: its
						// braces become their leading comma, or nothing.
						at := len(b)
						var ok bool
						if b, ok = f.group(st, b, fp); !ok {
							return b, false
						}
						b = syntax.AsMembers(b, at)
						continue
					}
					if w := f.omitWord; w != 0 && mem.IsEmpty(fp, uintptr(w-1)) {
						continue
					}
					if n := int(f.nameLen); n > 16 {
						b = mem.AppendWords32(b, &f.name, n)
					} else if n != 0 {
						b = mem.AppendWords16(b, (*[2]uint64)(f.name[:2]), n)
					} else {
						b = mem.AppendShort(b, f.names[st.mode], &f.words[st.mode])
					}
				}
				switch f.op {
				case fieldOp(leafString):
					b = escape.AppendString(b, mem.Load[string](fp), st.mode)
					continue
				case fieldOp(leafInt64):
					b = numfmt.AppendInt(b, mem.Load[int64](fp))
					continue
				case fieldOp(leafInt):
					b = numfmt.AppendInt(b, int64(mem.Load[int](fp)))
					continue
				case fieldOp(leafInt32):
					b = numfmt.AppendInt(b, int64(mem.Load[int32](fp)))
					continue
				case fieldOp(leafUint64):
					b = numfmt.AppendUint(b, mem.Load[uint64](fp))
					continue
				case fieldOp(leafUint32):
					b = numfmt.AppendUint(b, uint64(mem.Load[uint32](fp)))
					continue
				case fieldOp(leafUint):
					b = numfmt.AppendUint(b, uint64(mem.Load[uint](fp)))
					continue
				case fieldOp(leafFloat64):
					if v := mem.Load[float64](fp); !math.IsInf(v, 0) && !math.IsNaN(v) {
						b = numfmt.AppendFloat64(b, v)
						continue
					}
				case fieldOp(leafBool):
					b = appendBool(b, mem.Load[bool](fp))
					continue
				case opPtrLeaf:
					w := mem.Deref(fp)
					if w == nil {
						b = append(b, "null"...)
						continue
					}
					var ok bool
					if b, ok = appendLeaf(st, b, w, f.inner); ok {
						continue
					}
				case opDeref:
					var ok bool
					if b, ok = derefElem(st, b, fp, f.enc); !ok {
						return b, false
					}
					continue
				case fieldOp(leafStringV2):
					at := len(b)
					var ok bool
					if b, ok = wirev2.AppendQuote(b, mem.Load[string](fp)); ok {
						continue
					}
					// Not UTF-8: the field's encoder writes it as v2 does.
					b = b[:at]
				case opDerefV2:
					// As the v2 preset's pointer encoder writes it, without
					// the call to it.
					q := mem.Deref(fp)
					if q == nil {
						b = append(b, "null"...)
						continue
					}
					if st.depth >= maxDepthV2 {
						return b, false
					}
					at := len(b)
					st.depth++
					var ok bool
					b, ok = f.enc.fn(st, b, q)
					st.depth--
					if !ok {
						return b, false
					}
					if f.check && emptyJSON(b[at:]) {
						b = b[:at-len(f.names[0])]
					}
					continue
				case opCallCheck:
					at := len(b)
					var ok bool
					if b, ok = f.enc.fn(st, b, fp); !ok {
						return b, false
					}
					if emptyJSON(b[at:]) {
						b = b[:at-len(f.names[0])]
					}
					continue
				case opQuotedInt:
					v := int64(mem.Load[int](fp))
					if f.inner == leafInt64 {
						v = mem.Load[int64](fp)
					}
					b = append(b, '"')
					b = append(numfmt.AppendInt(b, v), '"')
					continue
				case opQuoted:
					var ok bool
					if b, ok = appendQuotedNumber(b, fp, f.inner); ok {
						continue
					}
					// A float JSON cannot hold: the field's encoder reports it.
				case fieldOp(leafStrings), fieldOp(leafInt64s), fieldOp(leafInts), fieldOp(leafFloat64s):
					// As appendLeaf does, without the call to it.
					if mem.SliceIsNil(fp) {
						b = append(b, "null"...)
						continue
					}
					data, n := mem.Slice(fp)
					e := sliceElems[f.op]
					var bad int
					if b, bad = appendLeafElems(st, b, data, n, e.size, e.leaf); bad == leavesWritten {
						continue
					}
					// The field's encoder reports the float JSON cannot
					// hold, or, the text being past the limit, gives up.
				}
				if semantics.OnV2 {
					st.nest++
				}
				var ok bool
				b, ok = f.enc.fn(st, b, fp)
				if semantics.OnV2 {
					st.nest--
				}
				if !ok {
					return b, false
				}
			}
			if len(b) == start {
				b = append(b, "{}"...)
			} else {
				b[start] = '{'
				b = append(b, '}')
			}
			// On to the next value, past nil pointers in a run of them.
			for {
				if r.left == 0 {
					return b, true
				}
				if len(b) > st.limit {
					return b, st.fail(errTooLong)
				}
				r.left--
				b = append(b, ',')
				if r.slots == nil {
					p = mem.Field(p, r.stride)
					break
				}
				r.slots = mem.Field(r.slots, r.stride)
				if p = mem.Deref(r.slots); p != nil {
					break
				}
				b = append(b, "null"...)
			}
		}
	}
}

// groupEmbedded replaces each run of two or more members reached through
// the same embedded pointer with one member for the run, which writes
// them when the pointer is not nil: a nil one leaves them all out with
// one test, where each would test it again.
func groupEmbedded(members []compiledField) []compiledField {
	return fields.GroupRuns(members, firstDeref, func(run []compiledField) compiledField {
		sub := make([]compiledField, len(run))
		for k, m := range run {
			info := *m.fieldInfo
			info.derefs = info.derefs[1:]
			m.fieldInfo = &info
			m.classify()
			sub[k] = m
		}
		return compiledField{
			reach:     true,
			fieldInfo: &fieldInfo{derefs: run[0].derefs[:1], group: membersEnc(groupEmbedded(sub))},
		}
	})
}

// firstDeref is the offset of the first embedded pointer on f's way.
func firstDeref(f *compiledField) (uintptr, bool) {
	if len(f.derefs) == 0 {
		return 0, false
	}
	return f.derefs[0], true
}

// structRun is what remains of a run of struct values after the one a
// struct encoder is called for: left more, stride bytes apart or, when
// slots is set, pointed to by the pointers from the slot after slots on.
type structRun struct {
	left, stride uintptr
	slots        mem.Ptr
}

func (c *compiler) compileField(t reflect.Type, sf fields.Field, f flags) compiledField {
	cf := compiledField{fieldInfo: new(fieldInfo)}
	var typ reflect.Type
	cf.derefs, cf.offset, typ, f = fieldPath(t, sf.Index, f)
	ff := f & addressable
	if sf.Quoted {
		ff |= quoted
	}
	cf.enc = c.get(typ, ff)
	switch l := cf.enc.leaf; {
	case l != leafNone:
		cf.op = fieldOp(l)
	case cf.enc.ptrLeaf != leafNone:
		cf.op, cf.inner = opPtrLeaf, cf.enc.ptrLeaf
	case sf.Quoted && leafOf(typ, f&addressable).isNumber():
		cf.inner = leafOf(typ, f&addressable)
		cf.op = quotedOp(cf.inner)
	case plainPointer(typ):
		// A pointer type still being built (a recursive one) has no
		// ptrElem yet; derefElem reads it when run.
		cf.op = opDeref
	default:
		cf.op = opCall
	}
	// Script escapes the most; a name it leaves alone is the same in
	// every mode, and most names are.
	script := memberName(sf.Name, escape.Script)
	plain := len(script) == len(sf.Name)+4
	var words [4]uint64
	if plain {
		words = mem.Words(script)
	}
	for m := range escape.Mode(len(cf.names)) {
		if plain {
			cf.names[m], cf.words[m] = script, words
			continue
		}
		cf.names[m] = memberName(sf.Name, m)
		cf.words[m] = mem.Words(cf.names[m])
	}
	if n := len(cf.names[0]); n <= 32 && cf.names[0] == cf.names[1] && cf.names[1] == cf.names[2] {
		cf.nameLen, cf.name = uint8(n), cf.words[0]
	}
	cf.omitFn = omitFunc(typ, sf)
	if cf.omitFn != nil {
		cf.omitWord = omitWordOf(typ, sf)
	}
	cf.classify()
	return cf
}

// memberPath sorts members by what the struct loop must do before their
// value, so that the usual ones take one or two tests.
type memberPath uint8

const (
	// pathOther, the zero value: the rest, sorted out by reach, omitWord
	// and nameLen.
	pathOther memberPath = iota
	// pathPlain: reached without embedded pointers, no omit test, and a
	// name of 1 to 16 bytes (nameLen) that every mode writes the same.
	pathPlain
	// pathOmitWord: reached without embedded pointers, omitted by
	// omitWord, and a name of 1 to 16 bytes that every mode writes the
	// same. A sparse struct's members are mostly left out, so the test
	// comes before any look at the name.
	pathOmitWord
	// pathPlainLong: as pathPlain, with a name of 17 to 32 bytes.
	pathPlainLong
)

// classify sets reach and path from the member's derefs, omit test and
// name.
func (f *compiledField) classify() {
	f.reach = len(f.derefs) > 0 || f.omitFn != nil && f.omitWord == 0
	switch {
	case f.reach || f.nameLen == 0 || f.omitWord != 0 && f.nameLen > 16:
		f.path = pathOther
	case f.omitWord != 0:
		f.path = pathOmitWord
	case f.nameLen > 16:
		f.path = pathPlainLong
	default:
		f.path = pathPlain
	}
}

// reachField returns the field of the struct at p, following embedded
// pointers, or nil if one of them is nil and so leaves the field out.
func (f *compiledField) reachField(p mem.Ptr) mem.Ptr {
	for _, off := range f.derefs {
		if p = mem.Deref(mem.Field(p, off)); p == nil {
			return nil
		}
	}
	return mem.Field(p, f.offset)
}

// fieldPath walks the index path of a field of t, turning it into the
// offsets of embedded pointers to follow (derefs) and the field's offset
// after them; f gains addressable behind a pointer.
func fieldPath(t reflect.Type, index []int, f flags) (derefs []uintptr, offset uintptr, typ reflect.Type, _ flags) {
	typ = t
	for _, x := range index {
		if typ.Kind() == reflect.Pointer {
			derefs = append(derefs, offset)
			offset = 0
			typ = typ.Elem()
			// Fields behind a pointer are addressable.
			f |= addressable
		}
		fld := typ.Field(x)
		offset += fld.Offset
		typ = fld.Type
	}
	return derefs, offset, typ, f
}

// memberName is `,"name":` escaped in mode m, made in a buffer on the stack
// so that the string is the one allocation: the escaper grows what it is
// given to room for a whole block, which a first use of each type would
// otherwise pay for every name.
func memberName(name string, m escape.Mode) string {
	var buf [160]byte
	b := escape.AppendString(append(buf[:0], ','), name, m)
	return string(append(b, ':'))
}
