package safe_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/safejson/safejson/internal/corpus"
	"github.com/safejson/safejson/internal/jsontest"
	"github.com/safejson/safejson/internal/semantics"
	"github.com/safejson/safejson/safe"
)

var hostile = []string{
	"</script><script>alert(1)</script>", "<!--<script>", "\u2028\u2029", "bad\xffutf8\xe2\x80",
	"]]>", "</SCRIPT ", "a/b", `back\slash/`, "&amp;",
}

func TestMarshalIsEncodingJSONWithSlashesEscaped(t *testing.T) {
	vs := []any{hostile, map[string]string{"</k>": "/"}}
	for _, name := range corpusNames() {
		v, err := corpus.DecodeTyped(name)
		if err != nil {
			continue
		}
		vs = append(vs, v)
		a, err := corpus.DecodeAny(name)
		if err != nil {
			t.Fatal(err)
		}
		vs = append(vs, a)
	}
	for _, v := range vs {
		std, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		want := bytes.ReplaceAll(std, []byte("/"), []byte(`\/`))
		got, err := safe.Marshal(v)
		if err != nil || !bytes.Equal(asEncodingJSON(got), want) {
			t.Fatalf("Marshal(%.60v) = %.200q, %v; want %.200q", v, got, err, want)
		}
		// Escaping encoding/json's output gives the same text, and the
		// result is already safe.
		if esc, err := safe.Escape(nil, std); err != nil || !bytes.Equal(esc, want) {
			t.Fatalf("Escape(json.Marshal(%.60v)) = %.200q, %v; want %.200q", v, esc, err, want)
		}
		if err := safe.Check(got); err != nil {
			t.Fatalf("Check(Marshal(%.60v)) = %v", v, err)
		}
		var buf bytes.Buffer
		if err := safe.NewEncoder(&buf).Encode(v); err != nil || string(asEncodingJSON(buf.Bytes())) != string(want)+"\n" {
			t.Fatalf("Encoder(%.60v) = %.200q, %v", v, buf.Bytes(), err)
		}
		if app, err := safe.AppendMarshal([]byte("x"), v); err != nil || string(asEncodingJSON(app)) != "x"+string(want) {
			t.Fatalf("AppendMarshal(%.60v) = %.200q, %v", v, app, err)
		}
	}
}

// asEncodingJSON undoes, in script-safe output, the one escape that the
// running encoding/json does not write: Go 1.27 writes each byte of invalid
// UTF-8 as a raw U+FFFD, where ScriptSafe keeps writing \ufffd (as Go 1.26
// does). The encoder writes that escape for nothing else: a real U+FFFD
// stays raw.
func asEncodingJSON(b []byte) []byte {
	if !semantics.OnV2 {
		return b
	}
	return jsontest.RawReplacement(b)
}

func TestEscapeErrorsAreEncodingJSONs(t *testing.T) {
	for _, src := range []string{``, `{`, `{"a":}`, `[1,]`, `"\x"`, "\"\x01\"", `1 2`, `"</script>" x`,
		`"\u12"`, `"ab\`, `[1.`, "[1\u00e9]", "\"x\" \xff"} {
		var v any
		wantErr := json.Unmarshal([]byte(src), &v)
		got, err := safe.Escape([]byte("dst"), []byte(src))
		var se, wantSE *json.SyntaxError
		if !errors.As(err, &se) || !errors.As(wantErr, &wantSE) || se.Error() != wantSE.Error() || se.Offset != wantSE.Offset {
			t.Errorf("Escape(%q) error %v, want %v", src, err, wantErr)
		}
		if string(got) != "dst" {
			t.Errorf("Escape(%q) changed dst to %q", src, got)
		}
		if cerr := safe.Check([]byte(src)); !errors.As(cerr, &se) && !strings.HasPrefix(src, `"</`) {
			t.Errorf("Check(%q) = %v, want a syntax error", src, cerr)
		}
	}
}

