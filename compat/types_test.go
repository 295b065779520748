package compat_test

// Types used by the encoding tests. Methods must be declared at package level,
// so every type with a marshaler or IsZero method lives here.

import (
	"encoding"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"sync"
	"time"

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

// Embedding.

type Inner struct{ A, B int }

type depthWins struct {
	Inner
	A string
}

type TaggedX struct {
	X int `json:"X"`
}

type TaggedX2 struct {
	X int `json:"X"`
}

type PlainX struct{ X int }

type PlainX2 struct{ X int }

type taggedBeatsPlain struct {
	PlainX
	TaggedX
}

type plainConflict struct {
	PlainX
	PlainX2
}

// WrapTagged holds a tagged X one level deeper than shallowerWins.X.
type WrapTagged struct{ TaggedX }

type shallowerWins struct {
	WrapTagged
	X string
}

type Leaf struct{ L int }

type PathA struct{ Leaf }

type PathB struct{ Leaf }

type twoPaths struct {
	PathA
	PathB
}

type twoPathsShadowed struct {
	PathA
	PathB
	L string
}

type tagRenamesOver struct {
	A int `json:"B"`
	B int
}

type ptrEmbed struct {
	*Inner
	C int
}

// groupInner's members are left out when empty, so a group of them can
// write nothing (see the encoder's groupEmbedded).
type groupInner struct {
	S string   `json:"s,omitempty"`
	P *int     `json:"p,omitempty"`
	L []string `json:"l,omitempty"`
	J failableJSON
	*groupDeep
}

type groupDeep struct {
	D1 int `json:"d1,omitempty"`
	D2 string
	D3 []int `json:"d3,omitempty"`
}

// failableJSON's MarshalJSON fails when Fail is set.
type failableJSON struct{ Fail bool }

func (f failableJSON) MarshalJSON() ([]byte, error) {
	if f.Fail {
		return nil, errBoom
	}
	return []byte(`"ok"`), nil
}

// groupOuter has members behind two embedded pointers, one shadowed, at
// the start and in the middle.
type groupOuter struct {
	*Inner
	X int `json:"x,omitempty"`
	*groupInner
	D2 string `json:"D2,omitempty"`
}

type inner struct {
	X int
	y int
}

type unexportedPtrEmbed struct {
	*inner
	C int
}

type unexportedEmbed struct {
	inner
	C int
}

type nonStructEmbed struct {
	MyString
	*MyInt
	myInt
	C int
}

type ifaceEmbed struct {
	fmt.Stringer
	N int
}

type anyEmbed struct {
	MyAny
	N int
}

type promotedValJSON struct {
	valJSON
	N int
}

type promotedPtrJSON struct {
	ptrJSON
	N int
}

type promotedNilPtrJSON struct {
	*valJSON
	N int
}

type promotedText struct {
	valText
	N int
}

type promotedTime struct {
	time.Time
	N int
}

type namedEmbed struct {
	Inner `json:"inner"`
	C     int
}

type skippedEmbed struct {
	Inner `json:"-"`
	C     int
}

type optionsOnlyEmbed struct {
	Inner `json:",omitempty"`
	C     int
}

type Rec struct {
	*Rec
	X int
}

// Cycles.

type node struct {
	Name string
	Next *node
}

type cycleAny struct{ V any }

type cycleMap map[string]cycleMap

type cycleSlice []cycleSlice

// Struct tags.

type dashTags struct {
	Skip int `json:"-"`
	//lint:ignore SA5008 a "-," tag naming a field "-" is the case under test
	Dash    int `json:"-,"`
	Func    func()
	Chan    chan int
	Fn      func()   `json:"-"`
	Ch      chan int `json:"-"`
	private int
	Plain   int
}

type omitEmptyAll struct {
	Bool    bool              `json:",omitempty"`
	Int     int               `json:",omitempty"`
	Int8    int8              `json:",omitempty"`
	Int16   int16             `json:",omitempty"`
	Int32   int32             `json:",omitempty"`
	Int64   int64             `json:",omitempty"`
	Uint    uint              `json:",omitempty"`
	Uint8   uint8             `json:",omitempty"`
	Uint16  uint16            `json:",omitempty"`
	Uint32  uint32            `json:",omitempty"`
	Uint64  uint64            `json:",omitempty"`
	Uintptr uintptr           `json:",omitempty"`
	Float32 float32           `json:",omitempty"`
	Float64 float64           `json:",omitempty"`
	String  string            `json:",omitempty"`
	Ptr     *int              `json:",omitempty"`
	Iface   any               `json:",omitempty"`
	Map     map[string]int    `json:",omitempty"`
	Slice   []int             `json:",omitempty"`
	Bytes   []byte            `json:",omitempty"`
	Array0  [0]int            `json:",omitempty"`
	Array2  [2]int            `json:",omitempty"`
	Struct  struct{}          `json:",omitempty"`
	Inner   Inner             `json:",omitempty"`
	Time    time.Time         `json:",omitempty"`
	Number  compat.Number     `json:",omitempty"`
	Raw     compat.RawMessage `json:",omitempty"`
	Named   MyString          `json:"named,omitempty"`
	ZeroVal zeroVal           `json:",omitempty"`
	Marsh   *valJSON          `json:",omitempty"`
}

type omitZeroAll struct {
	Bool    bool              `json:",omitzero"`
	Int     int               `json:",omitzero"`
	Uint64  uint64            `json:",omitzero"`
	Float32 float32           `json:",omitzero"`
	Float64 float64           `json:",omitzero"`
	String  string            `json:",omitzero"`
	Ptr     *int              `json:",omitzero"`
	Iface   any               `json:",omitzero"`
	Map     map[string]int    `json:",omitzero"`
	Slice   []int             `json:",omitzero"`
	Array0  [0]int            `json:",omitzero"`
	Array2  [2]int            `json:",omitzero"`
	Struct  struct{}          `json:",omitzero"`
	Inner   Inner             `json:",omitzero"`
	Time    time.Time         `json:",omitzero"`
	PTime   *time.Time        `json:",omitzero"`
	Number  compat.Number     `json:",omitzero"`
	Raw     compat.RawMessage `json:",omitzero"`
	Func    func()            `json:",omitzero"`
	Chan    chan int          `json:",omitzero"`
	Complex complex128        `json:",omitzero"`
	ZV      zeroVal           `json:",omitzero"`
	PZV     *zeroVal          `json:",omitzero"`
	ZP      zeroPtr           `json:",omitzero"`
	PZP     *zeroPtr          `json:",omitzero"`
	ZI      zeroInt           `json:",omitzero"`
	Odd     oddZero           `json:",omitzero"`
	IZ      isZeroer          `json:",omitzero"`
	Both    int               `json:",omitzero,omitempty"`
	BothS   []int             `json:",omitempty,omitzero"`
	ArrZV   [2]zeroVal        `json:",omitzero"`
}

type stringOpt struct {
	Int     int     `json:",string"`
	Int8    int8    `json:",string"`
	Uint64  uint64  `json:",string"`
	Uintptr uintptr `json:",string"`
	Float32 float32 `json:",string"`
	Float64 float64 `json:",string"`
	Bool    bool    `json:",string"`
	String  string  `json:",string"`
	PInt    *int    `json:",string"`
	//lint:ignore SA5008 the string option on a non-numeric field is the case under test
	PPInt    **int   `json:",string"`
	PString  *string `json:",string"`
	Named    MyInt   `json:",string"`
	NamedF   MyFloat `json:",string"`
	NamedPtr IntPtr  `json:",string"`
	//lint:ignore SA5008 the string option on a non-numeric field is the case under test
	Iface any `json:",string"`
	//lint:ignore SA5008 the string option on a non-numeric field is the case under test
	Slice []int `json:",string"`
	//lint:ignore SA5008 the string option on a non-numeric field is the case under test
	Map map[string]int `json:",string"`
	//lint:ignore SA5008 the string option on a non-numeric field is the case under test
	Struct  Inner         `json:",string"`
	Number  compat.Number `json:",string"`
	JSONInt jsonInt       `json:",string"`
	TextInt textInt       `json:",string"`
	//lint:ignore SA5008 the string option on a non-numeric field is the case under test
	Bytes []byte `json:",string"`
	//lint:ignore SA5008 the string option on a non-numeric field is the case under test
	Raw     compat.RawMessage `json:",string"`
	Omit    int               `json:",string,omitempty"`
	Renamed bool              `json:"r,string"`
}

type nonASCIIFields struct {
	Ñame  int
	Größe string
	Ωmega bool
	Naïve int `json:"naïve"`
	Kanji int `json:"日本語"`
	Emoji int `json:"😀"`
}

type htmlTags struct {
	A int `json:"<a>"`
	B int `json:"a&b"`
	C int `json:"</script>"`
	D int `json:"x y"`
	E int `json:"$%()*+-./:;=?@[]^_{|}~"`
	//lint:ignore SA5008 a field name with characters encoding/json rejects is the case under test
	F int `json:"a\"b"`
	//lint:ignore SA5008 a field name with characters encoding/json rejects is the case under test
	G int `json:"a\\b"`
	//lint:ignore SA5008 a field name with characters encoding/json rejects is the case under test
	H int `json:"a'b"`
	I int `json:"a,omitempty"`
	J int `json:",omitempty"`
	K int `json:"ok!#"`
}

type caseTags struct {
	A int `json:"C"`
	B int `json:"c"`
}

type unsupportedFields struct {
	N int
	F func()
}

type withChan struct{ C chan int }

type withComplex struct{ C complex64 }

// Addressability.

type marshalerFields struct {
	VJ   valJSON
	PJ   ptrJSON
	VT   valText
	PT   ptrText
	PJVT ptrJSONValText
	A    [2]ptrJSON
	S    []ptrJSON
	M    map[string]ptrJSON
	MP   map[string]*ptrJSON
	I    any
	PVJ  *valJSON
	PPJ  *ptrJSON
	PVT  *valText
	PPT  *ptrText
}

// More method-set corners.

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
