package encoder

import (
	"bytes"
	"testing"
)

func TestEscapeLineSeparators(t *testing.T) {
	for _, s := range []string{
		"", `"a"`, "\"\u2028\"", "\"\u2029\u2028\"", "\"\xe2\x80\u2028\"", "\"\xe2\u2029\"",
		"\"\u2013\u201c\u2028x\"", "\"\xe2\x80\"", "\"a\xe2", "\"\u2028\xe2\x80",
	} {
		for _, start := range []int{0, 1} {
			src := "#" + s
			want := src[:start] + string(bytes.ReplaceAll(bytes.ReplaceAll([]byte(src[start:]), []byte("\u2028"), []byte(`\u2028`)), []byte("\u2029"), []byte(`\u2029`)))
			if got := escapeLineSeparators([]byte(src), start); string(got) != want {
				t.Errorf("escapeLineSeparators(%q, %d) = %q, want %q", src, start, got, want)
			}
		}
	}
}
