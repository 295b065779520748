//go:build goexperiment.jsonv2 && go1.27

package wirev2

import (
	"encoding/json/jsontext"
	"strings"
	"testing"

	"github.com/safejson/safejson/internal/grammar"
)

// appendValue rewrites text whole, as a MarshalJSON method's output is.
func appendValue(text string, maxDepth int) ([]byte, bool) {
	var l Lexer
	l.Reset([]byte(text), maxDepth, 1<<10)
	l.Space()
	b, ok := l.AppendValue(nil)
	l.Space()
	return b, ok && l.I == len(l.Data)
}

// withinLimits reports whether text stays within what the lexer takes on:
// nesting up to maxDepth and objects of up to maxNames names.
func withinLimits(text string, maxDepth int) bool {
	dec := jsontext.NewDecoder(strings.NewReader(text))
	names := []int{0}
	for {
		tok, err := dec.ReadToken()
		if err != nil {
			return true
		}
		switch tok.Kind() {
		case '{', '[':
			if dec.StackDepth() > maxDepth {
				return false
			}
			names = append(names, 0)
		case '}', ']':
			names = names[:len(names)-1]
		case '"':
			if k, n := dec.StackIndex(dec.StackDepth()); k == '{' && n%2 == 1 {
				if names[len(names)-1]++; names[len(names)-1] > maxNames {
					return false
				}
			}
		}
	}
}

// checkAppendValue holds AppendValue to jsontext.AppendFormat with the
// default options, which is what WriteValue writes.
func checkAppendValue(t *testing.T, text string) {
	t.Helper()
	const maxDepth = 50
	want, err := jsontext.AppendFormat(nil, text)
	got, ok := appendValue(text, maxDepth)
	switch {
	case ok && err != nil:
		t.Errorf("AppendValue(%q) = %q, want jsontext's error %v", text, got, err)
	case ok && string(got) != string(want):
		t.Errorf("AppendValue(%q) = %q, want %q", text, got, want)
	case !ok && err == nil && withinLimits(text, maxDepth):
		t.Errorf("AppendValue(%q) failed, want %q", text, want)
	}
}

var appendValueCases = []string{
	`null`, `true`, `false`, ` 0 `, `-0`, `1.5e+10`, `1E-7`, `01`, `1.`, `-`, `.5`, `1x`,
	`""`, `"abc"`, `"a\/b"`, `"\u0041\u00e9"`, `"\ud83d\ude00"`, `"\ud800"`, `"\udc00x"`,
	`"\u2028 \u2029"`, "\"\u2028\"", `"\b\f\n\r\t\"\\"`, `"\u0000\u001f\u007f"`, "\"\x7f\"",
	"\"\xff\"", "\"a\tb\"", `"\x"`, `"`, `"abc`, `"\u12"`, `"\uZZZZ"`,
	`{}`, `[]`, ` { "a" : 1 , "b" : [ 1 , 2 ] } `, `{"a":1,"a":2}`, `{"a":1,"\u0061":2}`,
	`{"a":{"a":1},"b":{"a":1}}`, `{"a":1,}`, `[1,]`, `[1 2]`, `{"a" 1}`, `{1:2}`, `{"a":1}}`,
	`[[[[[[[[[[]]]]]]]]]]`, `[1]x`, ``, ` `, `{"\ud800":1}`, "{\"\xff\":1}",
	`{"é":"\u00e9","\u00e9\u00e8":true}`, `[0,-1,1.25,-0.0,1e400]`,
}

func TestAppendValue(t *testing.T) {
	for _, text := range appendValueCases {
		checkAppendValue(t, text)
	}
	// Objects at the limit of the names tracked, and past it; nesting at
	// the depth limit and past it.
	var obj strings.Builder
	obj.WriteString("{")
	for i := range maxNames + 1 {
		if i > 0 {
			obj.WriteString(",")
		}
		obj.WriteString(`"` + strings.Repeat("k", i+1) + `":0`)
	}
	obj.WriteString("}")
	checkAppendValue(t, obj.String())
	checkAppendValue(t, strings.Repeat("[", 50)+strings.Repeat("]", 50))
	checkAppendValue(t, strings.Repeat("[", 51)+strings.Repeat("]", 51))
	// An empty array or object opens no level to read inside it.
	if _, ok := appendValue(strings.Repeat("[", 52)+strings.Repeat("]", 52), 50); ok {
		t.Error("AppendValue took nesting past MaxDepth")
	}
}

