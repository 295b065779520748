package grammar_test

import (
	"encoding/json"
	"math/rand/v2"
	"strings"
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

// bodyPieces are the pieces of string bodies that matter to scanning and
// unquoting them: every kind of escape, good and bad, surrogates alone and
// in pairs, characters of each length, bytes that start none, control
// bytes, quotes, and runs long enough for the word and block loops.
var bodyPieces = []string{"a", "bc", `\`, `\\`, `\"`, `\/`, `\n`, `\t`, `\b`, `\f`, `\r`, `\u`, `\u00e9`, `\u00E9`,
	`\ud83d`, `\ude00`, `\uD800`, `\uDC00`, `\ufffd`, `\u12`, `\x`, "u", "d8", "0", "é", "€", "😀", "\uFFFD",
	"\xff", "\xe2\x82", "\xed\xa0\x80", "\x01", "\x1f", "\x7f", `"`, strings.Repeat("z", 9),
	strings.Repeat("語", 11), "ab " + strings.Repeat("é", 20), strings.Repeat("x", 40)}

// randomBodies returns n bodies of up to eight pieces each.
func randomBodies(n int) []string {
	r := rand.New(rand.NewPCG(7, 9))
	bodies := make([]string, n)
	for k := range bodies {
		var b strings.Builder
		for range r.IntN(9) {
			b.WriteString(bodyPieces[r.IntN(len(bodyPieces))])
		}
		bodies[k] = b.String()
	}
	return bodies
}

// plainEndRef is PlainEnd one utf8.DecodeRune at a time.
func plainEndRef(src []byte, i int) int {
	for i < len(src) {
		r, size := utf8.DecodeRune(src[i:])
		if r < 0x20 || r == '"' || r == '\\' || r == utf8.RuneError && size == 1 {
			break
		}
		i += size
	}
	return i
}

// TestAppendBody holds AppendBody, loose as encoding/json reads strings,
// to encoding/json's Unmarshal of the string, from the opening quote and
// from where PlainEnd stops, as the decoders call it, and PlainEnd to its
// definition.
func TestAppendBody(t *testing.T) {
	for _, body := range randomBodies(50000) {
		text := []byte(`"` + body + `"`)
		plain := grammar.PlainEnd(text, 1)
		if want := plainEndRef(text, 1); plain != want {
			t.Fatalf("PlainEnd(%q, 1) = %d, want %d", text, plain, want)
		}
		var want string
		err := json.Unmarshal(text, &want)
		for _, i := range []int{1, plain} {
			// dst with no room past its length, and with room holding
			// bytes that must not show: AppendBody stores whole words.
			roomy := append(make([]byte, 0, i+len(text)+16), body[:i-1]...)
			copy(roomy[len(roomy):cap(roomy)], strings.Repeat("#", cap(roomy)))
			for _, dst := range [][]byte{[]byte(body[:i-1]), roomy} {
				got, end, ok := grammar.AppendBody(dst, text, i, false)
				if whole := ok && end == len(text); whole != (err == nil) || whole && string(got) != want {
					t.Fatalf("AppendBody(%q, %d) = %q, %d, %v; encoding/json: %q, %v", text, i, got, end, ok, want, err)
				}
			}
		}
	}
}
