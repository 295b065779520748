package decoder

import (
	"reflect"

	"github.com/safejson/safejson/internal/mem"
)

// Maps of plain string keys and plain string, bool, integer or float
// values are decoded as typed Go maps of their layout: reflect's
// SetMapIndex and the holders it needs cost more than the rest of such a
// member.

// typedMapDec returns the decoder of map type t, whose keys are of string
// kind with no methods, if its values (decoded by etd) are plain strings,
// bools, integers or floats; or nil.
func typedMapDec(t reflect.Type, etd *typeDec) decFn {
	et := t.Elem()
	if !mem.TypedMaps || et == numberType || et.Name() != "" && hasMethods(reflect.PointerTo(et)) {
		return nil
	}
	switch et.Kind() {
	case reflect.String:
		return func(d *decodeState, p mem.Ptr) error { return stringMapDec(d, t, p) }
	case reflect.Bool, reflect.Int8, reflect.Uint8:
		return scalarMapDec[uint8](t, etd)
	case reflect.Int16, reflect.Uint16:
		return scalarMapDec[uint16](t, etd)
	case reflect.Int32, reflect.Uint32, reflect.Float32:
		return scalarMapDec[uint32](t, etd)
	case reflect.Int64, reflect.Uint64, reflect.Float64:
		return scalarMapDec[uint64](t, etd)
	case reflect.Int, reflect.Uint, reflect.Uintptr:
		return scalarMapDec[uint](t, etd)
	}
	return nil
}

// stringMapDec decodes an object into the map at p, of type t, whose keys
// and values are plain strings, as a map[string]string.
func stringMapDec(d *decodeState, t reflect.Type, p mem.Ptr) error {
	if done, err := d.mapStart(t, p); done {
		return err
	}
	if mem.IsEmpty(p, 0) {
		mem.Store(p, make(map[string]string))
	}
	m := mem.StringMap(t, p)
	empty, err := d.open('}')
	if err != nil || empty {
		return err
	}
	for {
		k, err := d.memberName()
		if err != nil {
			return err
		}
		var v string
		if d.peek() == '"' {
			v, err = d.str()
		} else {
			err = d.mismatch(t.Elem())
		}
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

// scalarMapDec returns the decoder of map type t, whose keys are plain
// strings and values bools, integers or floats of V's size with no
// methods: each value is decoded by etd into d.bits and stored as its
// bits.
func scalarMapDec[V mem.Bits](t reflect.Type, etd *typeDec) decFn {
	return func(d *decodeState, p mem.Ptr) error {
		if done, err := d.mapStart(t, p); done {
			return err
		}
		if mem.IsEmpty(p, 0) {
			mem.Store(p, make(map[string]V))
		}
		m := mem.ScalarMap[V](t, p)
		empty, err := d.open('}')
		if err != nil || empty {
			return err
		}
		holder := mem.Holder(&d.bits)
		for {
			k, err := d.memberName()
			if err != nil {
				return err
			}
			mem.Store[V](holder, 0)
			if err := etd.slot(d, holder); err != nil {
				return err
			}
			m[k] = mem.Load[V](holder)
			if d.comma() {
				continue
			}
			more, err := d.next('}')
			if err != nil || !more {
				return err
			}
		}
	}
}
