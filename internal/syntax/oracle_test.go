package syntax_test

// encoding/json (Go 1.26, default build) is the oracle for every test here.

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/safejson/safejson/internal/grammar"
	"github.com/safejson/safejson/internal/jsontest"
	"github.com/safejson/safejson/internal/syntax"
)

// rawMarshaler makes json.Marshal run src through encoding/json's internal
// compact(dst, src, escapeHTML=true), the oracle for AppendCompact(..., true).
type rawMarshaler []byte

func (r rawMarshaler) MarshalJSON() ([]byte, error) { return r, nil }

// errString renders an error with its offset, so whole errors compare as
// strings: "<nil>", or "message @offset".
func errString(err error) string {
	if err == nil {
		return "<nil>"
	}
	var se *json.SyntaxError
	if errors.As(err, &se) {
		return fmt.Sprintf("%s @%d", se.Error(), se.Offset)
	}
	var me *grammar.SyntaxErr
	if errors.As(err, &me) {
		return fmt.Sprintf("%s @%d", me.Msg, me.Offset)
	}
	return fmt.Sprintf("unexpected error type %T: %v", err, err)
}

func wantCompact(src []byte, escapeHTML bool) ([]byte, error) {
	if !escapeHTML {
		var buf bytes.Buffer
		err := json.Compact(&buf, src)
		return buf.Bytes(), err
	}
	out, err := json.Marshal(rawMarshaler(src))
	var me *json.MarshalerError
	if errors.As(err, &me) {
		err = me.Err
	}
	return out, err
}

func wantIndent(src []byte, prefix, indent string) ([]byte, error) {
	var buf bytes.Buffer
	err := json.Indent(&buf, src, prefix, indent)
	return buf.Bytes(), err
}

// wantValidate is the syntax check json.Unmarshal starts with; a RawMessage
// target makes sure nothing after it can fail.
func wantValidate(src []byte) error {
	var raw json.RawMessage
	return json.Unmarshal(src, &raw)
}

// diff formats a mismatch as (-want +got).
func diff(want, got any) string {
	return fmt.Sprintf("(-want +got):\n-\t%q\n+\t%q", want, got)
}

// dstPrefix is what every Append call appends to, to prove that the existing
// contents survive and that nothing is appended on error.
const dstPrefix = "dst:"

func newDst() []byte { return append(make([]byte, 0, 64), dstPrefix...) }

// checkAppend compares an Append result with the oracle's output and error.
func checkAppend(t *testing.T, what string, src, got []byte, gotErr error, want []byte, wantErr error) {
	t.Helper()
	if g, w := errString(gotErr), errString(wantErr); g != w {
		t.Errorf("%s(%q) error %s", what, src, diff(w, g))
	}
	if gotErr != nil {
		if string(got) != dstPrefix {
			t.Errorf("%s(%q) on error dst = %q, want it unchanged", what, src, got)
		}
		if _, ok := gotErr.(*grammar.SyntaxErr); !ok {
			t.Errorf("%s(%q) error type %T, want *grammar.SyntaxErr", what, src, gotErr)
		}
		return
	}
	if !strings.HasPrefix(string(got), dstPrefix) || string(got[len(dstPrefix):]) != string(want) {
		t.Errorf("%s(%q) output %s", what, src, diff(dstPrefix+string(want), got))
	}
}

// indentStyles are the prefix/indent pairs tried on every input; the last
// one's line breaks are longer than the layout keeps ready-made.
var indentStyles = [][2]string{{"", "\t"}, {">", "  "}, {"", ""}, {strings.Repeat("<p>", 90), "\t "}}

