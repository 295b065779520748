//go:build goexperiment.jsonv2 && go1.27

package decoder

import (
	"bytes"
	"encoding/json"
	"encoding/json/jsontext"
	jsonv2 "encoding/json/v2"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strconv"
	"strings"
	"sync"

	"github.com/safejson/safejson/internal/grammar"
	"github.com/safejson/safejson/internal/mem"
	"github.com/safejson/safejson/internal/semantics"
	"github.com/safejson/safejson/internal/syntax"
)

// fromState is the standard library's jsontext.Decoder that the
// UnmarshalJSONFrom methods of one call read from: it runs over the whole
// input, and moves forward to each value a method is called for, so that
// the method sees the offsets, depth and path that encoding/json gives it.
type fromState struct {
	dec  *jsontext.Decoder
	data []byte
}

// decoderAt returns the shared decoder, moved to just before the value that
// starts at offset at of d.data.
func (d *decodeState) decoderAt(at int) (*jsontext.Decoder, error) {
	s := &d.from
	if s.stale(d.data, at) {
		opts := []jsontext.Options{json.DefaultOptionsV1()}
		if d.opts.UseNumber {
			opts[0] = useNumberOptions()
		}
		if d.opts.DisallowUnknownFields {
			opts = append(opts, jsonv2.RejectUnknownMembers(true))
		}
		s.start(d.data, opts)
	}
	return s.dec, s.moveTo(at)
}

// stale reports whether the decoder must start afresh to reach offset at
// of data: it reads other bytes, or is past at.
func (s *fromState) stale(data []byte, at int) bool {
	return s.dec == nil || !sameBytes(s.data, data) || int(s.dec.InputOffset()) > at
}

// start makes the decoder read data from its start with opts: from a
// bytes.Buffer, which jsontext takes whole at its first look (made here),
// as the standard library's Unmarshal holds its input, so that a method's
// UnreadBuffer is all the rest.
func (s *fromState) start(data []byte, opts []jsontext.Options) {
	s.dec = jsontext.NewDecoder(bytes.NewBuffer(data), opts...)
	s.dec.PeekKind()
	s.data = data
}

// moveTo moves the decoder to just before the value that starts at offset
// at of its data.
func (s *fromState) moveTo(at int) error {
	for {
		pos := tokenStart(s.data, int(s.dec.InputOffset()))
		if pos >= at {
			return nil
		}
		switch k := s.dec.PeekKind(); {
		case k == '{' || k == '[':
			if !closesBefore(s.data, pos, at) {
				_, err := s.dec.ReadToken() // descend
				if err != nil {
					return err
				}
				continue
			}
			if _, err := s.dec.ReadValue(); err != nil {
				return err
			}
		default: // a scalar, a name or a closing bracket before at
			if _, err := s.dec.ReadToken(); err != nil {
				return err
			}
		}
	}
}

// useNumberOptions are the options that Go 1.27's json.Decoder gives the
// UnmarshalJSONFrom methods it calls after UseNumber, so that decoding into
// an any in the method makes json.Numbers too. They hold an option that only
// encoding/json can make, so they are taken from one of its Decoders, once.
var useNumberOptions = sync.OnceValue(func() jsontext.Options {
	dec := json.NewDecoder(strings.NewReader("0"))
	dec.UseNumber()
	var c optionsCatcher
	//lint:ignore SA9005 optionsCatcher has an UnmarshalJSONFrom method, which staticcheck does not know
	if err := dec.Decode(&c); err != nil || c.opts == nil {
		panic("decoder: encoding/json's Decoder did not call UnmarshalJSONFrom: " + fmt.Sprint(err))
	}
	return c.opts
})

// optionsCatcher keeps a copy of the options of the decoder its method is
// called with: Decoder.Options points into the decoder, which encoding/json
// pools and reuses with other options.
type optionsCatcher struct{ opts jsontext.Options }

func (c *optionsCatcher) UnmarshalJSONFrom(dec *jsontext.Decoder) error {
	c.opts = jsonv2.JoinOptions(dec.Options())
	return dec.SkipValue()
}

// closesBefore reports whether the array or object that opens at
// data[open] closes before at; the text up to at has been read, and is
// valid JSON.
func closesBefore(data []byte, open, at int) bool {
	depth := 0
	for i := open; i < at; i++ {
		switch data[i] {
		case '"':
			i = syntax.StringEnd(data[:at], i)
		case '[', '{':
			depth++
		case ']', '}':
			if depth--; depth == 0 {
				return true
			}
		}
	}
	return false
}

// sameBytes reports whether a and b are the same slice of memory.
func sameBytes(a, b []byte) bool {
	return len(a) == len(b) && (len(a) == 0 || &a[0] == &b[0])
}

// tokenStart skips the whitespace, commas and colons at offset i of data.
func tokenStart(data []byte, i int) int {
	for i < len(data) && (grammar.Is(data[i], grammar.Space) || data[i] == ',' || data[i] == ':') {
		i++
	}
	return i
}

var (
	errNonSingular         = errors.New(semantics.DecodeNonSingularText)
	errUnsupportedMutation = errors.New(semantics.DecodeUnsupportedMutationText)
)

