package compat_test

// Unmarshal and Decoder against encoding/json. They run safejson's decoder
// (internal/decoder); these tests hold it to encoding/json's results.

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/big"
	"net"
	"net/netip"
	"reflect"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/safejson/safejson/compat"
	"github.com/safejson/safejson/conformance"
)

type decodeTarget struct {
	A int               `json:"a"`
	B string            `json:"b,omitempty"`
	C []float64         `json:"c"`
	D map[string]any    `json:"d"`
	E *decodeTarget     `json:"e"`
	N compat.Number     `json:"n"`
	R compat.RawMessage `json:"r"`
	S int               `json:"s,string"`
	T textUnmarshaler   `json:"t"`
	Inner
}

type textUnmarshaler struct{ Got string }

func (u *textUnmarshaler) UnmarshalText(b []byte) error {
	if string(b) == "fail" {
		return errBoom
	}
	u.Got = string(b)
	return nil
}

// decodeTargets make fresh destinations of several types.
var decodeTargets = map[string]func() any{
	"any":       func() any { return new(any) },
	"map":       func() any { return new(map[string]any) },
	"slice":     func() any { return new([]any) },
	"ints":      func() any { return new([]int) },
	"uints":     func() any { return new([]uint) },
	"struct":    func() any { return new(decodeTarget) },
	"string":    func() any { return new(string) },
	"number":    func() any { return new(compat.Number) },
	"raw":       func() any { return new(compat.RawMessage) },
	"intMap":    func() any { return new(map[int]string) },
	"textMap":   func() any { return new(map[textUnmarshalerKey]int) },
	"array":     func() any { return new([2]int) },
	"bool":      func() any { return new(bool) },
	"float32":   func() any { return new(float32) },
	"uint8":     func() any { return new(uint8) },
	"bytes":     func() any { return new([]byte) },
	"ptrPtr":    func() any { return new(*int) },
	"animal":    func() any { return new(zooAnimal) },
	"iface":     func() any { return new(fmt.Stringer) },
	"nonPtr":    func() any { return decodeTarget{} },
	"nil":       func() any { return nil },
	"nilPtr":    func() any { return (*int)(nil) },
	"chan":      func() any { return new(chan int) },
	"embedPtr":  func() any { return new(unexportedPtrEmbed) },
	"fieldFunc": func() any { return new(unsupportedFields) },
}

type textUnmarshalerKey string

func (k *textUnmarshalerKey) UnmarshalText(b []byte) error {
	*k = textUnmarshalerKey("key:" + string(b))
	return nil
}

var decodeInputs = append([]string{
	`{"a":1,"b":"x","c":[1.5,2],"d":{"k":[null,true]},"e":{"a":2},"n":12.5e3,"r":{"x" : 1},"s":"7","t":"text","A":3}`,
	`{"a":"wrong type","c":{},"unknown":1,"b":2}`,
	`{"s":7}`, `{"s":"x"}`, `{"t":"fail"}`, `{"t":1}`, `{"A":1,"a":2,"AA":3}`, `{"A":1.5}`,
	`[1,2,3]`, `[1,"2",3]`, `[1,2,3,4]`, `{"1":"a","-2":"b"}`, `{"x":"a"}`, `"aGVsbG8="`, `"!!"`,
	`300`, `-1`, `1e400`, `3.4e39`, `"gopher"`, `"Zebra"`, `{"X":1}`, `{"N":1,"F":null}`,
	`{"a":1}{"a":2}`, `{"a":1} x`, ` {"a":1} `, `{"E":{"E":{"E":{"A":1}}}}`, `{"a":null,"b":null}`,
	`{"A":1, "A":2}`, `{"a":1,"a":"x"}`, `"\ud83d\ude00 \ud800 \u00e9"`, "\"\xff\"",
	// Past the bounds of a 32-bit int and uint: errors only where int is 32
	// bits (386, arm, mips).
	`[2147483647,-2147483648,4294967295]`, `[2147483648]`, `[-2147483649]`, `[4294967296]`,
	`{"a":2147483648}`, `{"s":"-2147483649"}`, `{"4294967296":"a"}`,
}, jsonTexts...)

