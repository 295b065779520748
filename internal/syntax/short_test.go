package syntax_test

import "testing"

// shortPieces are fragments whose combinations reach every failure context
// near the start and the end of a text: structure, the starts and ends of
// literals, numbers and escapes, and characters of one to four bytes, valid
// and not.
var shortPieces = []string{
	"[", "]", "{", "}", ",", ":", " ", `"`, `\`, "u", "1", "-", ".", "e", "+", "t", "nul",
	"x", "\x01", "\x80", "\xe2\x80", "\u00e9", "\u2028", "\U0001F600", `"a":`, `\u00`,
}

// TestShortTexts compares every function with the oracle, and the
// script-safe ones with their rules, on every text of up to three pieces.
func TestShortTexts(t *testing.T) {
	var walk func(prefix string, n int)
	walk = func(prefix string, n int) {
		checkAll(t, []byte(prefix))
		checkScript(t, []byte(prefix))
		if t.Failed() {
			t.Fatalf("stopping after first failing input %q", prefix)
		}
		if n == 0 {
			return
		}
		for _, p := range shortPieces {
			walk(prefix+p, n-1)
		}
	}
	walk("", 3)
}
