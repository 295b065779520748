//go:build goexperiment.jsonv2 && go1.27

package decoder

import (
	"bytes"
	"encoding"
	"encoding/json"
	jsonv2 "encoding/json/v2"
	"errors"
	"reflect"

	"github.com/safejson/safejson/internal/mem"
	"github.com/safejson/safejson/internal/methods"
)

// methodOfV2 returns the method v2 calls to unmarshal into a value of a
// type, or 0.
func methodOfV2(t reflect.Type) methods.Set { return methods.PickV2(t, methods.Unmarshal) }

// hasMethodsV2 reports whether v2 calls a method of t's or *t's to unmarshal
// into a t.
func hasMethodsV2(t reflect.Type) bool { return methodOfV2(t) != 0 }

// fromMethodDecV2 calls the UnmarshalJSONFrom method of t's, once the
// value has been read and checked as v2 reads it, with a jsontext.Decoder
// made with the call's options (OptionsV2.Opts) over the whole input and
// moved to the value (d.from), so that the method sees the offsets, depth
// and path that v2 gives it. As v2 does, it decodes the value with next
// where the method returns errors.ErrUnsupported having read nothing. A
// method that fails otherwise, or reads other than that one value, leaves
// the call to the standard library.
func fromMethodDecV2(t reflect.Type, next decFnV2) decFnV2 {
	pt := reflect.PointerTo(t)
	return func(d *decodeState, p mem.Ptr) bool {
		start := d.I
		if !d.Skip() {
			return false
		}
		s := &d.from
		if s.stale(d.Data, start) {
			s.start(d.Data, d.Opts)
		}
		if s.moveTo(start) != nil {
			return false
		}
		depth := s.dec.StackDepth()
		_, before := s.dec.StackIndex(depth)
		u := mem.PointerAt(pt, p).(jsonv2.UnmarshalerFrom)
		err := u.UnmarshalJSONFrom(s.dec)
		if s.dec.StackDepth() != depth {
			return false
		}
		_, after := s.dec.StackIndex(depth)
		if err != nil && after == before && errors.Is(err, errors.ErrUnsupported) {
			d.I = start
			return next(d, p)
		}
		return err == nil && after == before+1
	}
}

// jsonMethodDecV2 calls the UnmarshalJSON method of t's with the value's
// text as the input has it, null included, once it has been read and
// checked as v2 reads it.
func jsonMethodDecV2(t reflect.Type) decFnV2 {
	pt := reflect.PointerTo(t)
	return func(d *decodeState, p mem.Ptr) bool {
		start := d.I
		if !d.Skip() {
			return false
		}
		m := mem.PointerAt(pt, p).(json.Unmarshaler)
		return m.UnmarshalJSON(d.Data[start:d.I:d.I]) == nil
	}
}

// textMethodDecV2 calls the UnmarshalText method of t's with a string's
// text; a null zeroes the value, as v2 does.
func textMethodDecV2(t reflect.Type) decFnV2 {
	pt := reflect.PointerTo(t)
	return func(d *decodeState, p mem.Ptr) bool {
		if more, ok := d.Expect('"'); !more {
			if d.merge {
				mem.Addr(t, p).Elem().SetZero()
			}
			return ok
		}
		text, ok := d.textV2()
		if !ok {
			return false
		}
		m := mem.PointerAt(pt, p).(encoding.TextUnmarshaler)
		return m.UnmarshalText(text) == nil
	}
}

// textV2 reads the string at d.I for a text method: the input's own bytes,
// with no room to append over what follows, or, for a string with
// escapes, a copy of its own, as v2 gives them.
func (d *decodeState) textV2() ([]byte, bool) {
	start := d.I
	s, ok := d.Str()
	if !ok {
		return nil, false
	}
	if d.I-start != len(s)+2 {
		return bytes.Clone(s), true
	}
	return s[:len(s):len(s)], true
}

// setTextKeyV2 sets key, addressable, to the map key that its type's
// UnmarshalText makes of the string at d.I, a member name.
func (d *decodeState) setTextKeyV2(key reflect.Value) bool {
	text, ok := d.textV2()
	if !ok {
		return false
	}
	key.SetZero()
	m, _ := reflect.TypeAssert[encoding.TextUnmarshaler](key.Addr())
	return m.UnmarshalText(text) == nil
}
