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
