package compat_test

// Valid, Compact, Indent and HTMLEscape against encoding/json, on a table of
// texts and on random mutations of them.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/safejson/safejson/compat"
	"github.com/safejson/safejson/internal/corpus"
)

// jsonTexts are valid and invalid JSON texts. They also seed the fuzz tests.
var jsonTexts = []string{
	// Valid.
	`{}`, `[]`, `null`, `true`, `false`, `0`, `-0`, `1`, `-1.5e-10`, `1E+2`, `123456789012345678901234567890`,
	`"str"`, `""`, `{"a":1,"b":[1,2,{"c":null}],"d":{"e":"f"}}`, ` { "a" : [ 1 , 2 ] } `,
	"\t\r\n [true,\n false] \n", `[{},[],{"":""}]`, `{ }`, `[ ]`, `[[[[]]]]`,
	`"<script>&amp;</script>"`, `"\u003c\u2028"`, "\"\u2028\u2029\"", "\"raw\xff\xfe bytes\"", `"\ud800"`,
	`"\"\\\/\b\f\n\r\t"`, `"é日本😀"`, `{"<":">","&":"\u0026"}`, `[1e400]`, `{"a":{"b":{"c":{}}}}`,
	"\"\xe2\x80\xa8\"", "[\"\xe2\x80\"]", `0.5`, `[-0.0e-0]`,
	// Invalid.
	``, ` `, `{`, `}`, `[`, `]`, `[1,]`, `{"a"}`, `{"a":}`, `{"a":1,}`, `{,}`, `[,1]`, `01`, `1.`, `-`, `+1`,
	`.5`, `1e`, `1e+`, `tru`, `nul`, `fals`, `truex`, `"abc`, `"\q"`, `"\u12"`, "\"\x01\"", "\"\x7f\"", `[1 2]`,
	`{} {}`, `1 2`, `nan`, "\xff", `'a'`, `[1]x`, `1 x`, `{"a" 1}`, `{1:2}`, `[}`, `{]`, `"\`, "\x00",
	"[\"a\",\n\"b\"\n", `{"a":[1,{"b":2}]}}`, "\u2028", `<>`, `{"a":1 "b":2}`,
}

func deepText(n int) string { return strings.Repeat("[", n) + strings.Repeat("]", n) }

// syntaxOutcome is what Valid, Compact, Indent and HTMLEscape do with one
// input. The destination buffers start with text, so that what they do to
// existing content on error shows too.
type syntaxOutcome struct {
	Valid      bool
	Compact    string
	CompactErr *errReport
	Indent     []string
	IndentErr  []*errReport
	HTMLEscape string
}

type syntaxAPI struct {
	Valid      func([]byte) bool
	Compact    func(*bytes.Buffer, []byte) error
	Indent     func(*bytes.Buffer, []byte, string, string) error
	HTMLEscape func(*bytes.Buffer, []byte)
}

var (
	stdSyntax    = syntaxAPI{json.Valid, json.Compact, json.Indent, json.HTMLEscape}
	compatSyntax = syntaxAPI{compat.Valid, compat.Compact, compat.Indent, compat.HTMLEscape}
)

var indentStyles = [][2]string{{"", "\t"}, {"> ", "  "}, {"", ""}}

// flatIndent is the one style used for very deep texts, whose indented
// form grows with the square of the depth.
var flatIndent = [][2]string{{"", ""}}

func runSyntax(api syntaxAPI, src []byte, styles [][2]string) (o syntaxOutcome) {
	defer func() {
		if r := recover(); r != nil {
			o = syntaxOutcome{Compact: fmt.Sprintf("panic: %v", r)}
		}
	}()
	// Copies guard against an implementation that writes into src.
	o.Valid = api.Valid(bytes.Clone(src))
	buf := bytes.NewBufferString("existing:")
	o.CompactErr = reportErr(api.Compact(buf, bytes.Clone(src)))
	o.Compact = buf.String()
	for _, style := range styles {
		buf := bytes.NewBufferString("existing:")
		o.IndentErr = append(o.IndentErr, reportErr(api.Indent(buf, bytes.Clone(src), style[0], style[1])))
		o.Indent = append(o.Indent, buf.String())
	}
	buf = bytes.NewBufferString("existing:")
	api.HTMLEscape(buf, bytes.Clone(src))
	o.HTMLEscape = buf.String()
	return o
}

func syntaxDiff(src []byte) string {
	return syntaxDiffStyles(src, indentStyles)
}

func syntaxDiffStyles(src []byte, styles [][2]string) string {
	return cmp.Diff(runSyntax(stdSyntax, src, styles), runSyntax(compatSyntax, src, styles))
}

func TestSyntaxTable(t *testing.T) {
	for i, s := range jsonTexts {
		t.Run(fmt.Sprintf("%d/%.30q", i, s), func(t *testing.T) {
			if d := syntaxDiff([]byte(s)); d != "" {
				t.Errorf("%q (-want +got):\n%s", s, d)
			}
		})
	}
	// The scanner allows 10000 levels of nesting. Indent is slow on valid
	// deep texts (each line repeats the indent depth times), so only the
	// failing ones go through it.
	deep := []struct {
		text   string
		styles [][2]string
	}{
		{deepText(10000), nil},
		{deepText(10001), flatIndent},
		{`{"a":` + deepText(9999) + `}`, nil},
		{`{"a":` + deepText(10000) + `}`, flatIndent},
	}
	for i, tc := range deep {
		t.Run(fmt.Sprintf("deep/%d", i), func(t *testing.T) {
			if d := syntaxDiffStyles([]byte(tc.text), tc.styles); d != "" {
				t.Errorf("(-want +got):\n%.3000s", d)
			}
		})
	}
}

func TestSyntaxCorpora(t *testing.T) {
	if testing.Short() {
		t.Skip("sequential and slow under -race; the plain test pass (without -short) runs it")
	}
	for _, name := range corpus.Names() {
		data, err := corpus.Load(name)
		if err != nil {
			t.Fatal(err)
		}
		compacted, err := compat.Marshal(compat.RawMessage(data))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for form, src := range map[string][]byte{"original": data, "compacted": compacted} {
			if d := syntaxDiff(src); d != "" {
				if len(d) > 3000 {
					d = d[:3000] + "..."
				}
				t.Errorf("%s, %s (-want +got):\n%s", name, form, d)
			}
		}
	}
}

// mutate applies one to three random edits that JSON's grammar cares about.
func mutate(r *rand.Rand, src []byte) []byte {
	const alphabet = "{}[],:\" \t\n\r0123456789.eE+-tfnrul\\/<>&u"
	b := bytes.Clone(src)
	for range 1 + r.IntN(3) {
		var c byte
		if r.IntN(4) == 0 {
			c = byte(r.UintN(256))
		} else {
			c = alphabet[r.IntN(len(alphabet))]
		}
		i := 0
		if len(b) > 0 {
			i = r.IntN(len(b))
		}
		switch op := r.IntN(5); {
		case op == 0 && len(b) > 0:
			b[i] = c
		case op == 1:
			b = append(b[:i], append([]byte{c}, b[i:]...)...)
		case op == 2 && len(b) > 0:
			b = append(b[:i], b[i+1:]...)
		case op == 3 && len(b) > 0:
			j := i + r.IntN(len(b)-i)
			b = append(b[:j], append(bytes.Clone(b[i:j+1]), b[j:]...)...)
		case op == 4:
			b = b[:i]
		}
	}
	return b
}

func TestSyntaxMutations(t *testing.T) {
	r := rand.New(rand.NewPCG(diffSeed1, 6))
	g := &valueGen{rand.New(rand.NewPCG(diffSeed1, 7))}
	var seeds [][]byte
	for _, s := range jsonTexts {
		seeds = append(seeds, []byte(s))
	}
	for range 200 {
		b, err := json.Marshal(g.tree(0))
		if err != nil {
			continue
		}
		seeds = append(seeds, b)
		var buf bytes.Buffer
		json.Indent(&buf, b, "", " ")
		seeds = append(seeds, buf.Bytes())
	}
	budget := newFailureBudget(t, 5)
	for i := range 6000 {
		src := mutate(r, seeds[r.IntN(len(seeds))])
		if d := syntaxDiff(src); d != "" {
			budget.fail("mutation %d: %q (-want +got):\n%s", i, src, d)
		}
	}
}
