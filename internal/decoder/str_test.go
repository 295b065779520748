package decoder

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestStringBytes decodes string literals made of the pieces that matter
// to unquoting, and to reading text in blocks, as a struct field, a map
// key and strings in a slice, and compares with encoding/json.
func TestStringBytes(t *testing.T) {
	pieces := []string{"a", "bc", `\`, `\\`, `\"`, `\/`, `\n`, `\t`, `\b`, `\f`, `\r`, `\u`, `\u00e9`, `\ud83d`, `\ude00`, `\uD800`, `\uDC00`, `\u12`, `\x`,
		"u", "d8", "0", "é", "€", "😀", "\xff", "\xe2\x82", "\x01", "\x7f", `"`, strings.Repeat("z", 9),
		// Runs of text outside ASCII long enough for the blocks of 32
		// bytes that mem.SkipPlain reads.
		strings.Repeat("語", 11), "ab " + strings.Repeat("é", 20), "日本語のテキスト、" + strings.Repeat("😀", 5)}
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

// TestLongInvalidUTF8 decodes strings and keys holding 64 KiB of bytes
// that start no character, amid valid ones: each becomes U+FFFD, and the
// run is read once (scanning the rest of the run again past each bad byte
// would take time quadratic in its length).
func TestLongInvalidUTF8(t *testing.T) {
	run := "é" + strings.Repeat("\x9e\xff", 1<<15) + "€"
	for _, in := range []string{`"` + run + `"`, `{"` + run + `":"` + run + `"}`, `["a` + run + `b\n"]`} {
		for _, mk := range []func() any{
			func() any { return new(any) },
			func() any { return new(string) },
			func() any { return new(map[string]string) },
			func() any { return new([]string) },
		} {
			if d := diffUnmarshal([]byte(in), mk, Options{}); d != "" {
				t.Errorf("%.40q: %s", in, d)
			}
		}
	}
}

// TestKeysOwnTheirBytes checks that decoded map keys and strings keep
// nothing of the input, which the caller may reuse: each is decoded, the
// input overwritten, and the value compared with a fresh decoding.
func TestKeysOwnTheirBytes(t *testing.T) {
	in := `{"12":"a","ab":"b","xy":"c"}`
	for _, mk := range []func() any{
		func() any { return new(map[string]string) },
		func() any { return new(map[any]string) },
		func() any { return new(map[textKey]string) },
		func() any { return new(map[keyLogged]logged) },
		func() any { return new(map[int]string) },
		func() any { return new(map[string]any) },
	} {
		data := []byte(in)
		got, want := mk(), mk()
		gotErr := Unmarshal(data, got, Options{})
		for i := range data {
			data[i] = 'x'
		}
		wantErr := Unmarshal([]byte(in), want, Options{})
		if d := cmp.Diff(want, got, cmpOpts...); d != "" || (gotErr == nil) != (wantErr == nil) {
			t.Errorf("%T after the input was overwritten (-want +got):\n%s", got, d)
		}
	}
}

// TestShortStringsInPlace decodes strings of 0 to 40 bytes with a byte
// that ends the plain run ('"', '\\', a control byte, a byte of 0x80 and
// above) at each place, with enough input after them that str copies words
// into the arena as it checks them, many to a document so that the arena's
// chunks fill, and compares with encoding/json.
func TestShortStringsInPlace(t *testing.T) {
	stops := []string{`\n`, `\u00e9`, "é", "\x01", "\xff", `\"`}
	var lits []string
	for n := range 41 {
		plain := strings.Repeat("abcdefgh", 6)[:n]
		lits = append(lits, `"`+plain+`"`)
		for at := 0; at <= n; at++ {
			for _, s := range stops {
				lits = append(lits, `"`+plain[:at]+s+plain[at:]+`"`)
			}
		}
	}
	tail := strings.Repeat(" ", 40)
	for _, data := range []string{
		`[` + strings.Join(lits, `,`) + `]` + tail,
		`[` + strings.Join(lits, tail+`,`) + `]`,
	} {
		if d := diffUnmarshal([]byte(data), func() any { return new([]string) }, Options{}); d != "" {
			t.Fatalf("%s", d)
		}
	}
	for _, lit := range lits {
		data := `{"S":` + lit + `,"T":` + lit + `,"U":"` + strings.Repeat("z", 40) + `"}`
		if d := diffUnmarshal([]byte(data), func() any { return new(struct{ S, T, U string }) }, Options{}); d != "" {
			t.Fatalf("Unmarshal(%q): %s", data, d)
		}
	}
}
