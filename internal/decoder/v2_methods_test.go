//go:build goexperiment.jsonv2 && go1.27

package decoder_test

import (
	"encoding/json/jsontext"
	"errors"
	"strings"
	"testing"
	"time"
)

// rawText keeps its UnmarshalJSON input as it came, failing on "bad".
type rawText string

func (r *rawText) UnmarshalJSON(b []byte) error {
	if strings.Contains(string(b), "bad") {
		return errors.New("bad")
	}
	*r = rawText(b)
	return nil
}

// upper is a TextUnmarshaler that folds case, so that two names can make
// one map key, and that fails on "bad".
type upper string

func (u *upper) UnmarshalText(b []byte) error {
	if string(b) == "bad" {
		return errors.New("bad")
	}
	*u = upper(strings.ToUpper(string(b)))
	return nil
}

// both has UnmarshalJSON and UnmarshalText: v2 calls UnmarshalJSON.
type both struct{ Via string }

func (b *both) UnmarshalJSON([]byte) error { b.Via = "json"; return nil }
func (b *both) UnmarshalText([]byte) error { b.Via = "text"; return nil }

// from has UnmarshalJSONFrom, which the preset calls with a decoder of
// its own.
type from struct{ N int }

func (f *from) UnmarshalJSONFrom(dec *jsontext.Decoder) error { _, err := dec.ReadValue(); return err }

// fromNothing's UnmarshalJSONFrom reads no value, which v2 reports.
type fromNothing struct{}

func (*fromNothing) UnmarshalJSONFrom(*jsontext.Decoder) error { return nil }

type withMethods struct {
	R    rawText
	PR   *rawText
	Rs   []rawText
	U    upper
	PU   *upper
	B    both
	Keys map[upper]int
	Vals map[string]rawText
	T    time.Time
}

var methodTargets = []func() any{
	newOf[withMethods](), newOf[[]withMethods](), newOf[rawText](), newOf[upper](), newOf[map[upper]upper](),
	newOf[[]*rawText](), newOf[both](), newOf[from](),
}

var methodInputs = []string{
	`null`, `1`, `"x"`, `"bad"`, `{}`, `[]`, ` [ 1 , {"a" : "\u0041"} ] `, `{"a":1,"a":2}`, `"\ud800"`,
	`{"R":" 1 ","PR":{"x" : [ ] },"Rs":[null, "s", {}],"U":"u","PU":"\u0070u","B":"x","Keys":{"a":1,"b":2},"Vals":{"v":[true]},"T":"2020-01-01T00:00:00Z"}`,
	`{"R":null,"PR":null,"U":null,"PU":null,"Keys":null}`, `{"U":1}`, `{"U":"bad"}`, `{"R":"bad"}`,
	`{"Keys":{"a":1,"A":2}}`, `{"Keys":{"bad":1}}`, `{"Keys":{"\u0061":1}}`, `{"R":1,"R":2}`, `{"Rs":[1,"bad"]}`,
	`{"R":[1,]}`, `{"R":1}x`, `[{"U":"a"},{"U":"b"}]`, `{"a":"x","b":"y"}`, `{"a":"x","A":"y"}`, `{"N":1}`,
	`[null,"1",{"bad":1}]`,
}

func TestMethodsV2(t *testing.T) {
	checkAll(t, methodInputs, methodTargets)
}

// TestDecodesMethodsV2 holds UnmarshalV2 to taking values with methods.
func TestDecodesMethodsV2(t *testing.T) {
	checkTaken(t, []taken{
		{methodInputs[9], newOf[withMethods](), 0},
		{`{"R":null,"PR":null,"U":null,"PU":null,"Keys":null}`, newOf[withMethods](), 0},
		{`[{"U":"a"},{"U":"b"}]`, newOf[[]withMethods](), 0},
		{` [ 1 , {"a" : "\u0041"} ] `, newOf[rawText](), 0},
		{`{"a":"x","b":"y"}`, newOf[map[upper]upper](), 0},
		{`[null,"1",{"ok":1}]`, newOf[[]*rawText](), 0},
		{`"x"`, newOf[both](), 0},
		{`{"N":1}`, newOf[from](), 0},
	})
}
