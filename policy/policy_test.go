package policy_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/safejson/safejson/internal/corpus"
	"github.com/safejson/safejson/internal/jsontest"
	"github.com/safejson/safejson/policy"
)

// stdEncode is encoding/json's Encoder output without its newline: the
// oracle for a policy with or without HTML escaping and indentation.
func stdEncode(t *testing.T, v any, escapeHTML bool, indent *[2]string) ([]byte, error) {
	t.Helper()
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(escapeHTML)
	if indent != nil {
		enc.SetIndent(indent[0], indent[1])
	}
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}

func sameErr(a, b error) bool {
	if a == nil || b == nil {
		return a == b
	}
	return fmt.Sprintf("%T %v", a, a) == fmt.Sprintf("%T %v", b, b)
}

type tagged struct {
	Name  string            `json:"name"`
	HTML  string            `json:"<b>&amp;</b>"`
	URL   string            `json:"url,omitempty"`
	Tags  map[string]string `json:"tags"`
	Raw   json.RawMessage   `json:"raw"`
	Bytes []byte
	N     float64
	Skip  string `json:"-"`
}

func values() []any {
	vs := []any{
		nil, 1.5, "a/b</script>", "\u2028\u2029", "bad\xffutf8", []string{"<!--", "]]>"},
		tagged{Name: "x/y", HTML: "<i>", URL: "http://a/b?c&d", Tags: map[string]string{"</k>": "v/"}, Raw: json.RawMessage(`{"a" : [1, "/"]}`), Bytes: []byte("??>")},
		map[int]string{3: "/", 1: "&"}, [2]any{true, nil},
	}
	for _, name := range corpusNames() {
		if v, err := corpus.DecodeTyped(name); err == nil {
			vs = append(vs, v)
		}
	}
	return vs
}

func TestZeroPolicyIsEncodingJSON(t *testing.T) {
	for _, p := range []policy.Policy{{}, policy.New(), policy.New(policy.EscapeHTML(true))} {
		for _, v := range values() {
			want, wantErr := json.Marshal(v)
			got, err := p.Marshal(v)
			if !sameErr(err, wantErr) || !bytes.Equal(got, want) {
				t.Fatalf("%v.Marshal(%T): %.200q, %v; want %.200q, %v", p, v, got, err, want, wantErr)
			}
		}
	}
}

func TestEscapeAndIndentOptions(t *testing.T) {
	indents := []*[2]string{nil, {"", "\t"}, {">", "  "}, {"", ""}}
	for _, v := range values() {
		for _, html := range []bool{true, false} {
			for _, ind := range indents {
				opts := []policy.Option{policy.EscapeHTML(html)}
				if ind != nil {
					opts = append(opts, policy.Indent(ind[0], ind[1]))
				}
				p := policy.New(opts...)
				var want []byte
				var wantErr error
				if ind != nil && ind[0] == "" && ind[1] == "" {
					// encoding/json's Encoder ignores an empty indent;
					// MarshalIndent does not, and Indent follows it.
					want, wantErr = json.MarshalIndent(v, "", "")
					if html == false && wantErr == nil {
						want, wantErr = stdEncode(t, v, false, nil)
						var buf bytes.Buffer
						json.Indent(&buf, want, "", "")
						want = buf.Bytes()
					}
				} else {
					want, wantErr = stdEncode(t, v, html, ind)
				}
				got, err := p.Marshal(v)
				if !sameErr(err, wantErr) || !bytes.Equal(got, want) {
					t.Fatalf("%v.Marshal(%T): %.300q, %v; want %.300q, %v", p, v, got, err, want, wantErr)
				}
			}
		}
	}
}

// scriptOracle is what ScriptSafe must write for values whose strings all
// come from Go strings (no RawMessage or MarshalJSON text): encoding/json's
// output with every '/' written as \/.
// scriptOracle is encoding/json's output with each '/' escaped and, where
// the toolchain writes invalid UTF-8 as U+FFFD itself (Go 1.27), that as
// \ufffd, which ScriptSafe writes on every toolchain. None of the values
// tested holds a valid U+FFFD.
func scriptOracle(v any) ([]byte, error) {
	b, err := json.Marshal(v)
	if raw, _ := json.Marshal("\xff"); string(raw) == "\"\uFFFD\"" {
		b = bytes.ReplaceAll(b, []byte("\uFFFD"), []byte(`\ufffd`))
	}
	return bytes.ReplaceAll(b, []byte("/"), []byte(`\/`)), err
}

