package decoder

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// TestStringBytes decodes string literals made of the pieces that matter
// to unquoting, as a struct field, a map key and strings in a slice, and
// compares with encoding/json.
func TestStringBytes(t *testing.T) {
	pieces := []string{"a", "bc", `\`, `\\`, `\"`, `\/`, `\n`, `\t`, `\b`, `\f`, `\r`, `\u`, `\u00e9`, `\ud83d`, `\ude00`, `\uD800`, `\uDC00`, `\u12`, `\x`,
		"u", "d8", "0", "é", "€", "😀", "\xff", "\xe2\x82", "\x01", "\x7f", `"`, strings.Repeat("z", 9)}
	targets := []func() any{
		func() any { return new(struct{ S string }) },
		func() any { return new(map[string]int) },
		func() any { return new([]string) },
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		var b strings.Builder
		for range rng.IntN(8) {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		lit := `"` + b.String() + `"`
		for i, data := range []string{`{"S":` + lit + `}`, `{` + lit + `:1}`, `[` + lit + `,` + lit + `]`} {
			if d := diffUnmarshal([]byte(data), targets[i], Options{}); d != "" {
				t.Fatalf("Unmarshal(%q): %s", data, d)
			}
		}
	}
}
