package decoder

import (
	"errors"
	"fmt"
	"reflect"
	"sync/atomic"

	"github.com/safejson/safejson/internal/fields"
	"github.com/safejson/safejson/internal/grammar"
	"github.com/safejson/safejson/internal/mem"
	"github.com/safejson/safejson/internal/semantics"
)

// field is one JSON member of a struct type.
type field struct {
	name  string
	match string // name as a JSON string's body may spell it (see expected)
	// short is match ready to be compared in place, if isShort.
	short   grammar.ShortName
	isShort bool
	idx     int
	owner   reflect.Type // the struct whose member it is
	path    []string     // error path: embedded fields passed through, then name
	steps   []ptrStep    // embedded pointers to follow first
	offset  uintptr      // from the struct, or from the last embedded pointer
	typ     reflect.Type
	dec     *typeDec
	quoted  bool
	// quotedKind is the kind of a `,string` field's bool or number that
	// quotedLeaf reads, or 0; quotedString says the field is a string
	// that quotedString reads.
	quotedKind   reflect.Kind
	quotedString bool
	leaf         leafKind // decoded inline by the struct loop when the input is the usual
	// folded is the name under Unicode case folding, "" if the field
	// matches exactly or not at all; depth is how many embedded structs
	// it is promoted through.
	folded string
	depth  int
	// follow is 1 + the index of the field that last followed this one in
	// an object where it was not the next declared, or 0: inputs that
	// order members their own way order them the same way each time.
	follow atomic.Int32
}

// after is the index of the field expected to follow f.
func (f *field) after() int {
	if n := f.follow.Load(); n != 0 {
		return int(n) - 1
	}
	return f.idx + 1
}

// leafKind names the field types the struct loop decodes itself for the
// input they usually get, saving calls; anything else goes to the field's
// decoder.
type leafKind uint8

const (
	leafNone leafKind = iota
	leafString
	leafInt64
	leafUint64
	leafFloat64
	leafBool
)

func leafOf(f *field) leafKind {
	t := f.typ
	if f.quoted || len(f.steps) > 0 || t == numberType || t.Name() != "" && hasMethods(reflect.PointerTo(t)) {
		return leafNone
	}
	switch t.Kind() {
	case reflect.String:
		return leafString
	case reflect.Int, reflect.Int64:
		if t.Size() == 8 {
			return leafInt64
		}
	case reflect.Uint, reflect.Uint64:
		if t.Size() == 8 {
			return leafUint64
		}
	case reflect.Float64:
		return leafFloat64
	case reflect.Bool:
		return leafBool
	}
	return leafNone
}

// leaf decodes field f of the struct at p inline if the input is of the
// field's own kind, and otherwise through member.
func (d *decodeState) leaf(f *field, p mem.Ptr) error {
	fp := mem.Field(p, f.offset)
	switch c := d.peek(); f.leaf {
	case leafString:
		if c == '"' {
			s, err := d.str()
			if err == nil {
				mem.Store(fp, s)
			}
			return err
		}
	case leafInt64:
		if n, ok := d.fastInt(); ok {
			mem.Store(fp, n)
			return nil
		}
	case leafUint64:
		if n, ok := d.fastUint(); ok {
			mem.Store(fp, n)
			return nil
		}
	case leafFloat64:
		if x, ok := d.fastFloat(); ok {
			mem.Store(fp, x)
			return nil
		}
	case leafBool:
		if c == 't' || c == 'f' {
			l, err := d.literal()
			if err == nil {
				mem.Store(fp, l == 't')
			}
			return err
		}
	}
	return d.member(f, p)
}

// ptrStep is an embedded pointer on the way to a promoted field.
type ptrStep struct {
	offset   uintptr
	elem     reflect.Type
	settable bool // the embedded field is exported
}

type structDec struct {
	t      reflect.Type
	fields []field
	exact  map[string]*field
	folded map[string]*field // first field for each folded name
	// v1 on v2 only: the `embed` field that takes unknown members.
	fallback *fields.Field
	// first is the index of the field objects last started with.
	first atomic.Int32
}

