package grammar_test

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/safejson/safejson/internal/grammar"
	"github.com/safejson/safejson/internal/semantics"
)

// scanToken runs the token rule that the first byte of src starts, as a
// lexer would pick it, and returns where it stopped and in what context it
// failed. ok is false when no token starts there.
func scanToken(src []byte) (end int, ctx semantics.SyntaxCtx, ok bool) {
	if len(src) == 0 {
		return 0, semantics.CtxNone, false
	}
	switch c := src[0]; {
	case c == '"':
		end, ctx = grammar.ScanString(src, 1)
	case c == '-' || grammar.IsDigit(c):
		end, ctx = grammar.ScanNumber(src, 0)
	case c == 't' || c == 'f' || c == 'n':
		end, ctx = grammar.ScanLiteral(src, 0)
	default:
		return 0, semantics.CtxNone, false
	}
	return end, ctx, true
}

// FuzzToken holds the token rules to encoding/json and to themselves:
//   - a text is exactly one string, number or literal (no space around it)
//     when encoding/json's Valid says so and it starts as one;
//   - a rule never stops past the end of its input;
//   - read from any prefix of the text, a rule stops where it stops on the
//     whole text, or at the end of the prefix: so a reader of a stream can
//     take a result that ends before its window does, and read more and
//     scan again when it does not.
func FuzzToken(f *testing.F) {
	for _, s := range []string{`"a\u00e9\n"`, `-12.5e+3`, `0`, `true`, `fals`, `nul`, `"\ud800"`, "\"\xff\"", `"\u12`, `1.`, `-`, `01`, `"a\`, "\"\x01\"", `1e`, `[1]`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		end, ctx, ok := scanToken(src)
		if !ok {
			return
		}
		if end < 0 || end > len(src) {
			t.Fatalf("stopped at %d of %d bytes", end, len(src))
		}
		whole := ctx == semantics.CtxNone && end == len(src)
		if want := json.Valid(src) && len(bytes.TrimSpace(src)) == len(src); whole != want {
			t.Fatalf("%q: one whole token = %v (end %d, ctx %v), encoding/json's Valid says %v", src, whole, end, ctx, want)
		}
		for k := 1; k < len(src); k++ {
			e, c, _ := scanToken(src[:k])
			if e == k {
				continue // ran into the end: a reader reads more
			}
			if e != end || c != ctx {
				t.Fatalf("%q: on the first %d bytes stopped at %d (ctx %v), on all at %d (ctx %v)", src, k, e, c, end, ctx)
			}
		}
	})
}

// FuzzSkipSpace holds SkipSpace, which reads indentation a word at a time,
// to a byte-at-a-time reading, from every start.
func FuzzSkipSpace(f *testing.F) {
	for _, s := range []string{"\n    \t x", "\r\n\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t1", "   ", ""} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		for i := 0; i <= len(src); i++ {
			want := i
			for want < len(src) && grammar.IsSpace(src[want]) {
				want++
			}
			if got := grammar.SkipSpace(src, i); got != want {
				t.Fatalf("SkipSpace(%q, %d) = %d, want %d", src, i, got, want)
			}
		}
	})
}
