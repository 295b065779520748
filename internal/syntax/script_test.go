package syntax_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/safejson/safejson/internal/semantics"
	"github.com/safejson/safejson/internal/syntax"
)

// refScriptSafe is a plain byte-by-byte statement of the script-safe rules
// for valid JSON: inside strings, escapes are copied, '<', '>', '&' become
// \u escapes, '/' becomes \/, U+2028/U+2029 become escapes, and each byte of
// invalid UTF-8 becomes \ufffd.
func refScriptSafe(src []byte) []byte {
	var out []byte
	inString := false
	for i := 0; i < len(src); {
		c := src[i]
		switch {
		case !inString:
			inString = c == '"'
			out = append(out, c)
			i++
		case c == '\\':
			n := 2
			if src[i+1] == 'u' {
				n = 6
			}
			out = append(out, src[i:i+n]...)
			i += n
		case c == '"':
			inString = false
			out = append(out, c)
			i++
		case c == '<' || c == '>' || c == '&':
			out = fmt.Appendf(out, `\u%04x`, c)
			i++
		case c == '/':
			out = append(out, `\/`...)
			i++
		default:
			r, size := utf8.DecodeRune(src[i:])
			switch {
			case r == utf8.RuneError && size == 1:
				out = append(out, `\ufffd`...)
			case r == '\u2028':
				out = append(out, `\u2028`...)
			case r == '\u2029':
				out = append(out, `\u2029`...)
			default:
				out = append(out, src[i:i+size]...)
			}
			i += size
		}
	}
	return out
}

// rawSlash reports whether valid JSON text has a '/' that is not part of an
// escape sequence.
func rawSlash(src []byte) bool {
	for i := 0; i < len(src); i++ {
		switch src[i] {
		case '\\':
			i++
		case '/':
			return true
		}
	}
	return false
}

func TestScriptSafeExamples(t *testing.T) {
	cases := []struct{ in, want string }{
		{`{"a":"</script>"}`, `{"a":"\u003c\/script\u003e"}`},
		{`[ "<!--<script>" , 1 ]`, `[ "\u003c!--\u003cscript\u003e" , 1 ]`},
		{`"a\/b"`, `"a\/b"`},
		{`"\u003c/"`, `"\u003c\/"`},
		{"\"\u2028\u2029\"", `"\u2028\u2029"`},
		{"\"a\xffb\xe2\x80\"", `"a\ufffdb\ufffd\ufffd"`},
		{`{"]]>":"&amp;"}`, `{"]]\u003e":"\u0026amp;"}`},
		{"\t\"ok\"\n", "\t\"ok\"\n"},
		{`"日本語 ✓"`, `"日本語 ✓"`},
	}
	for _, c := range cases {
		got, err := syntax.AppendScriptSafe(nil, []byte(c.in))
		if err != nil || string(got) != c.want {
			t.Errorf("AppendScriptSafe(%q) = %q, %v; want %q", c.in, got, err, c.want)
		}
	}
}

// wantScriptSafe is the oracle for AppendScriptSafe: encoding/json's verdict
// on validity (and its error), then the reference rules.
func wantScriptSafe(src []byte) ([]byte, error) {
	if err := wantValidate(src); err != nil {
		return nil, err
	}
	return refScriptSafe(src), nil
}

// wantCompactScript: encoding/json's Compact, then the reference rules.
func wantCompactScript(src []byte) ([]byte, error) {
	compacted, err := wantCompact(src, false)
	if err != nil {
		return nil, err
	}
	return refScriptSafe(compacted), nil
}

func decodeAny(t *testing.T, src []byte) any {
	t.Helper()
	var v any
	dec := json.NewDecoder(bytes.NewReader(src))
	dec.UseNumber() // numbers such as 1e1000 fit no float64
	if err := dec.Decode(&v); err != nil {
		t.Fatalf("Unmarshal(%q): %v", src, err)
	}
	return v
}