func TestCheckNamesTheFirstHazard(t *testing.T) {
	cases := []struct {
		src    string
		offset int64
		what   string
	}{
		{`{"a":"x</script>"}`, 7, "unescaped HTML character"},
		{`["ok","a/b"]`, 8, "unescaped '/'"},
		{"[\"\u2028\"]", 2, "raw line or paragraph separator"},
		{"\"\xff\"", 1, "invalid UTF-8"},
		{`{"</k>":1}`, 2, "unescaped HTML character"},
	}
	for _, c := range cases {
		err := safe.Check([]byte(c.src))
		var h *safe.Hazard
		if !errors.As(err, &h) || h.Offset != c.offset || h.What != c.what {
			t.Errorf("Check(%q) = %v, want %s at offset %d", c.src, err, c.what, c.offset)
		}
	}
	for _, ok := range []string{`{"a":"\u003c\/script\u003e"}`, `[1, true, null, "\\\/"]`, "\"日本\""} {
		if err := safe.Check([]byte(ok)); err != nil {
			t.Errorf("Check(%q) = %v, want nil", ok, err)
		}
	}
}

func TestEscapeIsIdempotentAndKeepsWhitespace(t *testing.T) {
	src := []byte("{\n  \"a\": \"</b>\",\n  \"c\": [\"\u2028\", \"\xff\"]\n}\n")
	once, err := safe.Escape(nil, src)
	if err != nil {
		t.Fatal(err)
	}
	want := "{\n  \"a\": \"\\u003c\\/b\\u003e\",\n  \"c\": [\"\\u2028\", \"\\ufffd\"]\n}\n"
	if string(once) != want {
		t.Errorf("Escape = %q, want %q", once, want)
	}
	twice, err := safe.Escape(nil, once)
	if err != nil || !bytes.Equal(once, twice) {
		t.Errorf("Escape again = %q, %v", twice, err)
	}
}

func TestTemplateHelpers(t *testing.T) {
	js, err := safe.JS(map[string]string{"x": "</script>"})
	if want := `{"x":"\u003c\/script\u003e"}`; err != nil || string(js) != want {
		t.Errorf("JS = %q, %v; want %q", js, err, want)
	}
	block, err := safe.DataBlock(`a"b`, []int{1})
	if want := `<script type="application/json" id="a&#34;b">[1]</script>`; err != nil || string(block) != want {
		t.Errorf("DataBlock = %q, %v; want %q", block, err, want)
	}
	if _, err := safe.JS(make(chan int)); err == nil {
		t.Error("JS of a channel did not fail")
	}
	if _, err := safe.DataBlock("x", make(chan int)); err == nil {
		t.Error("DataBlock of a channel did not fail")
	}
}

func FuzzEscape(f *testing.F) {
	f.Add([]byte(`{"a":"</script>","b":["\u2028","\/",1]}`))
	f.Add([]byte("[\"\xff\xe2\x80\xa9<!--\"]"))
	f.Add([]byte(`{"a" : }`))
	f.Fuzz(func(t *testing.T, src []byte) {
		out, err := safe.Escape(nil, src)
		var v any
		dec := json.NewDecoder(bytes.NewReader(src))
		dec.UseNumber()
		validErr := json.Unmarshal(src, new(json.RawMessage))
		if validErr != nil {
			if err == nil || err.Error() != validErr.Error() {
				t.Fatalf("Escape(%q) error %v, want %v", src, err, validErr)
			}
			return
		}
		if err != nil {
			t.Fatalf("Escape(%q): %v", src, err)
		}
		if err := safe.Check(out); err != nil {
			t.Fatalf("Check(Escape(%q)) = %v", src, err)
		}
		again, err := safe.Escape(nil, out)
		if err != nil || !bytes.Equal(again, out) {
			t.Fatalf("Escape not idempotent on %q: %q, %v", out, again, err)
		}
		if err := dec.Decode(&v); err != nil {
			t.Fatal(err)
		}
		var w any
		dec = json.NewDecoder(bytes.NewReader(out))
		dec.UseNumber()
		if err := dec.Decode(&w); err != nil {
			t.Fatal(err)
		}
		a, _ := json.Marshal(v)
		b, _ := json.Marshal(w)
		if !bytes.Equal(a, b) {
			t.Fatalf("Escape(%q) = %q decodes differently", src, out)
		}
	})
}

// corpusNames is every corpus, or in -short mode (CI's -race run) one.
func corpusNames() []string {
	if testing.Short() {
		return []string{"twitter_status"}
	}
	return corpus.Names()
}
