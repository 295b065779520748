package semantics_test

import (
	"testing"

	"github.com/safejson/safejson/internal/semantics"
)

// TestSyntaxErrorAnyWindow words every context at every position of texts
// that need not hold the token the context names: a lexer's mistake in the
// window it passes must give a wrong message, never a panic.
func TestSyntaxErrorAnyWindow(t *testing.T) {
	texts := []string{"", "x", `\`, "\xe2\x80", "tru", "-1.5e+", `"\u12`, "\U0001F600", "[{\"a\":"}
	for _, text := range texts {
		for pos := 0; pos <= len(text); pos++ {
			for ctx := semantics.CtxNone + 1; ctx < semantics.CtxLimit; ctx++ {
				for _, entry := range []semantics.SyntaxEntry{semantics.EntryValid, semantics.EntryIndent, semantics.EntryCompact} {
					msg, off := semantics.SyntaxError([]byte(text), pos, ctx, entry)
					if msg == "" || off < 0 || off > int64(len(text)) {
						t.Errorf("SyntaxError(%q, %d, %d, %d) = %q, %d", text, pos, ctx, entry, msg, off)
					}
				}
			}
		}
	}
}
