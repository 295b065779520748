package compat_test

// Hostile JSON texts: nesting at and past encoding/json's limit of 10000
// levels, and numbers of 10^5 digits, through the syntax functions, the
// decoding API and (for numbers) the encoder.

import (
	"bytes"
	"encoding/json"
	"io"
	"math/big"
	"reflect"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/safejson/safejson/compat"
)

// decodeOutcome is what a caller can observe of one decoding: the value, or
// for texts too deep to print, whether the values were equal.
type decodeOutcome struct {
	Value string
	Err   *errReport
}

type decodeAPI struct {
	Unmarshal  func([]byte, any) error
	NewDecoder func(io.Reader) tokenDecoder
}

type tokenDecoder interface {
	UseNumber()
	Decode(any) error
	Token() (json.Token, error)
}

var (
	stdDecode    = decodeAPI{json.Unmarshal, func(r io.Reader) tokenDecoder { return json.NewDecoder(r) }}
	compatDecode = decodeAPI{compat.Unmarshal, func(r io.Reader) tokenDecoder { return compat.NewDecoder(r) }}
)

// decodeWays are the ways a text reaches a destination: Unmarshal, a
// Decoder with and without UseNumber, and a Decoder's token stream.
var decodeWays = []struct {
	name string
	run  func(api decodeAPI, text []byte, dst any) error
}{
	{"Unmarshal", func(api decodeAPI, text []byte, dst any) error { return api.Unmarshal(text, dst) }},
	{"Decoder", func(api decodeAPI, text []byte, dst any) error {
		return api.NewDecoder(bytes.NewReader(text)).Decode(dst)
	}},
	{"Decoder/UseNumber", func(api decodeAPI, text []byte, dst any) error {
		d := api.NewDecoder(bytes.NewReader(text))
		d.UseNumber()
		return d.Decode(dst)
	}},
	{"Token", func(api decodeAPI, text []byte, dst any) error {
		d := api.NewDecoder(bytes.NewReader(text))
		var toks []json.Token
		for {
			tok, err := d.Token()
			if err == io.EOF {
				reflect.ValueOf(dst).Elem().Set(reflect.ValueOf(toks))
				return nil
			}
			if err != nil {
				return err
			}
			toks = append(toks, tok)
		}
	}},
}

// hostileTargets make fresh destinations. The Token way ignores them and
// stores the tokens in a []json.Token.
var hostileTargets = map[string]func() any{
	"any":     func() any { return new(any) },
	"raw":     func() any { return new(compat.RawMessage) },
	"slice":   func() any { return new([]any) },
	"struct":  func() any { return new(struct{ A, N any }) },
	"float64": func() any { return new(float64) },
	"int64":   func() any { return new(int64) },
	"number":  func() any { return new(compat.Number) },
	"string":  func() any { return new(string) },
}

// decodeDiffs decodes text into each target in each way. -short, used with
// -race, keeps the first target only.
func decodeDiffs(t *testing.T, text []byte, targets ...string) {
	t.Helper()
	if testing.Short() {
		targets = targets[:1]
	}
	for _, way := range decodeWays {
		for _, name := range targets {
			newDst := hostileTargets[name]
			if way.name == "Token" {
				newDst = func() any { return new([]json.Token) }
			}
			want, got := newDst(), newDst()
			wantErr := way.run(stdDecode, text, want)
			gotErr := way.run(compatDecode, text, got)
			w := decodeOutcome{Err: reportErr(wantErr)}
			g := decodeOutcome{Err: reportErr(gotErr)}
			if !reflect.DeepEqual(want, got) {
				w.Value, g.Value = summarize(want), summarize(got)
			}
			if d := cmp.Diff(w, g); d != "" {
				t.Errorf("%s into %s (-want +got):\n%s", way.name, name, d)
			}
			if way.name == "Token" {
				break
			}
		}
	}
}

func summarize(v any) string {
	s, err := json.Marshal(v)
	if err != nil {
		return err.Error()
	}
	if len(s) > 200 {
		return string(s[:200]) + "..."
	}
	return string(s)
}

