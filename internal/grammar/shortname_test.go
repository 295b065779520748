package grammar_test

import (
	"strings"
	"testing"

	"github.com/safejson/safejson/internal/grammar"
)

// TestShortNameAt holds ShortName.At to the plain comparison of the window
// with the name and its quote: for names of every length up to 15, inputs
// that are the name, the name with each byte changed in turn, a prefix of
// it, and it with a byte more, each followed by a quote and then filler.
func TestShortNameAt(t *testing.T) {
	const letters = "abcdefghijklmnopq"
	for n := 0; n <= 16; n++ {
		name := letters[:n]
		sn, ok := grammar.ShortNameOf(name)
		if ok != (n <= 15) {
			t.Fatalf("ShortNameOf(%q) ok = %v", name, ok)
		}
		if !ok {
			continue
		}
		if sn.Name() != name {
			t.Fatalf("Name() = %q, want %q", sn.Name(), name)
		}
		inputs := []string{name, name + "r", name[:max(n-1, 0)]}
		for i := range n {
			inputs = append(inputs, name[:i]+"Z"+name[i+1:], name[:i]+`"`+name[i+1:])
		}
		for _, in := range inputs {
			for _, filler := range []string{"", `"`, "}", strings.Repeat(`"`, 16), strings.Repeat("x", 16)} {
				var window [16]byte
				copy(window[:], in+`"`+filler)
				want := strings.HasPrefix(string(window[:]), name+`"`)
				if got := sn.At(&window); got != want {
					t.Errorf("ShortNameOf(%q).At(%q) = %v, want %v", name, window[:], got, want)
				}
			}
		}
	}
}
