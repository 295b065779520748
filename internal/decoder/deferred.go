package decoder

import (
	"encoding"
	"encoding/json"
	"errors"
	"math"
	"reflect"
	"slices"

	"github.com/safejson/safejson/internal/fields"
	"github.com/safejson/safejson/internal/mem"
	"github.com/safejson/safejson/internal/semantics"
)

// Deferred calls: one pass for types with methods.
//
// encoding/json runs no method before it knows the whole input is valid.
// Rather than validate first, a zero target of a deferrable type is
// decoded with its UnmarshalJSON and UnmarshalText calls noted instead of
// made; they are made, in input order, once the input has been read to its
// end. The methods of the effectless standard library types run at once,
// as they do in pure types: zeroing the target undoes them. No method runs before the input is known valid, and each runs on
// its final receiver with what it would have been given.
//
// That is exact when the decoding itself never writes a place that a
// method also writes: where a value can (null clearing a receiver, an
// array's trailing elements zeroed) the pass stops with errNoDefer and the
// call starts over on the two-pass path, which is safe because no method
// has run yet. Receivers must also stay where they are: slice elements move
// when the slice grows, and the calls that point into them move with them
// (rebaseCalls); maps copy their keys and elements, so those that have
// methods to call are decoded into places of their own and stored in the
// map in turn, after their calls (noteStore).
//
// If a method fails, encoding/json would have stopped there (classic) or
// gone on from there (v1 on v2), with less of the target written than the
// one pass has. The call is then decoded again into a fresh value, the
// two-pass way, with each noted method up to the failing one replaced by a
// copy of what it left in its receiver, and its error (see substitute):
// every method still runs once, in order.

// call is one noted method call, or the map store that follows one. A
// document can note one per value, so it is kept small: the text a method
// is given is not kept but sliced from the input again (start to end),
// except for texts of their own (callOwnText, callOwnJSON), kept in texts.
type call struct {
	p     mem.Ptr // the receiver
	start int     // where the value starts in the input; a store's index in stores
	end   int     // where it ends
	// prevOwn is the call noted before this one in the same slice's
	// elements, or -1 (see rebaseCalls).
	prevOwn int32
	typ     uint16 // the receiver's type, a pointer, as an index in callTypes
	kind    callKind
}

type callKind uint8

const (
	callJSON    callKind = iota // UnmarshalJSON of the input from start to end
	callText                    // UnmarshalText of the string from start to end, unquoted
	callOwnText                 // UnmarshalText of the next of texts
	callOwnJSON                 // UnmarshalJSON of the next of texts
	callStore
)

// store is a noted map store: maps copy their elements and keys, so one
// whose key or element has methods to call is filled once they are made.
type store struct{ m, key, elem reflect.Value }

// errNoDefer stops a deferred pass that met a value it cannot decode
// without running methods first.
var errNoDefer = errors.New("safejson: cannot defer methods")

// run makes the call c, whose text, if it is of its own, is text.
func (d *decodeState) run(c *call, text []byte) error {
	if c.kind == callStore {
		s := &d.stores[c.start]
		s.m.SetMapIndex(s.key, s.elem)
		return nil
	}
	if c.kind == callJSON {
		return mem.WithData(d.callJSON[c.typ], c.p).UnmarshalJSON(d.valueText(c.start, c.end))
	}
	rv := mem.PointerAt(d.callTypes[c.typ], c.p)
	switch c.kind {
	case callText:
		text = d.stringText(c.start+1, c.end)
		fallthrough
	case callOwnText:
		return rv.(encoding.TextUnmarshaler).UnmarshalText(text)
	}
	return rv.(json.Unmarshaler).UnmarshalJSON(text)
}

// noteOwn is note for a call of kind callOwnText or callOwnJSON, given
// text.
func (d *decodeState) noteOwn(pt reflect.Type, p mem.Ptr, start int, text []byte, kind callKind) error {
	d.texts = append(d.texts, text)
	return d.note(pt, p, start, kind)
}

// note records a method call to make later, in a pass that defers them:
// of kind callJSON or callText, given the input from start to d.i as run
// reads it (see noteOwn for the others).
func (d *decodeState) note(pt reflect.Type, p mem.Ptr, start int, kind callKind) error {
	// Types compared by their data words: == on two reflect.Types is a
	// call.
	k := d.lastType
	if k >= len(d.callTypes) || mem.Word(d.callTypes[k]) != mem.Word(pt) {
		k = slices.Index(d.callTypes, pt)
		if k < 0 {
			k = len(d.callTypes)
			d.callTypes = append(d.callTypes, pt)
			u, _ := reflect.Zero(pt).Interface().(json.Unmarshaler)
			d.callJSON = append(d.callJSON, u)
		}
		d.lastType = k
	}
	if k > math.MaxUint16 || len(d.calls) >= math.MaxInt32 {
		return errNoDefer
	}
	d.calls = append(d.calls, call{p: p, start: start, end: d.i, typ: uint16(k), kind: kind, prevOwn: int32(d.ownLast)})
	d.ownLast = len(d.calls) - 1
	return nil
}

// noteStore records m[key] = elem, to make after the calls noted so far.
func (d *decodeState) noteStore(m, key, elem reflect.Value) {
	d.calls = append(d.calls, call{start: len(d.stores), kind: callStore})
	d.stores = append(d.stores, store{m, key, elem})
}

