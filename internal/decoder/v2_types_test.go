//go:build goexperiment.jsonv2 && go1.27

package decoder_test

// The types the v2 decoding tests decode into.

import (
	"encoding/json"
	"time"
)

type inner struct {
	A int
	B string `json:"b,omitempty"`
}

type Embedded struct{ E1, E2 int }

type shapes struct {
	Bool   bool
	Ints   [3]int8
	Uint   uint64
	F32    float32
	F64    float64
	S      string
	Ptr    *inner
	Slice  []inner
	Ptrs   []*inner
	Map    map[string]int
	IntMap map[int16]string
	UMap   map[uint8]bool
	Any    any
	When   time.Time
	Anon   struct {
		X, Y int `json:",omitzero"`
	}
	Embedded
	Strict  int `json:"strict,case:strict"`
	Skipped int `json:"-"`
	private int
}

// bigStruct has more members than are compared in turn.
type bigStruct struct {
	F0, F1, F2, F3, F4, F5, F6, F7, F8, F9, F10, F11 int
	Name                                             string
}

// targets are the types the tests decode into: ones this package decodes
// and, at the end, ones it leaves to v2.
var targets = []func() any{
	newOf[shapes](), newOf[*shapes](), newOf[[]shapes](), newOf[bigStruct](),
	newOf[any](), newOf[map[string]any](), newOf[[]any](), newOf[[]string](),
	newOf[map[string][]float64](), newOf[[2]bool](), newOf[int](), newOf[uint32](),
	newOf[int8](), newOf[float32](), newOf[string](), newOf[time.Time](),
	newOf[map[int]int](), newOf[map[uint64]any](), newOf[*[]*int](),
	newOf[quotedNums](), newOf[[]quotedNums](), newOf[quotedBool](), newOf[quotedDeep](),
	newOf[embedsPointers](), newOf[[]embedsPointers](), newOf[embedsUnexported](), newOf[standardTypes](),
	newOf[withText](), newOf[[]byte](), newOf[[4]byte](), newOf[[]namedByte](), newOf[[2]namedByte](), newOf[time.Duration](), newOf[caseIgnore](), newOf[folding](),
	newOf[[2]float64](), newOf[[][3]float64](), newOf[[][]meters](),
}

// namedByte is a byte of its own name: v2 writes its slices and arrays as
// numbers, not base64.
type namedByte byte

// meters is a float64 of its own name, without methods.
type meters float64

// quotedNums has the `string` option on numbers, which v2 takes.
type quotedNums struct {
	I int64   `json:",string"`
	U *uint16 `json:",string"`
	F float64 `json:",string"`
	G float32 `json:"g,string,omitempty"`
}

// quotedDeep has it through a pointer to a pointer, which v2 follows, and
// beside an option v2 does not know and ignores.
type quotedDeep struct {
	//lint:ignore SA5008 v2 takes `string` through pointers to pointers, and so must the engine
	P **int `json:",string"`
	//lint:ignore SA5008 v2 ignores options it does not know, and so must the engine
	R int `json:"r,omitempty,readonly"`
}

// quotedBool has it on a bool, which v2 rejects.
type quotedBool struct {
	B bool `json:",string"`
}

// embedsPointers reaches fields through embedded pointers, which v2 sets
// to new structs.
type embedsPointers struct {
	*Embedded
	*Deep
	Own int
}

type Deep struct {
	*Leaf
	D int
}

type Leaf struct {
	A int
	B string `json:"b"`
}

// embedsUnexported has one that v2 cannot set.
type embedsUnexported struct {
	*lower
}

type lower struct{ L int }

// standardTypes are the standard library's types with methods that are
// decoded as the methods do.
type standardTypes struct {
	N  json.Number
	R  json.RawMessage
	Rs []json.RawMessage
	Np *json.Number
	M  map[string]json.RawMessage
}

type withText struct{ T text }

type text string

func (t *text) UnmarshalText(b []byte) error { *t = text("<" + string(b) + ">"); return nil }

type caseIgnore struct {
	Name string `json:",case:ignore"`
}

// folding has names that v2 matches up to case, dashes and underscores
// with MatchCaseInsensitiveNames, and names it never matches so, or
// always does, whatever the option.
type folding struct {
	FirstName string `json:"first_name"`
	LastName  string
	ID        int    `json:"id,case:ignore"`
	Code      string `json:"code,case:strict"`
	AB        int    `json:"a_b"`
	ADashB    int    `json:"A-B"`
	foldingEmbedded
}

type foldingEmbedded struct {
	Last_Name string // a name that folds to it and to LastName is ambiguous
	Extra     bool
}

// shapesDoc sets every field of shapes, and more.
const shapesDoc = `{"Bool":true,"Ints":[1,2,3],"Uint":7,"F32":1.5,"F64":-2e-3,"S":"s","Ptr":{"A":1,"b":"x"},` +
	`"Slice":[{"A":2},{}],"Ptrs":[null,{"A":3}],"Map":{"x":1,"y":2},"IntMap":{"-5":"m"},"UMap":{"9":true},` +
	`"Any":{"k":[1,"two",true,null,{"z":{}}]},"When":"2020-02-29T23:59:59.5Z","Anon":{"X":1,"Y":2},` +
	`"E1":5,"E2":6,"strict":4,"Skipped":9,"private":1,"unknown":{"deep":[{"x":1,"y":2}]}}`