func TestAppendQuote(t *testing.T) {
	for _, s := range []string{"", "abc", "a\"b\\c", "\x00\x01\x1f\x7f", "é\u2028\u2029😀", "\xff", "a\xedb",
		strings.Repeat("long clean text ", 8), strings.Repeat("é<>&", 20) + "\n", strings.Repeat("x", 40) + "\xc3"} {
		want, err := jsontext.AppendQuote(nil, s)
		got, ok := AppendQuote(nil, s)
		if ok != (err == nil) || ok && string(got) != string(want) {
			t.Errorf("AppendQuote(%q) = %q, %v; want %q, %v", s, got, ok, want, err)
		}
	}
}

// TestAppendQuoteInPlace holds AppendQuote, with room for the word
// stores after the text it appends to and without, to jsontext's quoting
// of strings of every length up to 40 with any byte at any place, with a
// two-byte rune across the words, and with both.
func TestAppendQuoteInPlace(t *testing.T) {
	check := func(s string) {
		t.Helper()
		want, err := jsontext.AppendQuote([]byte("pre"), s)
		for _, room := range []int{0, 40} {
			dst := append(make([]byte, 0, 3+len(s)+room), "pre"...)
			got, ok := AppendQuote(dst, s)
			if ok != (err == nil) || ok && string(got) != string(want) {
				t.Fatalf("AppendQuote(%q, %q) with %d bytes of room = %q, %v; want %q, %v", "pre", s, room, got, ok, want, err)
			}
		}
	}
	for n := range 41 {
		clean := strings.Repeat("x", n)
		check(clean)
		for i := range n {
			for c := range 256 {
				check(clean[:i] + string([]byte{byte(c)}) + clean[i+1:])
			}
			if i+1 < n {
				check(clean[:i] + "é" + clean[i+2:])
			}
		}
	}
	// A string with a rune outside ASCII takes the block copy, which must
	// hand back at any byte that v2 writes otherwise.
	for n := 4; n < 41; n++ {
		for i := range n - 1 {
			withRune := strings.Repeat("x", i) + "é" + strings.Repeat("x", n-i-2)
			for j := range n {
				if j == i || j == i+1 {
					continue
				}
				for c := range 256 {
					check(withRune[:j] + string([]byte{byte(c)}) + withRune[j+1:])
				}
			}
		}
	}
}

func FuzzAppendValue(f *testing.F) {
	for _, text := range appendValueCases {
		f.Add(text)
	}
	f.Fuzz(func(t *testing.T, text string) {
		checkAppendValue(t, text)
		want, err := jsontext.AppendQuote(nil, text)
		got, ok := AppendQuote(nil, text)
		if ok != (err == nil) || ok && string(got) != string(want) {
			t.Errorf("AppendQuote(%q) = %q, %v; want %q, %v", text, got, ok, want, err)
		}
		// With room after the text, for the word stores of short strings.
		got, ok = AppendQuote(append(make([]byte, 0, len(text)+40), "pre"...), text)
		if ok != (err == nil) || ok && string(got) != "pre"+string(want) {
			t.Errorf("AppendQuote(%q, %q) with room = %q, %v; want pre%q, %v", "pre", text, got, ok, want, err)
		}
	})
}

// TestStrIsShort holds the two-word comparison of short names to StrIs,
// with the input's end at every distance from the name.
func TestStrIsShort(t *testing.T) {
	for _, name := range []string{"", "a", "id", "name", "abcdefgh", "abcdefghi", "0123456789abcde", "é", "a\tb"} {
		sn, ok := grammar.ShortNameOf(name)
		if !ok {
			t.Fatalf("grammar.ShortNameOf(%q) failed", name)
		}
		for _, text := range []string{`"` + name + `"`, `"` + name + `":1`, `"` + name + `x":1`, `"` + name + `",` + strings.Repeat(" ", 20),
			`"` + name, `"x` + name + `"`, `"` + name + `\"":1`} {
			for pad := range 20 {
				in := text + strings.Repeat(" ", pad)
				var a, b Lexer
				a.Reset([]byte(in), 10, 0)
				b.Reset([]byte(in), 10, 0)
				if got, want := a.StrIsShort(&sn), b.StrIs(name); got != want || a.I != b.I {
					t.Errorf("StrIsShort(%q) on %q = %v at %d; StrIs %v at %d", name, in, got, a.I, want, b.I)
				}
			}
		}
	}
	if _, ok := grammar.ShortNameOf("0123456789abcdef"); ok {
		t.Error("ShortNameOf took 16 bytes")
	}
}
