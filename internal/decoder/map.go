package decoder

import (
	"encoding"
	"encoding/json"
	"reflect"
	"strconv"
	"sync"

	"github.com/safejson/safejson/internal/fields"
	"github.com/safejson/safejson/internal/grammar"
	"github.com/safejson/safejson/internal/mem"
	"github.com/safejson/safejson/internal/methods"
	"github.com/safejson/safejson/internal/semantics"
)

// Kinds of map key: fields.MapKey's, then those read by methods.
const (
	keyInvalid = int(fields.MapKeyOther)
	keyString  = int(fields.MapKeyString)
	keyInt     = int(fields.MapKeyInt)
	keyUint    = int(fields.MapKeyUint)
	keyText    = iota // *K implements encoding.TextUnmarshaler (checked first)
	// keyJSONText is keyText where Go 1.26's encoding/json calls *K's
	// UnmarshalJSON instead, with the quoted key.
	keyJSONText
)

// methodKey reports whether keys of kind kk are read by a method.
func methodKey(kk int) bool { return kk == keyText || kk == keyJSONText }

func mapKeyKind(kt reflect.Type) int {
	// Asked for each key of a map of pointer keys (see otherKey).
	if ms := methods.Which(reflect.PointerTo(kt), methods.UnmarshalText|methods.UnmarshalJSON); ms.Has(methods.UnmarshalText) {
		if !semantics.OnV2 && ms.Has(methods.UnmarshalJSON) {
			return keyJSONText
		}
		return keyText
	}
	return int(fields.KeyKind(kt))
}

func (c *compiler) mapDec(t reflect.Type) decFn {
	if t == reflect.TypeFor[map[string]any]() {
		return mapStringAnyDec
	}
	kt, et := t.Key(), t.Elem()
	kk := mapKeyKind(kt)
	pt := mem.PtrTypeOf(t)
	etd := c.get(et)
	if kk == keyString {
		if dec := typedMapDec(t, etd); dec != nil {
			return dec
		}
	}
	// Deferring methods (deferred.go), a key or element with methods to
	// call has a place of its own until it is stored.
	methods := methodKey(kk) && !effectless(kt) || !isPure(et)
	keySlice := sync.OnceValue(func() reflect.Type { return reflect.SliceOf(kt) })
	elemSlice := sync.OnceValue(func() reflect.Type { return reflect.SliceOf(et) })
	// members decodes the members of the object at d.i, past its '{',
	// into m, through the holders key and elem.
	members := func(d *decodeState, m, key, elem reflect.Value) error {
		ep := mem.PointerOf(elem.Addr())
		readingOn := false // see errReadOn
		storing := methods && d.deferring
		var dst reflect.Value // the map itself, not the place that holds it
		var keys, elems places
		if storing {
			dst = reflect.ValueOf(m.Interface())
		}
		for {
			if storing {
				elem, key = elems.next(elemSlice), keys.next(keySlice)
				ep = mem.PointerOf(elem.Addr())
			}
			if d.peek() != '"' {
				return errSyntax
			}
			start := d.i
			b, err := d.stringBytes()
			if err != nil {
				return err
			}
			item := d.data[start:d.i]
			var ks string
			switch {
			case kk == keyString:
				ks = d.keep(b)
			case kk != keyInvalid && len(b) > 0 && &b[0] == &d.data[start+1]:
				// The input's own bytes, which stay; numbers and text
				// keys are made from them without keeping them.
				ks = mem.String(b)
			default:
				ks = string(b) // d.scratch, which the value may reuse
			}
			if !d.colonFast() {
				if err := d.colon(); err != nil {
					return err
				}
			}
			// v1 on v2 converts the key first, and drops the member if
			// it cannot; classic encoding/json decodes the value first.
			ok := true
			if semantics.OnV2 {
				ok, _ = d.mapKey(key, kk, ks, item, start)
			}
			if !storing {
				elem.SetZero()
			}
			if !ok {
				err = d.skipValue()
			} else {
				err = etd.slot(d, ep)
			}
			if !semantics.OnV2 {
				if err != nil {
					return err
				}
				if ok, err = d.mapKey(key, kk, ks, item, start); err != nil {
					return err
				}
			}
			switch {
			case ok && storing:
				d.noteStore(dst, key, elem)
			case ok:
				m.SetMapIndex(key, elem) // v1 on v2 stores it even on an error
			}
			if err != nil {
				if !semantics.OnV2 || err != errReadOn {
					return err
				}
				readingOn = true
				d.i = grammar.SkipSpace(d.data, d.i)
				if d.peek() != ',' && d.peek() != '}' {
					continue
				}
			} else if d.comma() {
				continue
			}
			more, err := d.next('}')
			if err != nil || !more {
				if readingOn && err == nil {
					return errReadOn
				}
				return err
			}
		}
	}
	var scratch *sync.Pool
	if !methods {
		// No method sees the key and element holders, so no one keeps
		// them: they serve call after call instead of being allocated
		// for each object.
		scratch = mapScratchPool(kt, et)
	}
	return func(d *decodeState, p mem.Ptr) error {
		if done, err := d.mapStart(t, p); done {
			return err
		}
		if kk == keyInvalid && !semantics.OnV2 {
			d.typeError("object", t, d.i+1, d.i)
			return d.skipValue()
		}
		m := pt.At(p).Elem()
		if m.IsNil() {
			m.Set(reflect.MakeMap(t))
		}
		empty, err := d.open('}')
		if err != nil || empty {
			return err
		}
		if scratch == nil {
			return members(d, m, reflect.New(kt).Elem(), reflect.New(et).Elem())
		}
		sc := scratch.Get().(*mapScratch)
		err = members(d, m, sc.key, sc.elem)
		sc.release(scratch)
		return err
	}
}