type decodeResult struct {
	Value any
	Err   *errReport
	Panic string
}

func runUnmarshal(unmarshal func([]byte, any) error, data []byte, target any) (r decodeResult) {
	defer func() {
		if p := recover(); p != nil {
			r = decodeResult{Panic: fmt.Sprint(p)}
		}
	}()
	err := unmarshal(data, target)
	return decodeResult{Value: target, Err: reportErr(err)}
}

// decodeCmp compares decoded values, including unexported fields of this
// package's types and Stringer interfaces holding them. Times compare by
// their text, instant and zone, so that go-cmp never calls time.Time.Equal
// through reflect.Method: on js/wasm a GC cycle can take that method's code
// pointer for a heap pointer and abort the test binary (the kind of
// golang/go#80472).
var decodeCmp = cmp.Options{
	cmp.Exporter(func(reflect.Type) bool { return true }),
	cmp.Comparer(func(a, b time.Time) bool { return a.String() == b.String() }),
}

func TestUnmarshal(t *testing.T) {
	budget := newFailureBudget(t, 10)
	for _, in := range decodeInputs {
		for name, target := range decodeTargets {
			want := runUnmarshal(json.Unmarshal, []byte(in), target())
			got := runUnmarshal(compat.Unmarshal, []byte(in), target())
			if diff := cmp.Diff(want, got, decodeCmp); diff != "" {
				budget.fail("Unmarshal(%q, %s) (-want +got):\n%s", in, name, diff)
			}
		}
	}
}

// decodeStep is one call on a Decoder and what it observed.
type decodeStep struct {
	Call      string
	Value     any
	Err       *errReport
	More      bool
	Offset    int64
	Buffered  string
	TokenType string
}

type decoderAPI func(io.Reader) conformance.Decoder

var (
	stdDecoder    decoderAPI = conformance.Std().NewDecoder
	compatDecoder decoderAPI = conformance.Compat().NewDecoder
)

// oneByteReader hands out its input one byte per Read, to exercise the
// Decoder's refilling.
type oneByteReader struct{ r io.Reader }

func (o oneByteReader) Read(p []byte) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	return o.r.Read(p[:1])
}

// decodeScript drives a Decoder through input: with tokens it alternates
// Token and Decode calls; otherwise it calls Decode until an error.
func decodeScript(api decoderAPI, input string, tokens, useNumber, strict, slow bool, target func() any) (steps []decodeStep) {
	defer func() {
		if p := recover(); p != nil {
			steps = append(steps, decodeStep{Call: fmt.Sprintf("panic: %v", p)})
		}
	}()
	var r io.Reader = strings.NewReader(input)
	if slow {
		r = oneByteReader{r}
	}
	dec := api(r)
	if useNumber {
		dec.UseNumber()
	}
	if strict {
		dec.DisallowUnknownFields()
	}
	for i := 0; i < 200; i++ {
		var step decodeStep
		var err error
		if tokens && i%3 != 2 {
			var tok json.Token
			tok, err = dec.Token()
			step = decodeStep{Call: "Token", Value: tok, TokenType: fmt.Sprintf("%T", tok)}
		} else {
			v := target()
			err = dec.Decode(v)
			step = decodeStep{Call: "Decode", Value: v}
		}
		step.Err = reportErr(err)
		step.More = dec.More()
		step.Offset = dec.InputOffset()
		if err != nil {
			b, _ := io.ReadAll(dec.Buffered())
			step.Buffered = string(b)
		}
		steps = append(steps, step)
		if err != nil {
			break
		}
	}
	return steps
}

