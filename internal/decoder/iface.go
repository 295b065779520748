package decoder

import (
	"encoding/json"
	"errors"
	"reflect"
	"strconv"

	"github.com/safejson/safejson/internal/mem"
	"github.com/safejson/safejson/internal/semantics"
)

// maxDescent bounds how many interfaces holding pointers to interfaces are
// followed in a row. encoding/json follows a cycle of them forever.
const maxDescent = 10000

var errDescent = errors.New("json: cannot unmarshal into a cycle of interfaces holding pointers")

// iface decodes into the interface of type t at p. A non-nil pointer in it
// is decoded through, as encoding/json's indirect does (but for null, only
// when it points to another pointer, which null then clears).
func (d *decodeState) iface(p mem.Ptr, t, errType reflect.Type) error {
	if semantics.OnV2 {
		return d.ifaceOnV2(p, t)
	}
	if !mem.IfaceIsNil(p) {
		e := mem.Addr(t, p).Elem().Elem()
		if e.Kind() == reflect.Pointer && !e.IsNil() && (d.peek() != 'n' || e.Type().Elem().Kind() == reflect.Pointer) {
			if d.descent++; d.descent > maxDescent {
				return errDescent
			}
			err := decoderOf(e.Type()).via(d, mem.PointerOf(e), errType)
			d.descent--
			return err
		}
	}
	return d.ifaceHere(p, t)
}

// holdsItself reports whether the interface that the pointer p (of type pt)
// points to holds p itself: encoding/json then decodes into that interface
// rather than going round.
func holdsItself(pt reflect.Type, p mem.Ptr) bool {
	if mem.IfaceIsNil(p) {
		return false
	}
	addr := mem.Addr(pt.Elem(), p)
	e := addr.Elem().Elem()
	return e.Type() == pt && e.Pointer() == addr.Pointer()
}

// ifaceHere decodes into the interface of type t at p itself: a new value
// for an empty interface, and for others only null (anything else is a type
// error).
func (d *decodeState) ifaceHere(p mem.Ptr, t reflect.Type) error {
	c := d.peek()
	if t.NumMethod() == 0 && !isNumberStart(c) {
		v, err := d.anyValue()
		if err == nil {
			mem.Store(p, v)
		}
		return err
	}
	switch {
	case c == 'n':
		if err := d.null(); err != nil {
			return err
		}
		mem.Addr(t, p).Elem().SetZero()
		return nil
	case isNumberStart(c):
		// encoding/json converts the number before it finds that the
		// interface cannot hold it.
		lit, err := d.number()
		if err != nil {
			return err
		}
		v, ok := d.convertNumber(lit)
		switch {
		case !ok: // the interface keeps what it held
		case t.NumMethod() == 0:
			mem.Store(p, v)
		default:
			d.typeError("number", t, d.i, d.i-len(lit))
		}
		return nil
	}
	return d.mismatch(t)
}

// anyValue decodes a value as encoding/json does into an empty interface.
func (d *decodeState) anyValue() (any, error) {
	switch c := d.peek(); c {
	case '"':
		s, err := d.str()
		return d.boxes.String(s), err
	case '{':
		return d.anyObject()
	case '[':
		return d.anyArray()
	case 't', 'f', 'n':
		l, err := d.literal()
		if l == 'n' || err != nil {
			return nil, err
		}
		return l == 't', nil
	}
	if !d.opts.UseNumber {
		if f, ok := d.fastFloat(); ok {
			return d.boxes.Float(f), nil
		}
	}
	lit, err := d.number()
	if err != nil {
		return nil, err
	}
	v, _ := d.convertNumber(lit)
	return v, nil
}

// member is one decoded object member waiting for its map.
type member struct {
	k string
	v any
}

// anyObject decodes the object at d.i into a new map[string]any. Members
// collect on a shared stack first, so that the map is made at its final
// size instead of growing.
func (d *decodeState) anyObject() (any, error) {
	empty, err := d.open('}')
	if err != nil {
		return nil, err
	}
	if empty {
		return map[string]any{}, nil
	}
	base := len(d.members)
	for {
		k, err := d.memberName()
		if err != nil {
			return nil, err
		}
		v, err := d.anyValue()
		if err != nil {
			return nil, err
		}
		d.members = append(d.members, member{k, v})
		if d.comma() {
			continue
		}
		more, err := d.next('}')
		if err != nil {
			return nil, err
		}
		if !more {
			break
		}
	}
	m := make(map[string]any, len(d.members)-base)
	for _, kv := range d.members[base:] {
		m[kv.k] = kv.v
	}
	d.dropMembers(base)
	return m, nil
}

// dropMembers takes the members from base on off the stack.
func (d *decodeState) dropMembers(base int) {
	clear(d.members[base:])
	d.members = d.members[:base]
}

// convertNumber makes a float64 or, with UseNumber, a json.Number of a
// number's text. A float64 out of range is a type error, and nil.
func (d *decodeState) convertNumber(lit []byte) (any, bool) {
	if d.opts.UseNumber {
		return json.Number(d.keep(lit)), true
	}
	f, err := strconv.ParseFloat(mem.String(lit), 64)
	if err != nil {
		if semantics.OnV2 {
			// The float64 made for the interface is stored all the same.
			d.typeError("number "+string(lit), float64Type, d.i, d.i-len(lit))
			return d.boxes.Float(0), true
		}
		d.typeError("number "+string(lit), float64Type, d.i+1, d.i-len(lit))
		return nil, false
	}
	return d.boxes.Float(f), true
}

// anyMembers decodes the object at d.i into m.
func (d *decodeState) anyMembers(m map[string]any) error {
	empty, err := d.open('}')
	if err != nil {
		return err
	}
	if empty {
		return nil
	}
	for {
		k, err := d.memberName()
		if err != nil {
			return err
		}
		v, err := d.anyValue()
		if err != nil {
			return err
		}
		m[k] = v
		if d.comma() {
			continue
		}
		more, err := d.next('}')
		if err != nil || !more {
			return err
		}
	}
}

// anyArray decodes the array at d.i into a new []any. Elements collect on a
// shared stack so that the result is allocated once, at its final size.
func (d *decodeState) anyArray() (any, error) {
	empty, err := d.open(']')
	if err != nil {
		return nil, err
	}
	if empty {
		return d.boxes.Anys([]any{}), nil
	}
	base := len(d.anys)
	for {
		v, err := d.anyValue()
		if err != nil {
			return nil, err
		}
		d.anys = append(d.anys, v)
		if d.comma() {
			continue
		}
		more, err := d.next(']')
		if err != nil {
			return nil, err
		}
		if !more {
			break
		}
	}
	out := make([]any, len(d.anys)-base)
	copy(out, d.anys[base:])
	d.dropAnys(base)
	return d.boxes.Anys(out), nil
}

// dropAnys takes the elements from base on off the stack.
func (d *decodeState) dropAnys(base int) {
	clear(d.anys[base:])
	d.anys = d.anys[:base]
}