// mapScratch is where a map's key and element are decoded before they are
// stored, kept between calls in a pool of mapScratchPool's.
type mapScratch struct{ key, elem reflect.Value }

// mapScratchPool returns a pool of mapScratch for keys of type kt and
// elements of type et.
func mapScratchPool(kt, et reflect.Type) *sync.Pool {
	return &sync.Pool{New: func() any {
		return &mapScratch{reflect.New(kt).Elem(), reflect.New(et).Elem()}
	}}
}

// release clears sc, so that the pool keeps nothing a call decoded alive,
// and puts it back in pool.
func (sc *mapScratch) release(pool *sync.Pool) {
	sc.key.SetZero()
	sc.elem.SetZero()
	pool.Put(sc)
}

// places hands out zero values of one type, each a place of its own,
// from arrays that double in length up to maxPlaces.
type places struct {
	arr  reflect.Value
	used int
}

const maxPlaces = 64

// next returns the next place; slice makes the type of the arrays.
func (ps *places) next(slice func() reflect.Type) reflect.Value {
	if !ps.arr.IsValid() || ps.used == ps.arr.Len() {
		n := 4
		if ps.arr.IsValid() {
			n = min(2*ps.arr.Len(), maxPlaces)
		}
		ps.arr, ps.used = reflect.MakeSlice(slice(), n, n), 0
	}
	ps.used++
	return ps.arr.Index(ps.used - 1)
}