func TestDecoder(t *testing.T) {
	streams := append([]string{
		"{\"a\":1}\n{\"a\":2}\n[3]\n4 \"five\" null true",
		`[{"a":1,"b":[1,2]}, {"c":{"d":null}}, 1.5, "x"]`,
		`{"Message": "Hello", "Array": [1, 2, 3], "Null": null, "Number": 1.234}`,
		`{"a":1,"unknown":2}`, `{"a":1}  trailing`, `[1,2,`, `{"a" 1}`, `]`, `{"a":}`, `[1 2]`, `{"a":1,}`,
		`123456789012345678901234567890 1e400`, "  \n\t", `{"e":{"unknown":1}}`,
		// Where Go 1.27's reader differs: the character it names, faults
		// only its token state machine finds, and where a stream ends.
		"[\"a\", é]", "[\xff]", `{1:2}`, `{"a":}`, `[}`, `{]`, `[1,]`, `{"a":1,}`, `"\x"`, `"\u12x4"`, "\"a\x01\"",
		`"\u12`, `[1,`, `{"a":`, `{"a"`, `[tru`, `[1e`, `1 , 2`, `[1]]`, "[\"\xe6\x97", `nul`, `[0x1]`,
		strings.Repeat("[", 10001), strings.Repeat(`{"a":`, 10000) + "1" + strings.Repeat("}", 10000),
	}, decodeInputs...)
	targets := map[string]func() any{
		"any":    func() any { return new(any) },
		"raw":    func() any { return new(compat.RawMessage) },
		"struct": func() any { return new(decodeTarget) },
	}
	budget := newFailureBudget(t, 10)
	for _, in := range streams {
		for tname, target := range targets {
			for _, mode := range []struct {
				tokens, useNumber, strict, slow bool
			}{
				{false, false, false, false}, {true, false, false, false}, {true, true, false, true},
				{false, true, true, false}, {false, false, true, true}, {true, false, true, false},
			} {
				want := decodeScript(stdDecoder, in, mode.tokens, mode.useNumber, mode.strict, mode.slow, target)
				got := decodeScript(compatDecoder, in, mode.tokens, mode.useNumber, mode.strict, mode.slow, target)
				if diff := cmp.Diff(want, got, decodeCmp); diff != "" {
					budget.fail("Decoder on %q into %s, %+v (-want +got):\n%s", in, tname, mode, diff)
				}
			}
		}
	}
}

