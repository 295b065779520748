package grammar_test

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/safejson/safejson/internal/grammar"
	"github.com/safejson/safejson/internal/semantics"
)

// resumeFunc is one of the resumable token rules.
type resumeFunc func(src []byte, i int, p grammar.Partial) (int, grammar.Partial, semantics.SyntaxCtx)

// resumeStart picks the resumable rule and start for the token whose first
// byte is src[0], as scanToken picks the in-memory rule, and the index the
// rule starts at. ok is false when no token starts there.
func resumeStart(src []byte) (f resumeFunc, p grammar.Partial, start int, ok bool) {
	if len(src) == 0 {
		return nil, 0, 0, false
	}
	switch c := src[0]; {
	case c == '"':
		return grammar.ResumeString, grammar.StringBody, 1, true
	case c == '-' || grammar.IsDigit(c):
		return grammar.ResumeNumber, grammar.NumberStart, 0, true
	case c == 't' || c == 'f' || c == 'n':
		return grammar.ResumeLiteral, grammar.LiteralStart, 0, true
	}
	return nil, 0, 0, false
}

// scanPieces feeds the token at the front of src to its resumable rule in
// pieces: the input ends at each cut in turn, then at len(src), where the
// input ends. Each call gets a copy of only the bytes it may read, those
// from where the last call stopped up to the cut, with the bytes before
// them garbled (a control byte, which no token holds), so a rule that read
// any byte twice would go wrong, and one that read past its input would
// panic. It returns where the token ended or failed and how.
func scanPieces(t *testing.T, src []byte, cuts []int) (end int, ctx semantics.SyntaxCtx) {
	t.Helper()
	f, p, i, _ := resumeStart(src)
	const garbled = 0x01
	buf := bytes.Repeat([]byte{garbled}, len(src))
	for _, cut := range append(cuts, len(src)) {
		if cut < i {
			continue
		}
		copy(buf[i:cut], src[i:cut])
		from := i
		i, p, ctx = f(buf[:cut], i, p)
		for k := from; k < cut; k++ {
			buf[k] = garbled
		}
		switch {
		case ctx != semantics.CtxNone:
			if i < from || i >= cut {
				t.Fatalf("%q cut at %v: failed at %d, outside [%d, %d)", src, cuts, i, from, cut)
			}
			return i, ctx
		case p == grammar.Done:
			if i < from || i > cut {
				t.Fatalf("%q cut at %v: ended at %d, outside [%d, %d]", src, cuts, i, from, cut)
			}
			return i, ctx
		case i != cut:
			t.Fatalf("%q cut at %v: wants more, having stopped at %d of %d", src, cuts, i, cut)
		}
	}
	return i, p.AtEnd()
}

// FuzzResume holds the resumable token rules to the in-memory ones: the
// token at the front of a text, read in pieces cut at every offset, and at
// several offsets at once, ends or fails where and as ScanString,
// ScanNumber or ScanLiteral on the whole text says.
func FuzzResume(f *testing.F) {
	for _, s := range []string{`"a\u00e9\n" `, `-12.5e+3,`, `0`, `0.0e0x`, `true`, `fals`, `nul`, `nulL`, `"\ud800"`, "\"\xff\xe2\x82\xac\"", `"\u12`, `"\u12x4"`, `"\x"`, `1.`, `1.x`, `-`, `-x`, `01`, `"a\`, "\"\x01\"", `1e`, `1E+`, `1e-x`, `[1]`, `"0123456789abcdef\"\\"`} {
		f.Add([]byte(s), uint64(0))
	}
	f.Fuzz(func(t *testing.T, src []byte, seed uint64) {
		// Every cut is a pass over the text: a long text costs time
		// and holds no case a shorter one does not.
		src = src[:min(len(src), 1024)]
		wantEnd, wantCtx, ok := scanToken(src)
		if !ok {
			return
		}
		check := func(cuts []int) {
			end, ctx := scanPieces(t, src, cuts)
			if end != wantEnd || ctx != wantCtx {
				t.Fatalf("%q cut at %v: stopped at %d (ctx %v), in memory at %d (ctx %v)", src, cuts, end, ctx, wantEnd, wantCtx)
			}
		}
		check(nil)
		// Cuts past the byte that ends the token change nothing.
		for cut := 0; cut <= min(len(src), wantEnd+1); cut++ {
			check([]int{cut})
		}
		rng := rand.New(rand.NewPCG(seed, uint64(len(src))))
		for range 8 {
			cuts := make([]int, rng.IntN(8)+1)
			for k := range cuts {
				cuts[k] = rng.IntN(len(src) + 1)
			}
			slices.Sort(cuts)
			check(cuts)
		}
	})
}

// FuzzResumeValid holds the resumable token rules to encoding/json (and,
// under Go 1.27, to jsontext, allowing invalid UTF-8 as v1 does): a text
// read whole, and read a byte at a time, is one token and nothing else
// exactly when they call it valid and it has no space around it.
func FuzzResumeValid(f *testing.F) {
	for _, s := range []string{`"a\u00e9\n"`, `-12.5e+3`, `0`, `-0.0E-0`, `true`, `false`, `null`, `fals`, `"\ud800"`, "\"\xff\"", `"\u12`, `1.`, `-`, `01`, `"a\`, "\"\x01\"", `1e`, `[1]`, `true `, ` 1`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		src = src[:min(len(src), 1024)]
		if _, _, _, ok := resumeStart(src); !ok {
			return
		}
		valid := json.Valid(src)
		if v, ok := jsontextValid(src); ok && v != valid {
			t.Fatalf("%q: encoding/json's Valid says %v, jsontext's %v", src, valid, v)
		}
		want := valid && len(bytes.TrimSpace(src)) == len(src)
		every := make([]int, len(src))
		for k := range every {
			every[k] = k
		}
		for _, cuts := range [][]int{nil, every} {
			end, ctx := scanPieces(t, src, cuts)
			if got := ctx == semantics.CtxNone && end == len(src); got != want {
				t.Fatalf("%q cut at %v: one whole token = %v (end %d, ctx %v), encoding/json says %v", src, cuts, got, end, ctx, want)
			}
		}
	})
}
