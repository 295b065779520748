package encoder

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/safejson/safejson/internal/escape"
)

// randomInt64 returns an integer of a random length (in bits) and sign.
func randomInt64(r *rand.Rand) int64 {
	v := r.Int64() >> r.IntN(64)
	if r.IntN(2) == 0 {
		v = -v
	}
	return v
}

// TestIntKeyOrder writes maps with integer keys of every length and sign,
// which encoding/json sorts by their decimal text ("-1" < "-10" < "-2" <
// "0" < "10" < "9"), and compares with encoding/json.
func TestIntKeyOrder(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 8))
	edges := []int64{0, 1, -1, 9, 10, -9, -10, 99, 100, 1e17, 1e17 - 1, 1e18 - 1, -(1e18 - 1), 1e18, -1e18,
		math.MaxInt64, math.MinInt64, math.MinInt64 + 1}
	for range 300 {
		m64 := map[int64]int{}
		m8 := map[int8]bool{}
		mu := map[uint64]string{}
		mu32 := map[uint32]int{}
		for range r.IntN(40) {
			v := randomInt64(r)
			if r.IntN(8) == 0 {
				v = edges[r.IntN(len(edges))]
			}
			m64[v] = len(m64)
			m8[int8(v)] = v > 0
			mu[uint64(v)>>r.IntN(64)] = "x"
			mu32[uint32(v)] = 1
		}
		if r.IntN(3) == 0 {
			mu[math.MaxUint64] = "20 digits"
		}
		checkSame(t, "int64 keys", m64)
		checkSame(t, "int8 keys", m8)
		checkSame(t, "uint64 keys", mu)
		checkSame(t, "uint32 keys", mu32)
		checkSame(t, "nested", map[int16]map[int64]int{-3: m64, 12: m64})
	}
}

type (
	int32Key  int32
	textValue string
)

// TestIntKeyedStrings writes maps of integer keys of every kind, named
// ones too, and string values, which are read as typed maps: values
// to escape, empty and nil maps, maps inside structs and slices.
func TestIntKeyedStrings(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 13))
	texts := []string{"", "plain", "<a href='x'>&amp;</a>", "\u2028\u2029", "\xff\xfe", "quote\"back\\", "\x00\x1f"}
	type holder struct {
		A map[int64]string
		B map[int32Key]textValue `json:"b,omitempty"`
		C []map[uint8]string
	}
	for range 200 {
		m64 := map[int64]string{}
		mi := map[int]string{}
		m8 := map[int8]textValue{}
		mk := map[int32Key]textValue{}
		mu := map[uint]string{}
		mu16 := map[uint16]string{}
		mp := map[uintptr]string{}
		for range r.IntN(30) {
			v := randomInt64(r)
			text := texts[r.IntN(len(texts))]
			m64[v] = text
			mi[int(v)] = text
			m8[int8(v)] = textValue(text)
			mk[int32Key(v)] = textValue(text)
			mu[uint(v)] = text
			mu16[uint16(v)] = text
			mp[uintptr(v)] = text
		}
		for name, v := range map[string]any{
			"int64": m64, "int": mi, "int8": m8, "named": mk, "uint": mu, "uint16": mu16, "uintptr": mp,
			"holder": holder{A: m64, B: mk, C: []map[uint8]string{nil, {}, {1: "x", 200: "<"}}},
			"empty":  holder{A: map[int64]string{}},
		} {
			checkSame(t, name, v)
		}
	}
}

type (
	nameKey  string
	scoreVal int32
	flagVal  bool
)