// mapKey sets key from the object key ks (item is its quoted text, at
// start), as encoding/json converts keys. ok is false if the member is
// dropped for a bad key. Under v1 on v2, errors are saved, not returned.
func (d *decodeState) mapKey(key reflect.Value, kk int, ks string, item []byte, start int) (ok bool, err error) {
	kt := key.Type()
	off := start + 1
	if semantics.OnV2 {
		off = start + len(item) // the offset after the key
	}
	switch kk {
	case keyInvalid: // only under v1 on v2
		k, ok := d.otherKey(kt, ks, off, start)
		if ok {
			key.Set(k)
		}
		return ok, nil
	case keyText, keyJSONText:
		pkt := reflect.PointerTo(kt)
		isJSON := kk == keyJSONText
		// Methods of the standard library's key types run now; others
		// wait (see mapDec), key being a place of its own. Only passes
		// that defer or redo calls need to know.
		waits := (d.deferring || d.redo != nil) && !effectless(kt)
		if d.deferring && waits {
			text, kind := d.arena.keep([]byte(ks), d.i, len(d.data)), callOwnText
			if isJSON {
				text, kind = item, callOwnJSON
			}
			return true, d.noteOwn(pkt, mem.PointerOf(key.Addr()), start, text, kind)
		}
		kp := reflect.New(kt)
		done := false
		if d.redo != nil && waits {
			done, err = d.substitute(pkt, mem.PointerOf(kp), start, false)
		}
		switch {
		case done:
		case isJSON:
			err = kp.Interface().(json.Unmarshaler).UnmarshalJSON(item)
		default:
			err = kp.Interface().(encoding.TextUnmarshaler).UnmarshalText([]byte(ks))
		}
		if err != nil {
			if semantics.OnV2 {
				d.save(err)
				return false, nil
			}
			return false, err
		}
		key.Set(kp.Elem())
	case keyString:
		key.SetString(ks)
	case keyInt:
		if semantics.OnV2 && ks == "null" {
			key.SetZero() // v2 reads the name as JSON: null leaves the zero key
			return true, nil
		}
		n, err := strconv.ParseInt(ks, 10, 64)
		if err != nil || key.OverflowInt(n) {
			d.typeError("number "+ks, kt, off, start)
			return false, nil
		}
		key.SetInt(n)
	case keyUint:
		if semantics.OnV2 && ks == "null" {
			key.SetZero()
			return true, nil
		}
		n, err := strconv.ParseUint(ks, 10, 64)
		if err != nil || key.OverflowUint(n) {
			d.typeError("number "+ks, kt, off, start)
			return false, nil
		}
		key.SetUint(n)
	}
	return true, nil
}

// otherKey converts the object key ks to a map key of type kt, of a kind
// that only v1 on v2 takes, as v2 decodes a name into it: floats, empty
// interfaces (a string), and pointers to any key it takes. ok is false,
// and a type error is recorded, if it cannot.
func (d *decodeState) otherKey(kt reflect.Type, ks string, off, start int) (k reflect.Value, ok bool) {
	if ks == "null" && (kt.Kind() == reflect.Float32 || kt.Kind() == reflect.Float64) {
		// v2 reads the name as JSON: null leaves the zero key (and a
		// pointer key, below, pointing to one).
		return reflect.Zero(kt), true
	}
	switch kt.Kind() {
	case reflect.Float32, reflect.Float64:
		n, err := strconv.ParseFloat(ks, kt.Bits())
		if err != nil {
			d.typeError("number "+ks, kt, off, start)
			return k, false
		}
		return reflect.ValueOf(n).Convert(kt), true
	case reflect.Interface:
		if kt.NumMethod() != 0 {
			d.typeError("string", kt, start, start)
			return k, false
		}
		k = reflect.New(kt).Elem()
		k.Set(reflect.ValueOf(ks))
		return k, true
	case reflect.Pointer:
		et := kt.Elem()
		e := reflect.New(et)
		kk := mapKeyKind(et)
		if kk == keyInvalid {
			v, ok := d.otherKey(et, ks, off, start)
			if !ok {
				return k, false
			}
			e.Elem().Set(v)
		} else if ok, _ := d.mapKey(e.Elem(), kk, ks, d.data[start:off], start); !ok {
			return k, false
		}
		return e, true
	}
	d.typeError("string", kt, off, start)
	return k, false
}

func mapStringAnyDec(d *decodeState, p mem.Ptr) error {
	if done, err := d.mapStart(reflect.TypeFor[map[string]any](), p); done {
		return err
	}
	m := mem.Load[map[string]any](p)
	if m == nil {
		m = make(map[string]any)
		mem.Store(p, m)
	}
	return d.anyMembers(m)
}

// mapStart reads what comes before a map's members: null stores a nil map
// and is done; anything but an object is a type mismatch.
func (d *decodeState) mapStart(t reflect.Type, p mem.Ptr) (done bool, err error) {
	switch d.peek() {
	case '{':
		return false, nil
	case 'n':
		mem.Store[mem.Ptr](p, nil)
		return true, d.null()
	}
	return true, d.mismatch(t)
}
