package grammar_test

import (
	"testing"
	"unicode/utf8"

	"github.com/safejson/safejson/internal/grammar"
)

// skipUTF8Ref is SkipUTF8 as its comment says it behaves, one
// utf8.DecodeRune at a time.
func skipUTF8Ref(data []byte, i int) (int, bool) {
	for i < len(data) && data[i] >= utf8.RuneSelf {
		r, size := utf8.DecodeRune(data[i:])
		if r == utf8.RuneError && size == 1 {
			return i, false
		}
		i += size
	}
	return i, true
}

// TestSkipUTF8 checks where SkipUTF8 stops, for every pair of bytes after
// and before valid characters: at the first byte that starts no valid
// character, not past it, so that a caller replacing that byte goes on
// from there instead of scanning the rest of the run again (which made a
// long run of invalid bytes cost time quadratic in its length).
func TestSkipUTF8(t *testing.T) {
	for _, pre := range []string{"", "é", "€", "😀"} {
		for _, post := range []string{"", "a", "é", "\xe2\x82"} {
			for x := range 256 {
				for y := range 256 {
					data := []byte(pre + string([]byte{byte(x), byte(y)}) + post)
					gotI, gotOK := grammar.SkipUTF8(data, 0)
					wantI, wantOK := skipUTF8Ref(data, 0)
					if gotI != wantI || gotOK != wantOK {
						t.Fatalf("SkipUTF8(%q, 0) = %d, %v; want %d, %v", data, gotI, gotOK, wantI, wantOK)
					}
				}
			}
		}
	}
}

// TestAppendUnquotedInvalidRun decodes a long run of bytes that start no
// character, each of which becomes U+FFFD.
func TestAppendUnquotedInvalidRun(t *testing.T) {
	body := []byte("é")
	for range 1 << 16 {
		body = append(body, 0x9e)
	}
	body = append(body, "é"...)
	got := grammar.AppendUnquoted(nil, body)
	if n := utf8.RuneCount(got); n != 1<<16+2 || string(got[:2]) != "é" || string(got[len(got)-2:]) != "é" {
		t.Errorf("AppendUnquoted of a run of %d invalid bytes: %d characters, %q...%q", 1<<16, n, got[:5], got[len(got)-5:])
	}
	for i, r := range string(got[2 : len(got)-2]) {
		if r != utf8.RuneError {
			t.Fatalf("character at %d: %q, want U+FFFD", i, r)
		}
	}
}