// learn notes that field idx followed field prev (-1 for the start of an
// object) where another was expected.
func (sd *structDec) learn(prev, idx int) {
	if prev < 0 {
		if int(sd.first.Load()) != idx {
			sd.first.Store(int32(idx))
		}
		return
	}
	if f := &sd.fields[prev]; int(f.follow.Load()) != idx+1 {
		f.follow.Store(int32(idx + 1))
	}
}

func (c *compiler) structDec(t reflect.Type) decFn {
	st := fields.Of(t)
	fs := st.Fields
	sd := &structDec{
		t:        t,
		fields:   make([]field, len(fs)),
		fallback: st.Fallback,
	}
	if len(fs) > scannedFields {
		sd.exact = make(map[string]*field, len(fs))
		sd.folded = make(map[string]*field, len(fs))
	}
	if semantics.OnV2 && st.FormatField != "" {
		// v1 on v2 cannot decode an object into it.
		fe := &formatError{st.FormatOwner, st.FormatField}
		return func(d *decodeState, p mem.Ptr) error {
			if d.peek() != '{' {
				return d.mismatch(t)
			}
			return d.unsupportedFormat(fe)
		}
	}
	for i, ef := range fs {
		f := &sd.fields[i]
		f.name, f.idx, f.owner, f.quoted = ef.Name, i, t, ef.Quoted
		f.match = matchName(f.name)
		f.short, f.isShort = grammar.ShortNameOf(f.match)
		cur := t
		for k, x := range ef.Index {
			sf := cur.Field(x)
			f.offset += sf.Offset
			cur = sf.Type
			if k == len(ef.Index)-1 {
				break
			}
			f.path = append(f.path, sf.Name)
			if cur.Kind() == reflect.Pointer {
				cur = cur.Elem()
				f.steps = append(f.steps, ptrStep{offset: f.offset, elem: cur, settable: sf.IsExported()})
				f.offset = 0
			}
		}
		f.path = append(f.path, f.name)
		f.typ = cur
		f.dec = c.get(cur)
		f.leaf = leafOf(f)
		if f.quoted && stringifiable(cur) {
			if cur.Kind() == reflect.String {
				f.quotedString = true
			} else {
				f.quotedKind = cur.Kind()
			}
		}
		f.depth = len(ef.Index)
		if !semantics.OnV2 || ef.Case != fields.CaseStrict { // else matched exactly or not at all
			f.folded = string(fields.FoldName(nil, []byte(f.name), false))
		}
		if sd.exact == nil {
			continue
		}
		sd.exact[f.name] = f
		if g := sd.folded[f.folded]; f.folded != "" && (g == nil || sd.foldsBefore(f, g)) {
			sd.folded[f.folded] = f
		}
	}
	return sd.decode
}

// scannedFields is the number of fields up to which lookup compares names
// one by one: faster than hashing them, and no maps to keep per type.
const scannedFields = 8

// foldsBefore reports whether f, declared after g, takes a key that folds
// to both: v1 on v2 takes the first in breadth-first order, the shallowest
// and then the first declared; classic encoding/json the first declared.
func (sd *structDec) foldsBefore(f, g *field) bool {
	return semantics.OnV2 && f.depth < g.depth
}

// expectedLong consumes the key at d.i if it is, byte for byte, the name f
// has: the struct loop's test of the field it expects next (see decode),
// for a long name, or near the end of the input.
func (d *decodeState) expectedLong(f *field) *field {
	i, end := d.i+1, d.i+1+len(f.match)
	if end < len(d.data) && d.data[end] == '"' && string(d.data[i:end]) == f.match {
		d.i = end + 1
		return f
	}
	return nil
}

// lookup finds the field for key: an exact match first, then one equal under
// Unicode case folding.
func (sd *structDec) lookup(key []byte) *field {
	var buf [64]byte
	if sd.exact != nil {
		if f := sd.exact[string(key)]; f != nil {
			return f
		}
		return sd.folded[string(fields.FoldName(buf[:0], key, false))]
	}
	for i := range sd.fields {
		if f := &sd.fields[i]; f.name == string(key) {
			return f
		}
	}
	k := fields.FoldName(buf[:0], key, false)
	var best *field
	for i := range sd.fields {
		if f := &sd.fields[i]; f.folded != "" && f.folded == string(k) && (best == nil || sd.foldsBefore(f, best)) {
			best = f
		}
	}
	return best
}

