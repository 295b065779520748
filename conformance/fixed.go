package conformance

import (
	"errors"
	"strconv"
	"time"
)

// The named types below cover what reflect.StructOf cannot build: methods
// (Marshaler, TextMarshaler, IsZero, with value and pointer receivers),
// embedded types (StructOf needs a named type to embed), unexported embedded
// structs, promoted methods and recursion. Their fields are exported so that
// the value generator can fill them.

// jsonText returns itself as its JSON encoding, so the encoder must validate
// and compact whatever text it holds.
type jsonText string

func (s jsonText) MarshalJSON() ([]byte, error) { return []byte(s), nil }

func (s *jsonText) UnmarshalJSON(b []byte) error {
	*s = jsonText(b)
	return nil
}

// ptrJSONText marshals through a pointer receiver, which encoding/json only
// uses when the value is addressable.
type ptrJSONText string

func (s *ptrJSONText) MarshalJSON() ([]byte, error) { return []byte(*s), nil }

// failingJSON always fails, with its own text as the message.
type failingJSON struct{ Msg string }

func (f failingJSON) MarshalJSON() ([]byte, error) { return nil, errors.New(f.Msg) }

func (f *failingJSON) UnmarshalJSON([]byte) error { return errors.New(f.Msg) }

// textKey is a TextMarshaler with a value receiver: usable as a map key and
// written as a JSON string. Texts starting with "!" fail.
type textKey string

func (k textKey) MarshalText() ([]byte, error) {
	if len(k) > 0 && k[0] == '!' {
		return nil, errors.New("textKey refuses " + string(k))
	}
	return []byte("k:" + k), nil
}

func (k *textKey) UnmarshalText(b []byte) error {
	if len(b) > 0 && b[0] == '!' {
		return errors.New("textKey refuses to decode " + string(b))
	}
	*k = textKey(b)
	return nil
}

// ptrTextKey implements TextMarshaler only through its pointer, so as a map
// key (never addressable) it is a plain string.
type ptrTextKey string

func (k *ptrTextKey) MarshalText() ([]byte, error) { return []byte("p:" + *k), nil }

// intTextKey is an integer kind that is also a TextMarshaler: the text wins.
type intTextKey int

func (k intTextKey) MarshalText() ([]byte, error) {
	return strconv.AppendInt([]byte("#"), int64(k), 16), nil
}

// jsonAndText has both methods; MarshalJSON takes precedence.
type jsonAndText struct{ N int }

func (v jsonAndText) MarshalJSON() ([]byte, error) { return []byte(`{"json":true}`), nil }

func (v jsonAndText) MarshalText() ([]byte, error) { return []byte("text"), nil }

// zeroer decides its own zeroness for omitzero.
type zeroer struct{ N int }

func (z zeroer) IsZero() bool { return z.N%2 == 0 }

// ptrZeroer has a pointer-receiver IsZero.
type ptrZeroer struct{ N int }

func (z *ptrZeroer) IsZero() bool { return z == nil || z.N > 10 }

// panicky panics with its message when marshaled; encoding/json lets the
// panic through and so must its replacements.
type panicky struct{ Msg string }

func (p panicky) MarshalJSON() ([]byte, error) { panic("panicky: " + p.Msg) }

// embLower is unexported: its exported fields are still promoted.
type embLower struct {
	L string
	X int `json:"x"`
}

type holdsLower struct {
	embLower
	M int
}

// holdsLowerPtr cannot be decoded into when the pointer is nil.
type holdsLowerPtr struct {
	*embLower
	M int
}

// stamped promotes time.Time's MarshalJSON, so it marshals as a time and
// its Note is never written.
type stamped struct {
	time.Time
	Note string
}

// node is recursive; the generator occasionally closes a cycle through Next.
type node struct {
	V    int
	Next *node `json:",omitempty"`
	Kids []node
}