// TestStringKeyedScalars writes maps of string keys and values of every
// bool, integer and float kind that is read as a typed map of its bits:
// named keys and values, values with methods by value and by pointer
// (which take reflect's path), sizes from empty to past smallMap, keys to
// escape, and floats JSON cannot represent among others.
func TestStringKeyedScalars(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 21))
	keys := []string{"", "a", "b", "<tag>", "é", "\u2028\u2029", "\xff", "quote\"", "z z"}
	type holder struct {
		A map[string]int64
		B map[nameKey]scoreVal `json:"b,omitempty"`
		C []map[string]bool
		D map[string]int64M
		E map[string]int64P
	}
	for range 200 {
		var (
			mi   = map[string]int{}
			m64  = map[string]int64{}
			m32  = map[string]int32{}
			mu   = map[string]uint{}
			mu64 = map[string]uint64{}
			mu32 = map[string]uint32{}
			mf   = map[string]float64{}
			mb   = map[string]bool{}
			mn   = map[nameKey]scoreVal{}
			mfl  = map[nameKey]flagVal{}
			mm   = map[string]int64M{}
			mp   = map[string]int64P{}
		)
		for range r.IntN(30) {
			k := keys[r.IntN(len(keys))] + fmt.Sprint(r.IntN(50))
			v := randomInt64(r)
			mi[k], m64[k], m32[k] = int(v), v, int32(v)
			mu[k], mu64[k], mu32[k] = uint(v), uint64(v), uint32(v)
			mf[k] = math.Float64frombits(uint64(v))
			if math.IsNaN(mf[k]) || math.IsInf(mf[k], 0) {
				mf[k] = float64(v)
			}
			mb[k], mn[nameKey(k)], mfl[nameKey(k)] = v > 0, scoreVal(v), flagVal(v < 0)
			mm[k], mp[k] = int64M(v), int64P(v)
		}
		for name, v := range map[string]any{
			"int": mi, "int64": m64, "int32": m32, "uint": mu, "uint64": mu64, "uint32": mu32,
			"float64": mf, "bool": mb, "named": mn, "named bool": mfl, "by value": mm, "by pointer": mp,
			"holder": holder{A: m64, B: mn, C: []map[string]bool{nil, {}, mb}, D: mm, E: mp},
			"empty":  holder{A: map[string]int64{}},
		} {
			checkSame(t, name, v)
		}
		if len(mf) > 0 {
			bad := maps.Clone(mf)
			for k := range bad {
				bad[k] = [...]float64{math.NaN(), math.Inf(1), math.Inf(-1)}[r.IntN(3)]
				if r.IntN(2) == 0 {
					break
				}
			}
			checkSame(t, "unrepresentable", bad)
			checkSame(t, "unrepresentable in a holder", map[string]map[string]float64{"x": mf, "y": bad})
		}
	}
}

type int64M int64

func (n int64M) MarshalJSON() ([]byte, error) { return []byte(`"m"`), nil }

type int64P int64

func (n *int64P) MarshalJSON() ([]byte, error) { return []byte(`"p"`), nil }

type intM int

func (n intM) MarshalJSON() ([]byte, error) { return []byte(`"m"`), nil }

type intP int

func (n *intP) MarshalJSON() ([]byte, error) { return []byte(`"p"`), nil }

// intSlices has []E fields, which are leaves written inline, next to
// slices whose elements have marshalers (M by value, P by pointer) and so
// are not.
type intSlices[E, M, P any] struct {
	A []E
	B []E `json:",omitempty"`
	//lint:ignore SA5008 encoding/json ignores the option on a slice; so must the leaf
	C []E `json:",string"`
	M []M
	P []P
	Q *[]E
	N [][]E
}

func checkIntSlices[E, M, P any](t *testing.T, vals []E, ms []M, ps []P) {
	t.Helper()
	type s = intSlices[E, M, P]
	checkSame(t, "full", s{A: vals, B: vals, C: vals, M: ms, P: ps, Q: &vals, N: [][]E{vals, nil, {}}})
	checkSame(t, "empty", s{A: []E{}, B: []E{}, C: []E{}, M: []M{}, P: []P{}, N: [][]E{}})
	checkSame(t, "nil", s{})
	checkSame(t, "top", vals)
	checkSame(t, "map", map[string][]E{"a": vals, "b": nil})
	checkSame(t, "ptr", &s{A: vals, P: ps[:1]})
}

// TestInt64Slices and TestIntSlices write []int64 and []int, both leaf
// slices, with checkIntSlices.
func TestInt64Slices(t *testing.T) {
	checkIntSlices(t, []int64{0, -1, 7, math.MaxInt64, math.MinInt64, 1 << 53}, []int64M{1, 2}, []int64P{3})
}