func (sd *structDec) decode(d *decodeState, p mem.Ptr) error {
	if d.peek() != '{' {
		return d.mismatch(sd.t)
	}
	empty, err := d.open('}')
	if err != nil {
		return err
	}
	if empty {
		return nil
	}
	next, prev := int(sd.first.Load()), -1
	for {
		if d.peek() != '"' {
			return errSyntax
		}
		// Objects usually list members in the struct's order: the name
		// of the field after the previous one is compared as a string's
		// body spells it (see matchName), with no unquoting, and a short
		// one in place, here.
		var f *field
		if uint(next) < uint(len(sd.fields)) {
			f = &sd.fields[next]
			if i := d.i + 1; f.isShort && len(d.data)-i >= 16 {
				if f.short.At((*[16]byte)(d.data[i:])) {
					d.i = i + len(f.match) + 1
				} else {
					f = nil
				}
			} else {
				f = d.expectedLong(f)
			}
		}
		if f == nil {
			keyAt := d.i
			key, err := d.stringBytes()
			if err != nil {
				return err
			}
			if f = sd.lookup(key); f != nil {
				sd.learn(prev, f.idx)
			}
			if f == nil && semantics.OnV2 && sd.fallback != nil {
				if err := d.fallbackMember(sd.fallback, p, sd.t, string(key), keyAt); err != nil {
					return err
				}
				if more, err := d.next('}'); err != nil || !more {
					return err
				}
				continue
			}
			if f == nil && d.opts.DisallowUnknownFields {
				d.save(fmt.Errorf("json: unknown field %q", key))
			}
		}
		if !d.colonFast() {
			if err := d.colon(); err != nil {
				return err
			}
		}
		var err error
		switch {
		case f == nil:
			err = d.skipValue()
		case f.leaf != leafNone:
			next, prev = f.after(), f.idx
			err = d.leaf(f, p)
		default:
			next, prev = f.after(), f.idx
			err = d.member(f, p)
		}
		if err != nil {
			if semantics.OnV2 && err == errReadOn {
				return sd.readOn(d, p)
			}
			return err
		}
		if d.comma() {
			continue
		}
		more, err := d.next('}')
		if err != nil || !more {
			return err
		}
	}
}

var errNilEmbedded = errors.New(semantics.DecodeNilEmbeddedText)

// nilEmbedded skips the value of field f, which is promoted through the
// nil embedded pointer s to an unexported struct type, and records the
// error: v1 on v2 reports it about the value, before it, as a type error
// of the outer struct.
func (d *decodeState) nilEmbedded(f *field, s ptrStep) error {
	start, c := d.i, d.peek()
	if semantics.OnV2 {
		d.typeErrorWrapping(kindName(c), f.owner, start, start, errNilEmbedded)
	} else {
		d.save(fmt.Errorf("%s%v", semantics.DecodeNilEmbeddedText, s.elem))
	}
	return d.skipValue()
}

// member decodes the value of field f of the struct at p.
func (d *decodeState) member(f *field, p mem.Ptr) error {
	for _, s := range f.steps {
		pp := mem.Field(p, s.offset)
		p = mem.Deref(pp)
		if p == nil {
			if !s.settable {
				return d.nilEmbedded(f, s)
			}
			p = mem.New(s.elem)
			mem.Store(pp, p)
		}
	}
	p = mem.Field(p, f.offset)
	if !semantics.OnV2 { // v1 on v2 finds the path in the input (see finish)
		d.ctx = append(d.ctx, f)
	}
	var err error
	switch {
	case !f.quoted:
		err = f.dec.slot(d, p)
	case d.quotedLeaf(f.quotedKind, p):
	case semantics.OnV2:
		err = d.quotedOnV2(f.typ, p)
	case f.quotedString:
		err = d.quotedString(f.typ, p)
	default:
		err = d.quotedValue(mem.Addr(f.typ, p).Elem())
	}
	if err == nil && !semantics.OnV2 {
		d.ctx = d.ctx[:len(d.ctx)-1]
	}
	return err
}