// checkAll runs every function of the package on src against the oracle.
func checkAll(t *testing.T, src []byte) {
	t.Helper()
	if got, want := syntax.Valid(src), json.Valid(src); got != want {
		t.Errorf("Valid(%q) = %v, want %v", src, got, want)
	}
	if g, w := errString(syntax.Validate(src)), errString(wantValidate(src)); g != w {
		t.Errorf("Validate(%q) %s", src, diff(w, g))
	}
	for _, esc := range []bool{false, true} {
		got, err := syntax.AppendCompact(newDst(), src, esc)
		want, wantErr := wantCompact(src, esc)
		checkAppend(t, fmt.Sprintf("AppendCompact[escapeHTML=%v]", esc), src, got, err, want, wantErr)
	}
	styles := indentStyles
	if jsontest.BracketDepth(src) > 2000 {
		// Indented deep nesting is quadratic in size; keep only the empty indent.
		styles = [][2]string{{"", ""}}
	}
	for _, st := range styles {
		got, err := syntax.AppendIndent(newDst(), src, st[0], st[1])
		want, wantErr := wantIndent(src, st[0], st[1])
		checkAppend(t, fmt.Sprintf("AppendIndent[%q,%q]", st[0], st[1]), src, got, err, want, wantErr)
		checkLayout(t, src, st[0], st[1])
	}
	var buf bytes.Buffer
	json.HTMLEscape(&buf, src)
	if got := syntax.AppendHTMLEscape(newDst(), src); string(got) != dstPrefix+buf.String() {
		t.Errorf("AppendHTMLEscape(%q) %s", src, diff(dstPrefix+buf.String(), got))
	}
}

// checkLayout holds AppendLayout, on src made compact, to json.Indent
// where it lays out as Indent does, and where src is valid.
func checkLayout(t *testing.T, src []byte, prefix, indent string) {
	t.Helper()
	var compact bytes.Buffer
	if json.Compact(&compact, src) != nil {
		return
	}
	want, wantErr := wantIndent(compact.Bytes(), prefix, indent)
	l := syntax.Layout{Prefix: prefix, Indent: indent, Multiline: true, SpaceColon: true}
	got, ok := syntax.AppendLayout(newDst(), compact.Bytes(), l)
	if !ok {
		got, err := syntax.AppendIndent(newDst(), compact.Bytes(), prefix, indent)
		if err == nil {
			t.Errorf("AppendLayout(%.40q) refused text AppendIndent takes", compact.Bytes())
		}
		checkAppend(t, fmt.Sprintf("AppendLayout[%q,%q] refused", prefix, indent), compact.Bytes(), got, err, want, wantErr)
		return
	}
	checkAppend(t, fmt.Sprintf("AppendLayout[%q,%q]", prefix, indent), compact.Bytes(), got, nil, want, wantErr)
	checkWriteLayout(t, compact.Bytes(), l, got[len(dstPrefix):])
	checkOtherLayouts(t, compact.Bytes(), prefix, indent)
}

// checkOtherLayouts holds AppendLayout's other layouts of the compact
// text src to jsontext's, where Go 1.27 has it.
func checkOtherLayouts(t *testing.T, src []byte, prefix, indent string) {
	t.Helper()
	for _, multiline := range []bool{false, true} {
		for _, colon := range []bool{false, true} {
			for _, comma := range []bool{false, true} {
				l := syntax.Layout{Prefix: prefix, Indent: indent, Multiline: multiline, SpaceColon: colon, SpaceComma: comma}
				want, ok := formattedByV2(src, l)
				if !ok {
					continue
				}
				got, ok := syntax.AppendLayout(newDst(), src, l)
				if !ok {
					t.Errorf("AppendLayout(%.40q, %+v) refused text jsontext takes", src, l)
					continue
				}
				checkAppend(t, fmt.Sprintf("AppendLayout[%+v]", l), src, got, nil, want, nil)
			}
		}
	}
}

// loadCorpora returns the decompressed benchmark corpora by name.
func loadCorpora(tb testing.TB) map[string][]byte {
	tb.Helper()
	paths, err := filepath.Glob("../corpus/data/*.json.gz")
	if err != nil || len(paths) == 0 {
		tb.Fatalf("no corpora found: %v", err)
	}
	m := make(map[string][]byte)
	for _, p := range paths {
		f, err := os.Open(p)
		if err != nil {
			tb.Fatal(err)
		}
		zr, err := gzip.NewReader(f)
		if err != nil {
			tb.Fatal(err)
		}
		data, err := io.ReadAll(zr)
		f.Close()
		if err != nil {
			tb.Fatal(err)
		}
		m[strings.TrimSuffix(filepath.Base(p), ".json.gz")] = data
	}
	return m
}
