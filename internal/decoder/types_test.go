package decoder

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strings"
	"time"
)

// Types that exercise the rules, shared by the table and fuzz tests.

func bytesReader(b []byte) io.Reader { return bytes.NewReader(b) }

var errBoom = errors.New("boom")

type textVal struct{ S string }

func (t *textVal) UnmarshalText(b []byte) error {
	if string(b) == "fail" {
		return errBoom
	}
	t.S = "text:" + string(b)
	return nil
}

type jsonVal struct{ Raw string }

func (j *jsonVal) UnmarshalJSON(b []byte) error {
	if string(b) == `"fail"` {
		return errBoom
	}
	if string(b) == `"typeerr"` {
		return &json.UnmarshalTypeError{Value: "custom", Type: reflect.TypeFor[int](), Field: "sub"}
	}
	j.Raw = "json:" + string(b)
	return nil
}

// valJSON has a value-receiver UnmarshalJSON (so only *valJSON is an
// Unmarshaler through the method set rules).
type valJSON int

func (valJSON) UnmarshalJSON(b []byte) error { return nil }

type textKey string

func (k *textKey) UnmarshalText(b []byte) error {
	if string(b) == "bad" {
		return errBoom
	}
	*k = textKey(strings.ToUpper(string(b)))
	return nil
}

type jsonKey string

func (k *jsonKey) UnmarshalText(b []byte) error { *k = jsonKey("t" + string(b)); return nil }
func (k *jsonKey) UnmarshalJSON(b []byte) error { *k = jsonKey("j" + string(b)); return nil }

type Inner struct {
	X int    `json:"x"`
	Y string `json:"y"`
}

type inner struct {
	Z int `json:"z"`
}

type Deep struct {
	Inner
	*Ptr
	*inner
	Name string `json:"name"`
}

type Ptr struct {
	P int `json:"p"`
	Q []int
}

type All struct {
	B   bool
	I   int
	I8  int8
	I16 int16
	I32 int32
	I64 int64
	U   uint
	U8  uint8
	U16 uint16
	U32 uint32
	U64 uint64
	UP  uintptr
	F32 float32
	F64 float64
	S   string
	Bs  []byte
	Sl  []int
	Ar  [3]int
	M   map[string]int
	MI  map[int]string
	MU  map[uint8]bool
	MT  map[textKey]int
	MJ  map[jsonKey]int
	MB  map[bool]int
	P   *int
	PP  **string
	A   any
	E   fmt.Stringer
	N   json.Number
	R   json.RawMessage
	T   textVal
	TP  *textVal
	J   jsonVal
	JP  *jsonVal
	V   valJSON
	Tm  time.Time
	St  Inner
	SP  *Inner
	SS  []Inner
	Ch  chan int
	C   complex128
	Fn  func()
	Q   int         `json:",string"`
	QS  string      `json:",string"`
	QB  bool        `json:",string"`
	QF  float64     `json:",string"`
	QP  *int        `json:",string"`
	QN  json.Number `json:",string"`
	//lint:ignore SA5008 the string option on a non-numeric field is the case under test
	QT   textVal `json:",string"`
	Tag  int     `json:"tagged"`
	Skip int     `json:"-"`
	//lint:ignore SA5008 a "-," tag naming a field "-" is the case under test
	Dash int `json:"-,"`
	K    int `json:"k"`
	//lint:ignore U1000 an unexported field the decoder must skip is the case under test
	priv int
}

// Fold has names that only match under Unicode folding.
type Fold struct {
	Kelvin int    `json:"K"`
	Sigma  string `json:"σ"`
	Long   int    `json:"ſ"` // U+017F folds with s and S
	AB     int    `json:"aB"`
	Ab     int    `json:"AB"`
}

type Recursive struct {
	V    int
	Next *Recursive
	Kids []Recursive
	M    map[string]*Recursive
}

type Small struct {
	ID    int64    `json:"id"`
	Name  string   `json:"name"`
	Admin bool     `json:"admin"`
	Score float64  `json:"score"`
	Tags  []string `json:"tags"`
}

// Tags of Go 1.27's rules (the classic rules see unknown options and
// names they reject): case matching, a name with a backslash, and the
// `embed` map that takes unknown members.
type Tags27 struct {
	Strict int `json:"strict,case:strict"`
	Ignore int `json:"ign_x,case:ignore"`
	//lint:ignore SA5008 the name is one the classic rules reject and v2's accept
	Slash int            `json:"a\\b"`
	Tm    time.Time      `json:"tm"`
	Rest  map[string]any `json:",embed"`
}

// Format27 has a `format` option, which v1 on v2 cannot decode.
type Format27 struct {
	A int
	T time.Time `json:",format:RFC3339"`
}

// nestedJSON decodes itself with encoding/json: its errors (paths, offsets
// and root names of the inner call) come back through the outer call.
type nestedJSON struct{ In All }

func (n *nestedJSON) UnmarshalJSON(b []byte) error { return json.Unmarshal(b, &n.In) }

// textBytes is a slice with UnmarshalText: null leaves it as it is under
// v1 on v2, and clears it in the classic decoder.
type textBytes []byte

func (t *textBytes) UnmarshalText(b []byte) error { *t = append([]byte("t:"), b...); return nil }

// embedRaw and embedPtrMap take unknown members in an `embed` field (Go
// 1.27's rules).
type embedRaw struct {
	A    int
	Rest json.RawMessage `json:",embed"`
}

type embedPtrMap struct {
	A    int
	Rest *map[string]int `json:",embed"`
}

// quotedPtrs has `,string` fields behind pointers and on types with
// methods.
type quotedPtrs struct {
	//lint:ignore SA5008 `string` through two pointers is the case under test
	P **int `json:",string"`
	//lint:ignore SA5008 `string` on a type with UnmarshalText is the case under test
	T textBytes    `json:",string"`
	N *json.Number `json:",string"`
	F *float32     `json:",string"`
}

type stringerVal struct{}

func (stringerVal) String() string { return "" }

// foldDepth has names equal under case folding at two depths: classic
// encoding/json takes the first in field order, v1 on v2 the shallowest.
type foldDepth struct {
	foldInner
	Y int `json:"name"`
}

type foldInner struct {
	X int `json:"NAME"`
}

// embedDeep reaches its `embed` map through an unexported embedded struct
// and an embedded pointer.
type embedDeep struct {
	embedHolder
	A int
}

type embedHolder struct {
	*EmbedMap
}

type EmbedMap struct {
	Rest map[string]int `json:",embed"`
}