// substitute stands in for the next method call of a redo, on the value
// at start: it copies what the call left in its receiver during the one
// pass to the receiver p, and gives its error. done is false past the
// failing call, which was the last to run: from there on, methods are
// called. With skip, it also moves past the value, which the method may
// have written over.
func (d *decodeState) substitute(pt reflect.Type, p mem.Ptr, start int, skip bool) (done bool, err error) {
	for d.redoNext < len(d.redo) && d.redo[d.redoNext].kind == callStore {
		d.redoNext++ // the decoding stores into its maps itself
	}
	if d.redoNext >= len(d.redo) {
		return false, nil
	}
	c := &d.redo[d.redoNext]
	d.redoNext++
	if d.redoTypes[c.typ] != pt || c.start != start {
		// Only a method that rewrote the input can lead the second
		// decoding elsewhere.
		d.redo, d.outOfSync = nil, true
		return true, errOutOfSync
	}
	if skip {
		d.i = c.end
	}
	t := pt.Elem()
	mem.Value(t, p).Set(mem.Value(t, c.p))
	if d.redoNext == len(d.redo) {
		return true, d.redoErr
	}
	return true, nil
}

// rebaseCalls moves the noted calls that point into the span bytes at
// from, which a growing slice has copied to to. They are those noted while
// its elements were decoded (nested slices keep lists of their own, their
// memory elsewhere), unless the slice reused memory, which calls noted
// before may point into.
func (d *decodeState) rebaseCalls(reused bool, from, to mem.Ptr, span uintptr) {
	if reused {
		for i := range d.calls {
			d.calls[i].p, _ = mem.Rebase(d.calls[i].p, from, to, span)
		}
		return
	}
	for i := d.ownLast; i >= 0; i = int(d.calls[i].prevOwn) {
		d.calls[i].p, _ = mem.Rebase(d.calls[i].p, from, to, span)
	}
}

// decodeDeferred decodes d.data into the zero target p of the deferrable
// type td in one pass (see above), with d fresh from getState.
func (d *decodeState) decodeDeferred(td *typeDec, p mem.Ptr) error {
	data, o := d.data, d.opts
	d.deferred, d.deferring = true, true
	err := d.top(td, p)
	d.deferring = false
	if err != nil {
		// Nothing but this package has touched the target.
		mem.Addr(td.typ.Elem(), p).Elem().SetZero()
		if err := Validate(data); err != nil {
			d.invalid = true
			return err
		}
		again := getState(data, o)
		defer putState(again)
		return again.decodeValue(td, p, false)
	}
	texts := d.texts
	for i := range d.calls {
		c := &d.calls[i]
		var text []byte
		if c.kind == callOwnText || c.kind == callOwnJSON {
			text, texts = texts[0], texts[1:]
		}
		// Classic encoding/json gives methods the input itself, and goes
		// on to read what follows a value after its method has run: a
		// method that appends to what it was given writes over that.
		var after [16]byte
		watched := !semantics.OnV2 && (c.kind == callJSON || c.kind == callText || mem.Within(text, data))
		if watched {
			after = window(data, c.end)
		}
		err := d.run(c, text)
		if err != nil || watched && window(data, c.end) != after {
			return redo(data, td, p, o, d.calls[:i+1], d.callTypes, err)
		}
	}
	return d.finish(td.typ)
}

// window returns the 16 bytes of data from i on, zeros past its end: a
// copy made and compared as two words.
func window(data []byte, i int) (w [16]byte) {
	if len(data)-i >= len(w) {
		return [16]byte(data[i:])
	}
	copy(w[:], data[i:])
	return w
}

// redo decodes data again into a fresh value, with calls substituted for
// the first method calls, and stores the result at p. The last of calls
// failed with lastErr, or wrote over the input after its value.
func redo(data []byte, td *typeDec, p mem.Ptr, o Options, calls []call, types []reflect.Type, lastErr error) error {
	t := td.typ.Elem()
	fresh := reflect.New(t)
	d := getState(data, o)
	defer putState(d)
	d.deferred, d.redo, d.redoTypes, d.redoErr = true, calls, types, lastErr
	err := d.result(d.top(td, mem.PointerOf(fresh)), td)
	if d.outOfSync {
		err = errOutOfSync
	}
	mem.Addr(t, p).Elem().Set(fresh.Elem())
	return err
}

// isDeferrable reports whether the methods that decoding into a zero t
// calls can all wait until the input has been read (see above).
func isDeferrable(t reflect.Type) bool {
	return mem.Rebasable && deferrable(t, map[reflect.Type]bool{})
}

func deferrable(t reflect.Type, seen map[reflect.Type]bool) bool {
	if effectless(t) {
		return true
	}
	if t.Kind() == reflect.Pointer {
		// What a pointer points to is allocated here and stays put.
		return deferrable(t.Elem(), seen)
	}
	if t.Name() != "" {
		if pt := reflect.PointerTo(t); hasMethods(pt) {
			return !implementsFrom(pt)
		}
	}
	if seen[t] {
		return true
	}
	seen[t] = true
	switch t.Kind() {
	case reflect.Struct:
		st := fields.Of(t)
		if semantics.OnV2 && st.FormatField != "" {
			return false
		}
		if st.Fallback != nil && !deferrable(st.Fallback.Type, seen) {
			return false
		}
		for _, f := range st.Fields {
			ft := fieldType(t, f.Index)
			// `,string` values reach their methods another way.
			if f.Quoted && !isPure(ft) || !deferrable(ft, seen) {
				return false
			}
		}
	case reflect.Slice:
		return deferrable(t.Elem(), seen)
	case reflect.Array:
		return deferrable(t.Elem(), seen)
	case reflect.Map:
		if kt := t.Key(); methodKey(mapKeyKind(kt)) && implementsFrom(reflect.PointerTo(kt)) {
			return false
		}
		// Stores into a map whose key or element has methods are noted
		// too (see mapDec).
		return deferrable(t.Elem(), seen)
	}
	return true
}