func TestIntSlices(t *testing.T) {
	checkIntSlices(t, []int{0, -1, 7, math.MaxInt, math.MinInt, math.MaxInt>>10 + 1}, []intM{1, 2}, []intP{3})
}

// TestNarrowAndUnsignedLeaves writes int32, uint, uint32 and uint64, each a
// leaf kind written inline in struct members and array elements (4-byte
// and 8-byte elements share a loop), at their limits.
func TestNarrowAndUnsignedLeaves(t *testing.T) {
	checkIntSlices(t, []int32{0, -1, 7, math.MaxInt32, math.MinInt32}, []int32M{1}, []int32P{2})
	checkIntSlices(t, []uint{0, 7, math.MaxUint, math.MaxUint >> 1}, []uintM{1}, []uintP{2})
	checkIntSlices(t, []uint32{0, 7, math.MaxUint32, 1e8}, []uint32M{1}, []uint32P{2})
	checkIntSlices(t, []uint64{0, 7, math.MaxUint64, 1e8 - 1}, []uint64M{1}, []uint64P{2})
	type members struct {
		I32    int32
		U      uint
		U32    uint32
		U64    uint64
		Q32    uint32 `json:",string"`
		E32    uint32 `json:",omitempty"`
		P32    *uint32
		PU     *uint
		M32    uint32M
		PP32   uint32P
		Nested struct{ A, B uint32 }
	}
	u32, u := uint32(math.MaxUint32), uint(math.MaxUint)
	checkSame(t, "limits", members{I32: math.MinInt32, U: math.MaxUint, U32: math.MaxUint32, U64: math.MaxUint64,
		Q32: 12, P32: &u32, PU: &u, Nested: struct{ A, B uint32 }{1, math.MaxUint32}})
	checkSame(t, "zero", members{})
	checkSame(t, "run", []members{{U32: 1}, {E32: 2, I32: -2}})
}

type (
	int32M  int32
	int32P  int32
	uintM   uint
	uintP   uint
	uint32M uint32
	uint32P uint32
	uint64M uint64
	uint64P uint64
)

func (int32M) MarshalJSON() ([]byte, error)   { return []byte(`"m"`), nil }
func (*int32P) MarshalJSON() ([]byte, error)  { return []byte(`"p"`), nil }
func (uintM) MarshalText() ([]byte, error)    { return []byte(`m`), nil }
func (*uintP) MarshalText() ([]byte, error)   { return []byte(`p`), nil }
func (uint32M) MarshalJSON() ([]byte, error)  { return []byte(`"m"`), nil }
func (*uint32P) MarshalJSON() ([]byte, error) { return []byte(`"p"`), nil }
func (uint64M) MarshalText() ([]byte, error)  { return []byte(`m`), nil }
func (*uint64P) MarshalText() ([]byte, error) { return []byte(`p`), nil }

// TestLeafSlicesOfSlices writes slices whose elements are leaf slices
// ([][]float64, [][]string, [][]int64), written inline by appendElems,
// including floats JSON cannot represent, whose errors must be
// encoding/json's.
func TestLeafSlicesOfSlices(t *testing.T) {
	type geo struct {
		Coordinates [][][]float64
		F           []float64
		S           [][]string
	}
	ring := [][]float64{{-65.613616999999977, 43.420273000000009}, {1e21, 1e-7}, {0, math.Copysign(0, -1)}, nil, {}}
	checkSame(t, "rings", geo{Coordinates: [][][]float64{ring, nil, {}}, F: ring[0], S: [][]string{{"a", "<b>"}, nil, {}}})
	checkSame(t, "ints", [][]int64{{1, -2}, nil, {}, {math.MinInt64}})
	for _, bad := range []float64{math.NaN(), math.Inf(1), math.Inf(-1)} {
		checkSame(t, "bad in ring", geo{Coordinates: [][][]float64{{{1, 2}, {3, bad}}}})
		checkSame(t, "bad in field", geo{F: []float64{bad}})
		checkSame(t, "bad at top", [][]float64{{1}, {bad, 2}})
	}
}

