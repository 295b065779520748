package decoder

import (
	"bytes"
	"encoding"
	"encoding/json"
	"errors"
	"reflect"
	"time"

	"github.com/safejson/safejson/internal/grammar"
	"github.com/safejson/safejson/internal/mem"
	"github.com/safejson/safejson/internal/semantics"
	"github.com/safejson/safejson/internal/timeparse"
)

// callUnmarshalJSON hands the text of the value at d.i to the UnmarshalJSON
// method of the pointer p, of type pt. The call waits, in a pass that
// defers calls (see deferred.go), unless the type is one of the
// effectless, whose methods may run at once, as in a pure type.
func (d *decodeState) callUnmarshalJSON(pt reflect.Type, p mem.Ptr, waits bool) error {
	start := d.i
	if d.redo != nil && waits {
		if done, err := d.substitute(pt, p, start, true); done {
			return d.methodErr(err)
		}
	}
	if err := d.skipValue(); err != nil {
		return err
	}
	if waits && d.deferring {
		return d.note(pt, p, start, callJSON)
	}
	u := mem.PointerAt(pt, p).(json.Unmarshaler)
	return d.methodErr(u.UnmarshalJSON(d.valueText(start, d.i)))
}

// valueText is what UnmarshalJSON is given for the value from start to
// end: the input itself, which classic encoding/json lets a method append
// to, or capped, as jsontext.Decoder.ReadValue gives it.
func (d *decodeState) valueText(start, end int) []byte {
	if semantics.OnV2 {
		return d.data[start:end:end]
	}
	return d.data[start:end]
}

// stringText is what UnmarshalText is given for a string without escapes
// whose contents start at start and whose closing quote ends at end: the
// input itself, capped after the quote as v2 unquotes it.
func (d *decodeState) stringText(start, end int) []byte {
	if semantics.OnV2 {
		return d.data[start : end-1 : end]
	}
	return d.data[start : end-1]
}

// methodErr is what a method's error does: under v1 on v2, it is kept, as
// it is, to report if nothing comes first, and decoding goes on; classic
// encoding/json stops at it.
func (d *decodeState) methodErr(err error) error {
	if semantics.OnV2 && err != nil {
		d.save(err)
		return nil
	}
	return err
}

// callUnmarshalText hands a string's unquoted text to the UnmarshalText
// method of the pointer p, of type pt. Any other value is a type error that
// names errType (v1 on v2: the method's own type). The call waits as
// callUnmarshalJSON's does.
func (d *decodeState) callUnmarshalText(pt reflect.Type, p mem.Ptr, errType reflect.Type, waits bool) error {
	if d.peek() == '"' {
		if d.redo != nil && waits {
			if done, err := d.substitute(pt, p, d.i, true); done {
				return d.methodErr(err)
			}
		}
		start, plain, err := d.scanString()
		if err != nil {
			return err
		}
		deferred := waits && d.deferring
		if deferred && plain {
			return d.note(pt, p, start-1, callText) // run slices the text
		}
		text := d.stringText(start, d.i)
		if !plain {
			text = grammar.AppendUnquoted(nil, text)
		}
		if deferred {
			return d.noteOwn(pt, p, start-1, text, callOwnText)
		}
		u := mem.PointerAt(pt, p).(encoding.TextUnmarshaler)
		return d.methodErr(u.UnmarshalText(text))
	}
	if semantics.OnV2 {
		return d.nonString(pt.Elem())
	}
	switch c := d.peek(); c {
	case '{', '[':
		what := "object"
		if c == '[' {
			what = "array"
		}
		d.typeError(what, errType, d.i+1, d.i)
		return d.skipValue()
	case 't', 'f', 'n':
		l, err := d.literal()
		if err != nil {
			return err
		}
		what := "bool"
		if l == 'n' {
			what = "null"
		}
		d.typeError(what, errType, d.i, d.i-len(what))
		return nil
	}
	start := d.i
	if _, err := d.number(); err != nil {
		return err
	}
	d.typeError("number", errType, d.i, start)
	return nil
}

// timeDec decodes a time.Time as its UnmarshalJSON does: a string without
// escapes whose text timeparse.RFC3339 takes is read here, anything else is
// given to the method.
func (d *decodeState) timeDec(pt reflect.Type, p mem.Ptr) error {
	if d.peek() == '"' {
		start := d.i + 1
		if n := bytes.IndexByte(d.data[start:min(len(d.data), start+maxTimeText)], '"'); n >= 0 {
			if t, ok := timeparse.RFC3339(d.data[start : start+n]); ok {
				mem.Store(p, t)
				d.i = start + n + 1
				return nil
			}
		}
	}
	return d.callUnmarshalJSON(pt, p, false)
}

// maxTimeText is the longest time text timeDec looks for: the longest a
// time.Time's marshalers write, and room for longer fractions.
const maxTimeText = 64

// timeDecOnV2 decodes a time.Time as v1 on v2 does, without its
// UnmarshalJSON method: null leaves it as it is, a string's unquoted text
// goes to UnmarshalText (whose error is kept as it is), anything else is a
// type error.
func timeDecOnV2(d *decodeState, p mem.Ptr) error {
	if d.peek() != '"' {
		return d.wrongKind(timeType, nil)
	}
	b, err := d.stringBytes()
	if err != nil {
		return err
	}
	if t, ok := timeparse.RFC3339(b); ok {
		mem.Store(p, t)
		return nil
	}
	var t time.Time
	if err := t.UnmarshalText(b); err != nil {
		d.save(err)
		return nil
	}
	mem.Store(p, t)
	return nil
}

var errNonString = errors.New(semantics.DecodeNonStringText)

// nonString consumes a value other than a string that v1 on v2 finds where
// the TextUnmarshaler t wants one.
func (d *decodeState) nonString(t reflect.Type) error { return d.wrongKind(t, errNonString) }

// wrongKind consumes a value of a kind that type t does not take and, but
// for null, which has no effect, records v1 on v2's type error about it,
// wrapping err: after the value, or after the bracket that opens it.
func (d *decodeState) wrongKind(t reflect.Type, err error) error {
	start, c := d.i, d.peek()
	if err := d.skipValue(); err != nil || c == 'n' {
		return err
	}
	off := d.i
	if c == '{' || c == '[' {
		off = start + 1
	}
	d.typeErrorWrapping(kindName(c), t, off, start, err)
	return nil
}
