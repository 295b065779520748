package decoder

import (
	"encoding/json"
	"reflect"

	"github.com/safejson/safejson/internal/fields"
	"github.com/safejson/safejson/internal/grammar"
	"github.com/safejson/safejson/internal/mem"
	"github.com/safejson/safejson/internal/semantics"
	"github.com/safejson/safejson/internal/syntax"
)

// Unmarshal decodes data into v exactly as json.Unmarshal does.
func Unmarshal(data []byte, v any, o Options) error {
	_, err := unmarshal(data, v, o)
	return err
}

// UnmarshalValid is Unmarshal, reporting also whether data is one valid
// JSON value. Where it is not, v is as it was: the error is the
// *json.SyntaxError of json.Unmarshal, which checks its input first.
func UnmarshalValid(data []byte, v any, o Options) (bool, error) {
	return unmarshal(data, v, o)
}

func unmarshal(data []byte, v any, o Options) (valid bool, err error) {
	d := getState(data, o)
	defer putState(d)
	return d.unmarshal(v)
}

// unmarshal is unmarshal on d, fresh from getState.
func (d *decodeState) unmarshal(v any) (valid bool, err error) {
	td, p := d.argument(v)
	if td == nil {
		// v1 on v2 checks the argument before the input.
		if !semantics.OnV2 {
			if err := Validate(d.data); err != nil {
				return false, err
			}
		}
		return true, &json.InvalidUnmarshalError{Type: reflect.TypeOf(v)}
	}
	d.invalid = false
	err = d.decodeTarget(td, p)
	return !d.invalid, err
}

// argument returns the decoders of v's type and the pointer v holds, or
// nil unless v is a non-nil pointer. A pooled state stays with one P,
// whose calls tend to repeat a type: the last one is known by its type
// word, with no reflect.Value made.
func (d *decodeState) argument(v any) (*typeDec, mem.Ptr) {
	if td := d.argDec; td != nil && mem.TypeIDOf(v) == d.argType {
		if p := mem.Pointee(v); p != nil {
			return td, p
		}
		return nil, nil
	}
	rv := reflect.ValueOf(v)
	if rv.Kind() != reflect.Pointer {
		return nil, nil
	}
	td := decoderOf(rv.Type())
	d.argType, d.argDec = mem.TypeIDOf(v), td
	if rv.IsNil() {
		return nil, nil
	}
	return td, mem.PointerOf(rv)
}

// decodeTarget decodes d.data into what p, a non-nil pointer of td's
// type, points to.
func (d *decodeState) decodeTarget(td *typeDec, p mem.Ptr) error {
	// See the package comment: a zero target of a pure type can be
	// decoded in one pass and zeroed again if the input turns out bad, and
	// one of a deferrable type too, its methods called at the end.
	if mem.IsZero(p, td.elemSize) {
		switch {
		case td.pure:
			return d.decodeValue(td, p, true)
		case td.deferrable:
			return d.decodeDeferred(td, p)
		}
	}
	if err := Validate(d.data); err != nil {
		d.invalid = true
		return err
	}
	return d.decodeValue(td, p, false)
}

// decodeValue decodes the one value in d.data through the pointer p, with
// d fresh from getState. Unless fresh, d.data has been validated.
func (d *decodeState) decodeValue(td *typeDec, p mem.Ptr, fresh bool) error {
	data := d.data
	err := d.top(td, p)
	if err != nil && fresh {
		if serr := Validate(data); serr != nil {
			mem.Addr(td.typ.Elem(), p).Elem().SetZero()
			d.invalid = true
			return serr
		}
	}
	return d.result(err, td)
}

// top decodes the one value in d.data through the pointer p, of type
// td.typ.
func (d *decodeState) top(td *typeDec, p mem.Ptr) error {
	d.i = grammar.SkipSpace(d.data, d.i)
	err := td.via(d, p, td.typ)
	if err == nil {
		if d.i = grammar.SkipSpace(d.data, d.i); d.i != len(d.data) {
			err = errSyntax
		}
	}
	return err
}

// result is what a call whose decoding of valid input ended with err
// returns.
func (d *decodeState) result(err error, td *typeDec) error {
	switch err {
	case nil, errReadOn:
		return d.finish(td.typ)
	case errSyntax:
		return errOutOfSync
	}
	return d.withContext(err)
}

// Validate returns encoding/json's *SyntaxError for data, or nil if data is
// one valid JSON value.
func Validate(data []byte) error {
	return grammar.AsJSON(syntax.Validate(data))
}

// isPure reports whether decoding into a zero t runs code outside this
// package.
func isPure(t reflect.Type) bool { return pure(t, map[reflect.Type]bool{}) }

// pure reports whether decoding into a zero value of t runs no method that
// could have effects beyond the value: no UnmarshalJSON or UnmarshalText,
// except those of the effectless types.
func pure(t reflect.Type, seen map[reflect.Type]bool) bool {
	if seen[t] || effectless(t) {
		return true
	}
	seen[t] = true
	if t.Kind() == reflect.Pointer {
		if effectless(t.Elem()) {
			return true
		}
		return !hasMethods(t) && pure(t.Elem(), seen)
	}
	if t.Name() != "" && hasMethods(reflect.PointerTo(t)) {
		return false
	}
	switch t.Kind() {
	case reflect.Struct:
		st := fields.Of(t)
		if semantics.OnV2 && st.FormatField != "" {
			return false // decoding reads on past it (see errReadOn)
		}
		if st.Fallback != nil && !pure(st.Fallback.Type, seen) {
			return false
		}
		for _, f := range st.Fields {
			if !pure(fieldType(t, f.Index), seen) {
				return false
			}
		}
	case reflect.Slice, reflect.Array:
		return pure(t.Elem(), seen)
	case reflect.Map:
		return (!methodKey(mapKeyKind(t.Key())) || effectless(t.Key())) && pure(t.Elem(), seen)
	}
	return true
}

// effectless reports whether t is one of the standard library's types whose
// unmarshal methods write only to their receiver and what it owns, so that
// they may run before the input is known to be valid: zeroing the target
// again undoes them. They are named by import path rather than imported,
// which would link math/big, net and regexp into every program.
func effectless(t reflect.Type) bool {
	if t == rawMessageType || t == timeType {
		return true
	}
	switch t.PkgPath() {
	case "math/big":
		switch t.Name() {
		case "Int", "Float", "Rat":
			return true
		}
	case "net":
		return t.Name() == "IP"
	case "net/netip":
		switch t.Name() {
		case "Addr", "AddrPort", "Prefix":
			return true
		}
	case "regexp":
		return t.Name() == "Regexp"
	}
	return false
}

// fieldType is the type of the field of struct t at index, through
// embedded pointers.
func fieldType(t reflect.Type, index []int) reflect.Type {
	for _, x := range index {
		if t.Kind() == reflect.Pointer {
			t = t.Elem()
		}
		t = t.Field(x).Type
	}
	return t
}

// DecodeValid decodes data, one whole value already known to be valid JSON
// text (a stream decoder found where it ends), into v under o.
func DecodeValid(data []byte, v any, o Options) error {
	d := getState(data, o)
	defer putState(d)
	td, p := d.argument(v)
	if td == nil {
		return &json.InvalidUnmarshalError{Type: reflect.TypeOf(v)}
	}
	return d.decodeValue(td, p, false)
}
