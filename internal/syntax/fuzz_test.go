package syntax_test

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/safejson/safejson/internal/semantics"
	"github.com/safejson/safejson/internal/syntax"
)

func addSeeds(f *testing.F) {
	for _, tc := range cases {
		f.Add([]byte(tc.in))
	}
}

func FuzzValid(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, src []byte) {
		if got, want := syntax.Valid(src), json.Valid(src); got != want {
			t.Fatalf("Valid(%q) = %v, want %v", src, got, want)
		}
		if g, w := errString(syntax.Validate(src)), errString(wantValidate(src)); g != w {
			t.Fatalf("Validate(%q) %s", src, diff(w, g))
		}
	})
}

func FuzzCompact(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, src []byte) {
		for _, esc := range []bool{false, true} {
			got, err := syntax.AppendCompact(newDst(), src, esc)
			want, wantErr := wantCompact(src, esc)
			checkAppend(t, "AppendCompact", src, got, err, want, wantErr)
		}
	})
}

func FuzzIndent(f *testing.F) {
	for _, tc := range cases {
		f.Add([]byte(tc.in), "", "\t")
		f.Add([]byte(tc.in), ">", "  ")
	}
	f.Fuzz(func(t *testing.T, src []byte, prefix, indent string) {
		if oracleIndentHangs(src, prefix, indent) {
			return // no oracle to compare with
		}
		got, err := syntax.AppendIndent(newDst(), src, prefix, indent)
		want, wantErr := wantIndent(src, prefix, indent)
		checkAppend(t, "AppendIndent", src, got, err, want, wantErr)
		checkLayout(t, src, prefix, indent)
	})
}

// oracleIndentHangs reports whether Go 1.27's Indent never returns on src:
// when prefix holds more than spaces and tabs and the indent is empty, it
// rewrites the spaces after each newline of what it wrote (the input
// itself, on an error) with prefix and then copies of the empty indent, and
// loops forever where they outnumber prefix's bytes.
func oracleIndentHangs(src []byte, prefix, indent string) bool {
	if !semantics.OnV2 || indent != "" || strings.Trim(prefix, " \t") == "" {
		return false
	}
	b := indentedByV2(src, len(prefix))
	for i := bytes.IndexByte(b, '\n'); i >= 0; i = bytes.IndexByte(b, '\n') {
		b = b[i+1:]
		if len(b)-len(bytes.TrimLeft(b, " ")) > len(prefix) {
			return true
		}
	}
	return false
}

func FuzzHTMLEscape(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, src []byte) {
		var buf bytes.Buffer
		json.HTMLEscape(&buf, src)
		if got := syntax.AppendHTMLEscape(newDst(), src); string(got) != dstPrefix+buf.String() {
			t.Fatalf("AppendHTMLEscape(%q) %s", src, diff(dstPrefix+buf.String(), got))
		}
	})
}