// TestDecoderReadError checks that an error from the reader reaches the
// caller the same way.
func TestDecoderReadError(t *testing.T) {
	errRead := errors.New("read failed")
	run := func(api decoderAPI) []decodeStep {
		r := io.MultiReader(strings.NewReader(`{"a":1} {"a":`), &errReader{errRead})
		dec := api(r)
		var steps []decodeStep
		for range 3 {
			var v any
			err := dec.Decode(&v)
			steps = append(steps, decodeStep{Call: "Decode", Value: v, Err: reportErr(err), Offset: dec.InputOffset()})
		}
		return steps
	}
	if diff := cmp.Diff(run(stdDecoder), run(compatDecoder)); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

type errReader struct{ err error }

func (e *errReader) Read([]byte) (int, error) { return 0, e.err }

// TestRoundTrip decodes what compat encoded, with both packages.
func TestRoundTrip(t *testing.T) {
	values := []any{marshalerFieldsValue(), omitZeroAll{Int: 1}, hostileStrings(), stringOpt{Int: 5, String: "<"}}
	for _, v := range values {
		b, err := compat.Marshal(v)
		if err != nil {
			t.Errorf("Marshal(%T): %v", v, err)
			continue
		}
		var want, got any
		wantErr := json.Unmarshal(b, &want)
		gotErr := compat.Unmarshal(b, &got)
		if diff := cmp.Diff(decodeResult{want, reportErr(wantErr), ""}, decodeResult{got, reportErr(gotErr), ""}); diff != "" {
			t.Errorf("%T (-want +got):\n%s", v, diff)
		}
	}
}

// Base64 text decoded into a []byte that already holds one: Go 1.27 decodes
// into the slice's array where it has room, leaving there what it wrote
// before an error; Go 1.26 always makes a new array. What the old slice
// then holds, and whether the result shares its array, is compared.
func TestUnmarshalBytesReuse(t *testing.T) {
	run := func(unmarshal func([]byte, any) error, in string, capacity int) string {
		old := make([]byte, 2, capacity)
		old[0], old[1] = 7, 7
		v := old
		err := unmarshal([]byte(in), &v)
		shared := cap(v) > 0 && &v[:1][0] == &old[:1][0]
		return fmt.Sprintf("value %v, old slice %v, shares its array %v, error %v", v, old, shared, err)
	}
	for _, in := range []string{`"mAQ=="`, `"AQID"`, `"AQ\r\nID"`, `""`, `"AQ=="`, `null`, `"!!!!"`, `"AQIDBA=="`} {
		for _, capacity := range []int{2, 3, 8} {
			if want, got := run(json.Unmarshal, in, capacity), run(compat.Unmarshal, in, capacity); want != got {
				t.Errorf("Unmarshal(%s) into []byte of cap %d:\n got %s\nwant %s", in, capacity, got, want)
			}
		}
	}
}

// effectlessTarget holds standard library types whose unmarshal methods
// touch only their receiver, which the decoder lets run before it knows
// the input is valid.
type effectlessTarget struct {
	IP     net.IP
	Addr   netip.Addr
	Port   netip.AddrPort
	Prefix *netip.Prefix
	N      *big.Int
	F      big.Float
	R      *big.Rat
	Re     *regexp.Regexp
	T      time.Time
	ByAddr map[netip.Addr]int
	List   []big.Int
}

// TestUnmarshalEffectlessMethods decodes into those types, with syntax
// errors after their methods have run: the target must end as
// encoding/json leaves it, zero or as it was.
func TestUnmarshalEffectlessMethods(t *testing.T) {
	valid := `{"IP":"10.0.0.1","Addr":"::1","Port":"1.2.3.4:80","Prefix":"10.0.0.0/8","N":123456789012345678901234567890,` +
		`"F":"1.5e300","R":"3/4","Re":"a+b","T":"2026-12-01T11:00:00Z","ByAddr":{"1.1.1.1":1},"List":[1,-2]}`
	inputs := []string{
		valid,
		valid + ` x`,
		valid[:len(valid)-1] + `,}`,
		valid[:len(valid)/2],
		`{"IP":"not an ip","N":"12","Re":"(","List":[1,true]}`,
		`{"IP":"not an ip","N":12,"Re":"(", ]`,
		`{"ByAddr":{"bad":1},"F":"x"}`,
		`{"ByAddr":{"bad":1},"F":"x"`,
	}
	targets := map[string]func() *effectlessTarget{
		"zero": func() *effectlessTarget { return new(effectlessTarget) },
		"filled": func() *effectlessTarget {
			return &effectlessTarget{IP: net.IPv4(1, 2, 3, 4), N: big.NewInt(7), ByAddr: map[netip.Addr]int{netip.IPv6Loopback(): 9}}
		},
	}
	show := func(v *effectlessTarget, err error) string {
		out, merr := json.Marshal(v)
		return fmt.Sprintf("%s (marshal error %v)\nerror %#v", out, merr, reportErr(err))
	}
	for _, in := range inputs {
		for name, target := range targets {
			want, got := target(), target()
			werr := json.Unmarshal([]byte(in), want)
			gerr := compat.Unmarshal([]byte(in), got)
			if w, g := show(want, werr), show(got, gerr); w != g {
				t.Errorf("Unmarshal(%q) into %s target:\nencoding/json %s\ncompat        %s", in, name, w, g)
			}
		}
	}
}