// TestStringKeyOrder writes maps of up to a few hundred string keys, so
// that sortEntries partitions as well as inserts, with keys that tie on
// their 8-byte prefixes: long shared starts, keys shorter than 8 bytes
// that end in zero bytes, prefixes of each other, and UTF-8.
type (
	namedKey    string
	namedValue  string
	quotedValue string
)

func (v quotedValue) MarshalJSON() ([]byte, error) { return json.Marshal([]string{string(v)}) }

func TestStringKeyOrder(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 9))
	starts := []string{"", "a", "abcdefgh", "abcdefghij", "\x00", "a\x00", "a\x00\x00", "é", "\xff", "1", "10", "9"}
	alphabet := "\x00\x01a09z~\x7fé日"
	for range 200 {
		n := r.IntN(400)
		if r.IntN(4) == 0 {
			n = r.IntN(20)
		}
		m := map[string]int{}
		for len(m) < n {
			k := starts[r.IntN(len(starts))]
			for range r.IntN(12) {
				i := r.IntN(len(alphabet))
				k += alphabet[i : i+1]
			}
			m[k] = len(m)
		}
		checkSame(t, "string keys", m)
		// The same keys into any, with nested maps among the values, whose
		// keys and entries go on the same stacks while the outer ones wait.
		ma := map[string]any{}
		for k, v := range m {
			ma[k] = v
			if v%7 == 0 {
				inner := map[string]any{}
				for k2 := range m {
					if len(inner) == v%40 {
						break
					}
					inner[k2+k] = k2
				}
				ma[k] = []any{inner, k}
			}
		}
		checkSame(t, "string keys into any", ma)
		// Typed maps of maps: the values are copied out while the keys
		// are sorted, and the inner maps' keys go on the same stacks.
		mm := map[string]map[string]int{}
		for k, v := range m {
			if len(mm) == v%50 {
				break
			}
			mm[k] = m
		}
		checkSame(t, "maps of maps", mm)
		checkSame(t, "struct values", map[string]inner{"x": {A: n}, "y": {A: -n}})
		// Maps of strings are read as map[string]string, named types of
		// string kind included; values with a marshaler of their own are
		// not, and must still be marshaled.
		ms, named, marshaled := map[string]string{}, map[namedKey]namedValue{}, map[string]quotedValue{}
		for k, v := range m {
			val := strings.Repeat(k, v%3) + "<&>"
			ms[k], named[namedKey(k)], marshaled[k] = val, namedValue(val), quotedValue(val)
		}
		checkSame(t, "strings", ms)
		checkSame(t, "named strings", named)
		checkSame(t, "strings with a marshaler", marshaled)
		checkSame(t, "map of strings in a struct", struct{ M map[namedKey]namedValue }{named})
	}
	checkSame(t, "nil map of strings", map[string]string(nil))
	checkSame(t, "empty map of strings", map[string]string{})
	ordered := map[string]int{}
	for i := range 300 {
		ordered[string(rune('A'+i%26))+strings.Repeat("z", i)] = i
	}
	checkSame(t, "prefix chains", ordered)
}

// TestMapValueErrors checks that the value an UnsupportedValueError from
// a map's value holds is encoding/json's, with one entry or several: the
// fast paths copy values into holders that are cleared for reuse.
func TestMapValueErrors(t *testing.T) {
	for _, v := range []any{
		map[string]float64{"a": math.NaN()},
		map[string]float64{"a": 1, "b": math.Inf(1), "c": 2},
		map[int]float64{1: math.Inf(-1)},
		map[int]float64{1: 0, 2: math.NaN()},
		map[string][]float64{"x": {1}, "y": {2, math.NaN()}},
	} {
		_, wantErr := json.Marshal(v)
		_, gotErr := Marshal(v, Options{Escape: escape.HTML})
		var want, got *json.UnsupportedValueError
		if !errors.As(wantErr, &want) || !errors.As(gotErr, &got) {
			t.Fatalf("%v: errors %v and %v", v, gotErr, wantErr)
		}
		if fmt.Sprint(got.Value) != fmt.Sprint(want.Value) || got.Str != want.Str {
			t.Errorf("%v: error value %v (%q), want %v (%q)", v, got.Value, got.Str, want.Value, want.Str)
		}
	}
}
