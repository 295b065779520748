package compat_test

// Types used by the encoding tests: the corners of method sets, and
// pointer-shaped types.

import (
	"encoding"
	"encoding/json"
	"fmt"
	"strconv"
	"sync"

	"github.com/safejson/safejson/compat"
)

// ambiguousMarshalers embeds two types with MarshalJSON at the same depth:
// the selector is ambiguous, so neither is promoted.
type ambiguousMarshalers struct {
	valJSON
	bothMarshalers
}

type promotedPtrEmbed struct {
	*ptrJSON
	N int
}

type promotedTextInt struct {
	textInt
	N int
}

type promotedJSONInt struct {
	jsonInt
	N int
}

// ptrJSONSlice is a slice kind with a pointer-receiver MarshalJSON.
type ptrJSONSlice []int

func (p *ptrJSONSlice) MarshalJSON() ([]byte, error) { return []byte(`"ptrJSONSlice"`), nil }

// ptrTextBytes is a []byte kind with a pointer-receiver MarshalText: base64
// when not addressable, text when addressable.
type ptrTextBytes []byte

func (p *ptrTextBytes) MarshalText() ([]byte, error) { return append([]byte("text:"), *p...), nil }

type sliceKinds struct {
	PS ptrJSONSlice
	PB ptrTextBytes
	A  [1]ptrTextBytes
}

// hostileKey is a map key whose MarshalText returns one of hostileStrings.
type hostileKey int

func (k hostileKey) MarshalText() ([]byte, error) { return []byte(hostileStringList()[k]), nil }

var hostileStringList = sync.OnceValue(hostileStrings)

type failGeneric[T any] struct{ V T }

func (failGeneric[T]) MarshalJSON() ([]byte, error) { return nil, errBoom }

type generic[K comparable, V any] struct {
	M map[K]V
	S []V
}

// reentrant marshals its value with compat from inside MarshalJSON, which
// must not disturb the outer call's buffers.
type reentrant struct{ V any }

func (r reentrant) MarshalJSON() ([]byte, error) { return compat.Marshal(r.V) }

type interfaceFields struct {
	M  json.Marshaler
	T  encoding.TextMarshaler
	S  fmt.Stringer
	E  error
	IZ isZeroer `json:",omitempty"`
}

type onlyUnexported struct {
	a, b int
}

type stringOptPtrs struct {
	PMyInt   *MyInt   `json:",string"`
	PTextInt *textInt `json:",string"`
	PJSONInt *jsonInt `json:",string"`
	PFloat   *float64 `json:",string"`
	PBool    *bool    `json:",string"`
}

// Pointer-shaped types: an interface stores them in its data word directly
// instead of pointing at a copy.

type ptrShaped struct{ P *Inner }

type ptrShapedNested struct{ S struct{ M map[string]int } }

type ptrShapedArray [1]*int

type ptrShapedJSON struct{ P *int }

func (p ptrShapedJSON) MarshalJSON() ([]byte, error) {
	if p.P == nil {
		return []byte(`"ptrShapedJSON:nil"`), nil
	}
	return []byte(`"ptrShapedJSON:` + strconv.Itoa(*p.P) + `"`), nil
}

type ptrShapedPtrJSON struct{ P *int }

func (p *ptrShapedPtrJSON) MarshalJSON() ([]byte, error) { return []byte(`"ptrShapedPtrJSON"`), nil }

type mapJSON map[string]int

func (m mapJSON) MarshalJSON() ([]byte, error) {
	return []byte(`{"mapJSON":` + strconv.Itoa(len(m)) + `}`), nil
}

type mapPtrText map[string]int

func (m *mapPtrText) MarshalText() ([]byte, error) { return []byte("mapPtrText"), nil }

type anyMapJSON map[string]any

func (m anyMapJSON) MarshalJSON() ([]byte, error) { return []byte(`"anyMapJSON"`), nil }

type anySliceText []any

func (s anySliceText) MarshalText() ([]byte, error) { return []byte("anySliceText"), nil }

type namedAnyMap map[string]any

type namedAnySlice []any

type funcJSON func()

func (funcJSON) MarshalJSON() ([]byte, error) { return []byte(`"funcJSON"`), nil }

type chanText chan int

func (chanText) MarshalText() ([]byte, error) { return []byte("chanText"), nil }
