package compat_test

// Types used by the encoding tests: struct tags, and the fields whose
// addressability decides which method runs.

import (
	"time"

	"github.com/safejson/safejson/compat"
)

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
