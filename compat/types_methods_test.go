package compat_test

// Types with marshaler, IsZero and String methods, used by the encoding tests.
// Methods must be declared at package level, so such types live in the
// types_*_test.go files rather than inside the tests.

import (
	"errors"
	"fmt"
	"strconv"

	"github.com/safejson/safejson/compat"
)

var errBoom = errors.New("boom")

// quoteJSON quotes s as a JSON string the way a careless MarshalJSON might:
// it escapes only what JSON requires and leaves <, >, &, U+2028 and invalid
// UTF-8 raw, for the encoder to deal with.
func quoteJSON(s string) []byte {
	b := []byte{'"'}
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '"' || c == '\\':
			b = append(b, '\\', c)
		case c < 0x20:
			b = fmt.Appendf(b, `\u%04x`, c)
		default:
			b = append(b, c)
		}
	}
	return append(b, '"')
}

// Marshalers with value and pointer receivers.

type valJSON struct{ S string }

func (v valJSON) MarshalJSON() ([]byte, error) { return quoteJSON("valJSON:" + v.S), nil }

type ptrJSON struct{ S string }

func (p *ptrJSON) MarshalJSON() ([]byte, error) { return quoteJSON("ptrJSON:" + p.S), nil }

type valText struct{ S string }

func (v valText) MarshalText() ([]byte, error) { return []byte("valText:" + v.S), nil }

type ptrText struct{ S string }

func (p *ptrText) MarshalText() ([]byte, error) { return []byte("ptrText:" + p.S), nil }

// rawJSON's MarshalJSON returns its own bytes, valid JSON or not.
type rawJSON string

func (r rawJSON) MarshalJSON() ([]byte, error) { return []byte(r), nil }

// rawText's MarshalText returns its own bytes.
type rawText string

func (r rawText) MarshalText() ([]byte, error) { return []byte(r), nil }

type failJSON struct{ N int }

func (failJSON) MarshalJSON() ([]byte, error) { return nil, errBoom }

type failText struct{ N int }

func (failText) MarshalText() ([]byte, error) { return nil, errBoom }

// failJSONPartial returns output together with its error.
type failJSONPartial struct{}

func (failJSONPartial) MarshalJSON() ([]byte, error) { return []byte(`"partial"`), errBoom }

type failTextPartial struct{}

func (failTextPartial) MarshalText() ([]byte, error) { return []byte("partial"), errBoom }

type wrappedFailJSON struct{}

func (wrappedFailJSON) MarshalJSON() ([]byte, error) {
	return nil, fmt.Errorf("wrapped: %w", &compat.UnsupportedValueError{Str: "inner"})
}

type panicJSON struct{}

func (panicJSON) MarshalJSON() ([]byte, error) { panic("panicJSON.MarshalJSON") }

type panicText struct{}

func (panicText) MarshalText() ([]byte, error) { panic("panicText.MarshalText") }

// bothMarshalers has both methods; MarshalJSON wins.
type bothMarshalers struct{ S string }

func (b bothMarshalers) MarshalJSON() ([]byte, error) { return []byte(`{"json":true}`), nil }
func (b bothMarshalers) MarshalText() ([]byte, error) { return []byte("text"), nil }

// ptrJSONValText: pointer MarshalJSON, value MarshalText. Addressable values
// use MarshalJSON; the others fall back to MarshalText.
type ptrJSONValText struct{ S string }

func (p *ptrJSONValText) MarshalJSON() ([]byte, error) { return []byte(`"json"`), nil }
func (p ptrJSONValText) MarshalText() ([]byte, error)  { return []byte("text"), nil }

// Marshalers on non-struct kinds, which also matter for the string option and
// for map keys.

type jsonInt int

func (n jsonInt) MarshalJSON() ([]byte, error) { return []byte(strconv.Itoa(int(n) * 10)), nil }

type textInt int

func (n textInt) MarshalText() ([]byte, error) { return []byte("t" + strconv.Itoa(int(n))), nil }

type ptrTextInt int

func (n *ptrTextInt) MarshalText() ([]byte, error) { return []byte("p" + strconv.Itoa(int(*n))), nil }

type failTextInt int

func (n failTextInt) MarshalText() ([]byte, error) {
	if n < 0 {
		return nil, errBoom
	}
	return []byte(strconv.Itoa(int(n))), nil
}

type textString string

func (s textString) MarshalText() ([]byte, error) { return []byte("text:" + string(s)), nil }

// unmarshalString has only a decoding method.
type unmarshalString string

func (s *unmarshalString) UnmarshalText(b []byte) error { *s = unmarshalString(b); return nil }

type textFloat float64

func (f textFloat) MarshalText() ([]byte, error) {
	return []byte(strconv.FormatFloat(float64(f), 'g', -1, 64)), nil
}

type textBool bool

func (b textBool) MarshalText() ([]byte, error) { return []byte(strconv.FormatBool(bool(b))), nil }

// Byte element types: a []E with methods on *E is an array, not base64.

type jsonByte byte

func (b jsonByte) MarshalJSON() ([]byte, error) {
	return []byte(`"b` + strconv.Itoa(int(b)) + `"`), nil
}

type textByte byte

func (b *textByte) MarshalText() ([]byte, error) { return []byte("t" + strconv.Itoa(int(*b))), nil }

type plainByte byte

type namedBytes []byte

type namedPlainBytes []plainByte

// IsZero methods for omitzero.

type zeroVal struct{ N int }

func (z zeroVal) IsZero() bool { return z.N == 42 }

type zeroPtr struct{ N int }

func (z *zeroPtr) IsZero() bool { return z.N == 42 }

type zeroInt int

func (z zeroInt) IsZero() bool { return z < 0 }

// oddZero has an IsZero method of the wrong shape, so reflect's IsZero decides.
type oddZero struct{ N int }

func (oddZero) IsZero() int { return 1 }

type isZeroer interface{ IsZero() bool }

// Named non-struct types.

type (
	MyString string
	MyInt    int
	myInt    int
	MyFloat  float64
	IntPtr   *int
	MyMap    map[string]int
	MySlice  []int
	MyAny    any
)

type stringer string

func (s stringer) String() string { return string(s) }