func TestScriptSafeIsEncodingJSONWithSlashes(t *testing.T) {
	ps := []policy.Policy{
		policy.New(policy.ScriptSafe()),
		policy.New(policy.ScriptSafe(), policy.EscapeHTML(false)),
		policy.New(policy.EscapeHTML(false), policy.ScriptSafe()),
		policy.New(policy.EscapeHTML(false)).With(policy.ScriptSafe(), policy.EscapeHTML(false)),
	}
	vs := []any{
		"</script><script>alert(1)</script>", "<!--<script>", "\u2028", "a\xffb\xe2\x80", "]]>", "</SCRIPT ",
		map[string]any{"</k>": []any{"a/b", 1.0}, "\xff": nil},
		struct {
			A string `json:"a/b"`
			T textKey
		}{"x/y", textKey("<t/>")},
		map[textKey]int{"k/1": 1, "<k2>": 2},
		struct {
			S string `json:",string"`
			N int    `json:",string"`
		}{"</p>", 5},
	}
	for _, name := range corpusNames() {
		if v, err := corpus.DecodeTyped(name); err == nil {
			vs = append(vs, v)
		}
	}
	for _, p := range ps {
		for _, v := range vs {
			want, wantErr := scriptOracle(v)
			got, err := p.Marshal(v)
			if !sameErr(err, wantErr) || !bytes.Equal(got, want) {
				t.Fatalf("%v.Marshal(%.80v): %.300q, %v; want %.300q, %v", p, v, got, err, want, wantErr)
			}
		}
	}
}

type textKey string

func (k textKey) MarshalText() ([]byte, error) { return []byte("text:" + string(k)), nil }

type rawJSON string

func (r rawJSON) MarshalJSON() ([]byte, error) { return []byte(r), nil }

// TestScriptSafeMarshalerOutput covers text the encoder does not write
// itself: it must come out script-safe and decode as encoding/json's does.
func TestScriptSafeMarshalerOutput(t *testing.T) {
	p := policy.New(policy.ScriptSafe())
	cases := []struct {
		v    any
		want string // written by hand from the escape table
	}{
		{json.RawMessage(`"</script>"`), `"\u003c\/script\u003e"`},
		{json.RawMessage(` { "a\/b" : "c/d" } `), `{"a\/b":"c\/d"}`},
		{rawJSON("\"\u2028\xff\""), `"\u2028\ufffd"`},
		{[]any{json.RawMessage(`"<!--"`), rawJSON(`["&"]`)}, `["\u003c!--",["\u0026"]]`},
		{map[string]json.RawMessage{"/": json.RawMessage(`"\u003c/"`)}, `{"\/":"\u003c\/"}`},
	}
	for _, c := range cases {
		got, err := p.Marshal(c.v)
		if err != nil || string(got) != c.want {
			t.Errorf("Marshal(%v) = %q, %v; want %q", c.v, got, err, c.want)
		}
		std, err := json.Marshal(c.v)
		if err != nil {
			t.Fatal(err)
		}
		a, b := jsontest.DecodeAny(t, std), jsontest.DecodeAny(t, got)
		if fmt.Sprint(a) != fmt.Sprint(b) {
			t.Errorf("Marshal(%v) decodes to %v, encoding/json's output to %v", c.v, b, a)
		}
	}
	_, err := p.Marshal(rawJSON(`{"a":}`))
	_, wantErr := json.Marshal(rawJSON(`{"a":}`))
	if !sameErr(err, wantErr) {
		t.Errorf("invalid MarshalJSON output: error %v, want %v", err, wantErr)
	}
}

func TestScriptSafeIndentRefusesNonWhitespace(t *testing.T) {
	p := policy.New(policy.ScriptSafe(), policy.Indent("</script>", "\t"))
	var oe *policy.OptionError
	if _, err := p.Marshal(1); !errors.As(err, &oe) {
		t.Errorf("Marshal error %v, want *OptionError", err)
	}
	if b, err := p.AppendMarshal([]byte("x"), 1); !errors.As(err, &oe) || string(b) != "x" {
		t.Errorf("AppendMarshal = %q, %v; want x and *OptionError", b, err)
	}
	var buf bytes.Buffer
	if err := p.NewEncoder(&buf).Encode(1); !errors.As(err, &oe) || buf.Len() != 0 {
		t.Errorf("Encode error %v wrote %q; want *OptionError and nothing", err, buf.Bytes())
	}
	ok := policy.New(policy.ScriptSafe(), policy.Indent(" ", "\t"))
	got, err := ok.Marshal(map[string]string{"a": "</b>"})
	if want := "{\n \t\"a\": \"\\u003c\\/b\\u003e\"\n }"; err != nil || string(got) != want {
		t.Errorf("indented ScriptSafe = %q, %v; want %q", got, err, want)
	}
}