func nestedObjects(n int) string {
	return strings.Repeat(`{"A":`, n) + "1" + strings.Repeat("}", n)
}

func nestedMixed(n int) string {
	var b strings.Builder
	for i := range n {
		if i%2 == 0 {
			b.WriteString(`[`)
		} else {
			b.WriteString(`{"A":`)
		}
	}
	b.WriteString("null")
	for i := n - 1; i >= 0; i-- {
		if i%2 == 0 {
			b.WriteString(`]`)
		} else {
			b.WriteString(`}`)
		}
	}
	return b.String()
}

// TestHostileNesting checks the depth limit of 10000 levels: the deepest
// accepted text, the shallowest rejected one, and one that is cut off past
// the limit, so that the depth error must come before the end-of-input one.
func TestHostileNesting(t *testing.T) {
	texts := map[string]string{
		"arrays/10000":  deepText(10000),
		"arrays/10001":  deepText(10001),
		"objects/10000": nestedObjects(10000),
		"objects/10001": nestedObjects(10001),
		"mixed/10000":   nestedMixed(10000),
		"mixed/10001":   nestedMixed(10001),
		"unclosed/1e5":  strings.Repeat("[", 100_000),
		"inObject":      `{"N":1,"A":` + deepText(10000) + `}`,
	}
	for name, text := range texts {
		t.Run(name, func(t *testing.T) {
			if d := syntaxDiffStyles([]byte(text), flatIndent); d != "" {
				t.Errorf("syntax (-want +got):\n%.3000s", d)
			}
			decodeDiffs(t, []byte(text), "any", "raw", "slice", "struct")
		})
	}
}

// digits is a number of 10^5 digits.
var digits = strings.Repeat("1234567890", 10_000)

func TestHostileLongNumbers(t *testing.T) {
	texts := map[string]string{
		"integer":         digits,
		"negative":        "-" + digits,
		"fraction":        "0." + digits,
		"tinyFraction":    "0." + strings.Repeat("0", 100_000) + "1",
		"hugeExponent":    "1e" + digits,
		"negExponent":     "1e-" + digits,
		"all":             "-" + digits + "." + digits + "E+" + digits,
		"inArray":         "[" + digits + "," + digits + "]",
		"inObject":        `{"N":` + digits + `}`,
		"quotedInStruct":  `{"N":"` + digits + `"}`,
		"badTrailing":     digits + "x",
		"badLeadingZero":  "0" + digits,
		"badEmptyExp":     digits + "e",
		"badDoubleMinus":  "--" + digits,
		"badDotNoDigits":  digits + ".e1",
		"whitespaceAfter": digits + strings.Repeat(" ", 1000),
	}
	for name, text := range texts {
		t.Run(name, func(t *testing.T) {
			if d := syntaxDiff([]byte(text)); d != "" {
				t.Errorf("syntax (-want +got):\n%.3000s", d)
			}
			decodeDiffs(t, []byte(text), "any", "raw", "float64", "int64", "number", "string", "struct")
		})
	}

	huge := new(big.Int)
	huge.SetString(digits, 10)
	type numbers struct {
		N compat.Number
		S compat.Number `json:",string"`
		R compat.RawMessage
		P *compat.Number
	}
	n := compat.Number(digits)
	runEncodeCases(t, []encodeCase{
		{"number", n},
		{"negativeFraction", compat.Number("-0." + digits)},
		{"exponent", compat.Number(digits + "e+" + digits)},
		{"invalidNumber", compat.Number(digits + "x")},
		{"invalidLeadingZero", compat.Number("0" + digits)},
		{"numberFields", numbers{N: n, S: n, R: compat.RawMessage(" " + digits + " "), P: &n}},
		{"numberMapValue", map[string]compat.Number{"a": n}},
		{"rawInvalid", compat.RawMessage(digits + "e")},
		{"bigInt", huge},
		{"bigIntNegative", new(big.Int).Neg(huge)},
	})
}