// callUnmarshalJSONFrom calls the UnmarshalJSONFrom method of the pointer p,
// of type pt, with the decoder at the value at d.i, and leaves d.i after
// the value. An error is kept as it is, as v1 on v2 keeps it; so is its
// error for a method that reads other than one value. A method that
// returns errors.ErrUnsupported without reading hands the value to
// fallback.
func (d *decodeState) callUnmarshalJSONFrom(pt reflect.Type, p mem.Ptr, errType reflect.Type, fallback targetFn) error {
	start := d.i
	if err := d.skipValue(); err != nil {
		return err
	}
	dec, err := d.decoderAt(start)
	if err != nil {
		return err
	}
	depth := dec.StackDepth()
	_, length := dec.StackIndex(depth)
	u := mem.PointerAt(pt, p).(jsonv2.UnmarshalerFrom)
	err = u.UnmarshalJSONFrom(dec)
	_, newLength := dec.StackIndex(min(depth, dec.StackDepth()))
	moved := dec.StackDepth() != depth || newLength != length
	if err == nil && (dec.StackDepth() != depth || newLength != length+1) {
		err = errNonSingular
	}
	if err != nil && errors.Is(err, errors.ErrUnsupported) {
		if !moved {
			end := d.i
			d.i = start
			if err := fallback(d, p, errType); err != nil {
				return err
			}
			d.i = end
			return nil
		}
		err = errUnsupportedMutation
	}
	if err != nil {
		d.save(err)
	}
	return d.readOn(dec, depth)
}

// readOn follows a method that read past its value (at depth depth of
// dec), as v1 on v2 does: its caller goes on from where the method
// stopped, and if the method closed the caller's object or array, reading
// ends at the end of the input, one closing bracket short.
func (d *decodeState) readOn(dec *jsontext.Decoder, depth int) error {
	end := int(dec.InputOffset())
	switch {
	case end <= d.i:
	case dec.StackDepth() < depth:
		return mem.NewSyntaxError(semantics.DecodeUnexpectedEndText, int64(len(d.data)))
	case dec.StackDepth() == depth:
		d.i = end
		d.i = grammar.SkipSpace(d.data, d.i)
	}
	return nil
}

// transformForeign makes of an error that a method returned what v1 on v2
// reports for it at the end of a call into a value of type root (a
// pointer): its own type and syntax errors become encoding/json's.
func transformForeign(root reflect.Type, err error) error {
	switch e := err.(type) {
	case *jsontext.SyntacticError:
		return syntaxFromV2(e)
	case *jsonv2.SemanticError:
		return typeErrorFromV2(root, e)
	}
	return err
}

// syntaxFromV2 words a jsontext syntax error as encoding/json does.
func syntaxFromV2(e *jsontext.SyntacticError) error {
	msg := "unexpected end of JSON input"
	if e.Err != io.ErrUnexpectedEOF {
		msg = e.Err.Error()
	}
	if i := strings.Index(msg, " (expecting"); i >= 0 && !strings.Contains(msg, " in literal") {
		msg = msg[:i]
	}
	return mem.NewSyntaxError(onV2SyntaxWords.Replace(msg), e.ByteOffset)
}

// onV2SyntaxWords are encoding/json's words for jsontext's.
var onV2SyntaxWords = strings.NewReplacer(
	"object name", "object key",
	"at start of value", "looking for beginning of value",
	"at start of string", "looking for beginning of object key string",
	"after object value", "after object key:value pair",
	"in number", "in numeric literal",
)

// typeErrorFromV2 is encoding/json's error for an encoding/json/v2
// semantic error.
func typeErrorFromV2(root reflect.Type, e *jsonv2.SemanticError) error {
	if e.Err != nil {
		switch e.Err.Error() {
		case semantics.DecodeNonNilReferenceText:
			return &json.InvalidUnmarshalError{Type: e.GoType}
		case semantics.DecodeNilInterfaceText:
			e.Err = nil
		}
	}
	if e.Err == jsonv2.ErrUnknownName {
		return fmt.Errorf("json: unknown field %q", e.JSONPointer.LastToken())
	}
	var value string
	switch e.JSONKind {
	case 'n', '"', '0':
		value = e.JSONKind.String()
	case 'f', 't':
		value = "bool"
	case '[', ']':
		value = "array"
	case '{', '}':
		value = "object"
	}
	if len(e.JSONValue) > 0 {
		if (e.Err == strconv.ErrRange || e.Err == strconv.ErrSyntax) && e.GoType != nil && isNumeric(e.GoType.Kind()) {
			value = "number"
			if e.JSONKind == '"' {
				e.JSONValue, _ = jsontext.AppendUnquote(nil, e.JSONValue)
			}
			e.Err = nil
		}
		value += " " + string(e.JSONValue)
	}
	var rootName string
	if e.JSONPointer != "" {
		rootName = root.Elem().Name()
	}
	field := strings.ReplaceAll(strings.TrimPrefix(string(e.JSONPointer), "/"), "/", ".")
	inner := e.Err
	if se, ok := inner.(*jsontext.SyntacticError); ok {
		inner = syntaxFromV2(se)
	}
	return &json.UnmarshalTypeError{Value: value, Type: e.GoType, Offset: e.ByteOffset, Struct: rootName, Field: field, Err: inner}
}

func isNumeric(k reflect.Kind) bool {
	switch k {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64:
		return true
	}
	return false
}