func TestString(t *testing.T) {
	cases := []struct {
		p    policy.Policy
		want string
	}{
		{policy.Policy{}, "policy.New()"},
		{policy.New(policy.ScriptSafe(), policy.TimePrecision(3)), "policy.New(ScriptSafe(), TimePrecision(3))"},
		{policy.New(policy.TimeUTC(), policy.EscapeHTML(false), policy.Indent("", "\t")),
			`policy.New(EscapeHTML(false), TimeUTC(), Indent("", "\t"))`},
		{policy.New(policy.EscapeHTML(false), policy.EscapeHTML(true)), "policy.New()"},
	}
	for _, c := range cases {
		if got := c.p.String(); got != c.want {
			t.Errorf("String() = %q, want %q", got, c.want)
		}
	}
}

func TestValuesAreComparableAndImmutable(t *testing.T) {
	a := policy.New(policy.ScriptSafe())
	b := a.With(policy.TimePrecision(3))
	if a != policy.New(policy.ScriptSafe()) {
		t.Error("With changed its receiver")
	}
	if b != policy.New(policy.TimePrecision(3), policy.ScriptSafe()) {
		t.Error("equal options in another order give unequal policies")
	}
	if b == a {
		t.Error("different policies compare equal")
	}
	seen := map[policy.Policy]bool{a: true}
	if !seen[policy.New(policy.ScriptSafe())] {
		t.Error("policy does not work as a map key")
	}
}

func TestTimePrecisionPanicsOutOfRange(t *testing.T) {
	for _, d := range []int{-1, 10, 100} {
		func() {
			defer func() {
				r := recover()
				if r == nil || !strings.Contains(fmt.Sprint(r), fmt.Sprintf("TimePrecision(%d)", d)) {
					t.Errorf("TimePrecision(%d) recovered %v, want a panic naming the call", d, r)
				}
			}()
			policy.TimePrecision(d)
		}()
	}
}

func TestEncoder(t *testing.T) {
	var buf bytes.Buffer
	enc := policy.New(policy.ScriptSafe(), policy.Indent("", " ")).NewEncoder(&buf)
	if err := enc.Encode([]string{"</a>"}); err != nil {
		t.Fatal(err)
	}
	if err := enc.Encode(make(chan int)); err == nil {
		t.Fatal("encoding a channel did not fail")
	}
	if err := enc.Encode(1); err != nil {
		t.Fatal(err)
	}
	if want := "[\n \"\\u003c\\/a\\u003e\"\n]\n1\n"; buf.String() != want {
		t.Errorf("stream = %q, want %q", buf.String(), want)
	}
}

// TestPoliciesDoNotInterfere runs different policies on the same types at
// once (under -race in CI): each result must equal the one computed alone.
func TestPoliciesDoNotInterfere(t *testing.T) {
	ps := []policy.Policy{
		{}, policy.New(policy.ScriptSafe()), policy.New(policy.EscapeHTML(false)),
		policy.New(policy.TimePrecision(0), policy.TimeUTC()), policy.New(policy.TimePrecision(9)),
		policy.New(policy.Indent("", "\t"), policy.ScriptSafe(), policy.TimePrecision(3)),
	}
	type doc struct {
		S  string
		T  time.Time
		M  map[time.Time]string
		R  json.RawMessage
		TS []*time.Time
	}
	tm := time.Date(2024, 3, 5, 7, 8, 9, 123456789, time.FixedZone("", 3600))
	vs := []any{
		doc{"</s>", tm, map[time.Time]string{tm: "/"}, json.RawMessage(`"/"`), []*time.Time{&tm, nil}},
		[]any{tm, "<&>"}, map[string]any{"t": tm},
	}
	want := make([][]string, len(ps))
	for i, p := range ps {
		for _, v := range vs {
			b, err := p.Marshal(v)
			if err != nil {
				t.Fatal(err)
			}
			want[i] = append(want[i], string(b))
		}
	}
	r := rand.New(rand.NewPCG(1, 1))
	done := make(chan error)
	const workers = 8
	for w := range workers {
		seed := r.Uint64()
		go func() {
			r := rand.New(rand.NewPCG(seed, uint64(w)))
			for range 2000 {
				i, j := r.IntN(len(ps)), r.IntN(len(vs))
				got, err := ps[i].AppendMarshal(nil, vs[j])
				if err != nil || string(got) != want[i][j] {
					done <- fmt.Errorf("%v on value %d: %q, %v; want %q", ps[i], j, got, err, want[i][j])
					return
				}
			}
			done <- nil
		}()
	}
	for range workers {
		if err := <-done; err != nil {
			t.Error(err)
		}
	}
}

// corpusNames is every corpus, or in -short mode (CI's -race run) one.
func corpusNames() []string {
	if testing.Short() {
		return []string{"twitter_status"}
	}
	return corpus.Names()
}