// checkScript runs AppendScriptSafe, AppendCompactScript and CheckScript on
// src against the oracles and checks the script-safety invariants.
func checkScript(t *testing.T, src []byte) {
	t.Helper()
	got, err := syntax.AppendScriptSafe(newDst(), src)
	want, wantErr := wantScriptSafe(src)
	checkAppend(t, "AppendScriptSafe", src, got, err, want, wantErr)
	gotC, errC := syntax.AppendCompactScript(newDst(), src)
	wantC, wantErrC := wantCompactScript(src)
	checkAppend(t, "AppendCompactScript", src, gotC, errC, wantC, wantErrC)

	checkErr := syntax.CheckScript(src)
	if wantErr != nil {
		var h *syntax.Hazard
		switch {
		case errors.As(checkErr, &h):
			// A hazard before the syntax error is reported first. Go 1.27
			// places the end of a text cut inside a UTF-8 sequence at the
			// sequence's first byte, which is the hazard.
			var se *json.SyntaxError
			if errors.As(wantErr, &se) && (h.Offset > se.Offset || h.Offset == se.Offset && !semantics.OnV2) {
				t.Errorf("CheckScript(%q) = hazard at %d, after the syntax error at %d", src, h.Offset, se.Offset)
			}
		case errString(checkErr) != errString(wantErr):
			t.Errorf("CheckScript(%q) error %s", src, diff(errString(wantErr), errString(checkErr)))
		}
		return
	}

	fast, fresh := syntax.ScriptSafeValid(src)
	switch {
	case !bytes.Equal(fast, got[len(dstPrefix):]):
		t.Errorf("ScriptSafeValid(%q) %s", src, diff(string(got[len(dstPrefix):]), string(fast)))
	case fresh == bytes.Equal(fast, src):
		t.Errorf("ScriptSafeValid(%q) fresh = %v", src, fresh)
	case !fresh && len(src) > 0 && &fast[0] != &src[0]:
		t.Errorf("ScriptSafeValid(%q) copied a text it did not change", src)
	}
	checkScriptWriter(t, src, fast)

	out := got[len(dstPrefix):]
	first := -1
	for i := range min(len(src), len(out)) {
		if src[i] != out[i] {
			first = i
			break
		}
	}
	if first < 0 && len(src) != len(out) {
		first = min(len(src), len(out))
	}
	var h *syntax.Hazard
	switch {
	case first < 0 && checkErr != nil:
		t.Errorf("CheckScript(%q) = %v, but escaping changes nothing", src, checkErr)
	case first >= 0 && (!errors.As(checkErr, &h) || h.Offset != int64(first)):
		t.Errorf("CheckScript(%q) = %v, want a hazard at %d", src, checkErr, first)
	}

	if !json.Valid(out) || !utf8.Valid(out) {
		t.Errorf("AppendScriptSafe(%q) = %q: not valid JSON and UTF-8", src, out)
	}
	for _, bad := range []string{"<", ">", "&", "\u2028", "\u2029"} {
		if bytes.Contains(out, []byte(bad)) {
			t.Errorf("AppendScriptSafe(%q) = %q contains %q", src, out, bad)
		}
	}
	if rawSlash(out) {
		t.Errorf("AppendScriptSafe(%q) = %q has an unescaped '/'", src, out)
	}
	if again, _ := syntax.AppendScriptSafe(nil, out); !bytes.Equal(again, out) {
		t.Errorf("AppendScriptSafe is not idempotent on %q: %q", out, again)
	}
	if syntax.CheckScript(out) != nil {
		t.Errorf("CheckScript(%q) = %v on escaped output", out, syntax.CheckScript(out))
	}
	if w, g := decodeAny(t, src), decodeAny(t, out); !reflect.DeepEqual(w, g) {
		t.Errorf("AppendScriptSafe(%q) changes the decoded value: %s", src, diff(w, g))
	}
}

func TestScriptSafeCases(t *testing.T) {
	for _, tc := range cases {
		checkScript(t, []byte(tc.in))
	}
	for _, s := range []string{
		`"</script><script>alert(1)</script>"`, `["<!--<script>", "</SCRIPT ", "]]>"]`,
		"\"\u2028\"", "\"\xc0\xaf\"", "\"\xed\xa0\x80\"", "\"\xf4\x90\x80\x80\"", "\"\xe2\x80\xa8\xe2\x80\"",
		`{"http://x/y":"a/b\/c"}`, "\"" + strings.Repeat("<a/>", 40) + "\"",
		"\"" + strings.Repeat("é", 30) + "/\"", "  \"<\"  ", `"<" x`, `"<`, `"\x"<`,
	} {
		checkScript(t, []byte(s))
	}
}

func FuzzScriptSafe(f *testing.F) {
	addSeeds(f)
	f.Add([]byte(`{"a":"</script>","b":["\u2028","\/",1]}`))
	f.Add([]byte("\"\xff\xe2\x80\xa9<\""))
	f.Fuzz(func(t *testing.T, src []byte) {
		checkScript(t, src)
	})
}

// checkScriptWriter writes src, valid JSON, to a ScriptSafeWriter in two
// parts cut at every offset (or, for a long text, at 64 of them), and in
// parts of every size up to 8, and wants want, ScriptSafeValid's text.
func checkScriptWriter(t *testing.T, src, want []byte) {
	t.Helper()
	write := func(cuts []int) {
		var out bytes.Buffer
		w := syntax.NewScriptSafeWriter(&out)
		from := 0
		for _, c := range append(cuts, len(src)) {
			if n, err := w.Write(src[from:c]); n != c-from || err != nil {
				t.Fatalf("ScriptSafeWriter.Write(%q) = %d, %v", src[from:c], n, err)
			}
			from = c
		}
		if err := w.Flush(); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(out.Bytes(), want) {
			t.Errorf("ScriptSafeWriter, %q cut at %v: %s", src, cuts, diff(string(want), out.String()))
		}
	}
	step := max(1, len(src)/64)
	for c := 0; c <= len(src); c += step {
		write([]int{c})
	}
	for size := 1; size <= 8; size++ {
		var cuts []int
		for c := size; c < len(src); c += size {
			cuts = append(cuts, c)
		}
		write(cuts)
	}
}
