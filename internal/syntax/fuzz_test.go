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
	})
}

// oracleIndentHangs reports whether Go 1.27's Indent never returns on src:
// when prefix or indent holds more than spaces and tabs, it rewrites the
// spaces after each newline with prefix and then copies of indent, and with
// an empty indent it loops forever on a run of trailing spaces longer than
// prefix.
func oracleIndentHangs(src []byte, prefix, indent string) bool {
	if !semantics.OnV2 || indent != "" || strings.Trim(prefix, " \t") == "" {
		return false
	}
	tail := src[len(bytes.TrimRight(src, " \t\r\n")):]
	for _, line := range bytes.Split(tail, []byte("\n"))[1:] {
		if len(line)-len(bytes.TrimLeft(line, " ")) > len(prefix) {
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
