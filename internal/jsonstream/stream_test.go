package jsonstream

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/safejson/safejson/internal/corpus"
	"github.com/safejson/safejson/internal/escape"
	"github.com/safejson/safejson/internal/syntax"
)

// oracleString writes s as encoding/json writes a Go string in mode m
// (Script: its HTML-mode text with every '/' escaped).
func oracleString(s string, m escape.Mode) []byte {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(m != escape.Plain)
	enc.Encode(s)
	b := bytes.TrimSuffix(buf.Bytes(), []byte("\n"))
	if m == escape.Script {
		b = bytes.ReplaceAll(b, []byte("/"), []byte(`\/`))
	}
	return b
}

// oracle re-encodes src with encoding/json's Decoder.Token, which keeps key
// order and (with UseNumber) numbers as written, then Indent.
func oracle(src []byte, o Options) ([]byte, error) {
	dec := json.NewDecoder(bytes.NewReader(src))
	dec.UseNumber()
	var out, value []byte
	type level struct {
		object bool
		n      int
	}
	var stack []level
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			return out, err
		}
		if d, ok := tok.(json.Delim); ok && (d == '}' || d == ']') {
			stack = stack[:len(stack)-1]
			value = append(value, byte(d))
		} else {
			if len(stack) > 0 {
				top := &stack[len(stack)-1]
				switch {
				case top.object && top.n%2 == 1:
					value = append(value, ':')
				case top.n > 0:
					value = append(value, ',')
				}
				top.n++
			}
			switch t := tok.(type) {
			case json.Delim:
				stack = append(stack, level{object: t == '{'})
				value = append(value, byte(t))
			case string:
				value = append(value, oracleString(t, o.Escape)...)
			case json.Number:
				value = append(value, t...)
			case bool:
				value = fmt.Append(value, t)
			case nil:
				value = append(value, "null"...)
			}
		}
		if len(stack) == 0 {
			if o.Indented {
				var buf bytes.Buffer
				if err := json.Indent(&buf, value, o.Prefix, o.Indent); err != nil {
					return out, err
				}
				value = buf.Bytes()
			}
			out = append(append(out, value...), '\n')
			value = nil
		}
	}
}

var optionSets = []Options{
	{Escape: escape.HTML},
	{Escape: escape.Plain},
	{Escape: escape.Script},
	{Escape: escape.HTML, Indented: true, Indent: "\t"},
	{Escape: escape.Script, Indented: true, Prefix: ">", Indent: "  "},
}

func reencode(t *testing.T, src []byte, o Options, oneByte bool) ([]byte, error) {
	t.Helper()
	var r io.Reader = bytes.NewReader(src)
	if oneByte {
		r = iotest.OneByteReader(r)
	}
	var out bytes.Buffer
	err := Reencode(&out, r, o)
	return out.Bytes(), err
}

// checkValid compares Reencode with the oracle on valid src.
func checkValid(t *testing.T, src []byte) {
	t.Helper()
	for _, o := range optionSets {
		want, err := oracle(src, o)
		if err != nil {
			t.Fatalf("oracle(%.100q): %v", src, err)
		}
		for _, oneByte := range []bool{false, true} {
			if oneByte && len(src) > 1<<16 {
				continue
			}
			got, err := reencode(t, src, o, oneByte)
			if err != nil || !bytes.Equal(got, want) {
				t.Fatalf("Reencode(%.100q, %+v, oneByte=%v):\n got %.300q, %v\nwant %.300q", src, o, oneByte, got, err, want)
			}
		}
	}
	if got, want := Check(bytes.NewReader(src)), wantCheck(src); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("Check(%.100q) = %v, want %v", src, got, want)
	}
}

// wantCheck is the first hazard syntax.CheckScript finds in each value of
// a valid stream, at its offset in the stream.
func wantCheck(src []byte) error {
	dec := json.NewDecoder(bytes.NewReader(src))
	for {
		start := dec.InputOffset()
		var raw json.RawMessage
		if err := dec.Decode(&raw); err == io.EOF {
			return nil
		} else if err != nil {
			return err
		}
		// InputOffset before Decode may sit before whitespace.
		start += int64(len(src[start:]) - len(bytes.TrimLeft(src[start:], " \t\r\n")))
		if err := syntax.CheckScript(src[start:dec.InputOffset()]); err != nil {
			h := err.(*syntax.Hazard)
			return &syntax.Hazard{Offset: start + h.Offset, What: h.What}
		}
	}
}

func TestCorpora(t *testing.T) {
	for _, name := range corpusNames() {
		src, err := corpus.Load(name)
		if err != nil {
			t.Fatal(err)
		}
		checkValid(t, src)
	}
}

func TestHandwritten(t *testing.T) {
	for _, s := range []string{
		`{}`, `[]`, `{"a":[]}`, ` [ 1 , { } , [ ] ] `, `"\u0041\ud83d\ude00\ud800x\udc00\/"`,
		`{"b":1,"a":2,"b":3}`, `1 2 "x" {} []`, `{}{}`, `truefalse null`, `-0.5e+10 0 1E3`,
		"\"a\xffb\u2028</script>\"", `{"</k>":"<!--"}`, `"\ud83d\u0041"`, `"\"\\\b\f\n\r\t"`,
		"\"" + strings.Repeat("é/", 5000) + "\"", "[" + strings.Repeat("[", 500) + strings.Repeat("]", 500) + "]",
	} {
		checkValid(t, []byte(s))
	}
}

func TestRandomStreams(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for i := 0; i < 300; i++ {
		var src []byte
		for range 1 + r.IntN(3) {
			src = append(src, randomValue(r, 0)...)
			src = append(src, " \n\t"[r.IntN(3)])
		}
		checkValid(t, src)
	}
}

func randomValue(r *rand.Rand, depth int) []byte {
	pieces := []string{"a", "/", "<", "é", "\u2028", "\xff", `\n`, `\u00e9`, `\ud83d\ude00`, `\/`, " ", "\\\\"}
	switch k := r.IntN(8); {
	case k < 2 && depth < 4:
		b := []byte{'['}
		for i := range r.IntN(4) {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, randomValue(r, depth+1)...)
		}
		return append(b, ']')
	case k < 4 && depth < 4:
		b := []byte{'{'}
		for i := range r.IntN(4) {
			if i > 0 {
				b = append(b, ',', ' ')
			}
			b = append(b, randomValue(r, 9)...)
			b = append(b, ':')
			b = append(b, randomValue(r, depth+1)...)
		}
		return append(b, '}')
	case k < 6 || depth == 9:
		b := []byte{'"'}
		for range r.IntN(6) {
			b = append(b, pieces[r.IntN(len(pieces))]...)
		}
		return append(b, '"')
	}
	return []byte([]string{"0", "-1.5", "1e400", "true", "null", "123456789012345678901234567890"}[r.IntN(6)])
}

// TestErrors compares error messages and offsets with json.Unmarshal for
// inputs whose first value is invalid (a stream reads on past a complete
// value, where Unmarshal reports "after top-level value").
func TestErrors(t *testing.T) {
	cases := []string{
		``, ` `, `[`, `[1,`, `[1,]`, `[1 2]`, `{`, `{"a"`, `{"a" 1}`, `{"a":1 "b":2}`, `{1}`, `{,}`,
		`tru`, `trux`, `nul`, `-`, `-x`, `1.`, `1.x`, `1e`, `1e+`, `[01]`, `"abc`, "\"a\x01\"", `"\x"`,
		`"\u12"`, `"\u12x4"`, `"\`, `x`, `]`, `{"a":}`, `[1,2}`, `{"a":1]`,
		"[1\u00e9]", "nul\u00e9", "tr\xc3", "\"a\xe2\x80", "[\x80]", "{\"a\":1\U0001F600}", `"\u1x`, `"a\q"`, `[0.`, `{"a":1e+`,
		strings.Repeat("[", 10001), strings.Repeat("[", 10000) + strings.Repeat("]", 10000),
	}
	for _, src := range cases {
		wantErr := json.Unmarshal([]byte(src), new(json.RawMessage))
		for _, oneByte := range []bool{false, true} {
			_, err := reencode(t, []byte(src), Options{Escape: escape.HTML}, oneByte)
			if src == "" || src == " " {
				if err != nil {
					t.Errorf("Reencode(%q) = %v, want nil for an empty stream", src, err)
				}
				continue
			}
			var se, wse *json.SyntaxError
			if wantErr == nil {
				if err != nil {
					t.Errorf("Reencode(%.40q) = %v, want nil", src, err)
				}
				continue
			}
			if !errors.As(err, &se) || !errors.As(wantErr, &wse) || se.Error() != wse.Error() || se.Offset != wse.Offset {
				t.Errorf("Reencode(%.40q, oneByte=%v) error %v (offset %v), want %v (offset %d)", src, oneByte, err, offsetOf(err), wantErr, wse.Offset)
			}
			if cerr := Check(strings.NewReader(src)); fmt.Sprint(cerr) != fmt.Sprint(err) {
				t.Errorf("Check(%.40q) = %v, want %v", src, cerr, err)
			}
		}
	}
}

func offsetOf(err error) any {
	var se *json.SyntaxError
	if errors.As(err, &se) {
		return se.Offset
	}
	return "none"
}

func TestReadErrorsPass(t *testing.T) {
	boom := errors.New("boom")
	err := Reencode(io.Discard, io.MultiReader(strings.NewReader(`[1,`), iotest.ErrReader(boom)), Options{})
	if err != boom {
		t.Errorf("Reencode on a failing reader = %v, want %v", err, boom)
	}
}

// generated is an endless-looking input produced on the fly: n copies of a
// record inside one array, so the stream is one huge value.
type generated struct {
	n, i   int
	record []byte
	buf    []byte
}

func (g *generated) Read(p []byte) (int, error) {
	if len(g.buf) == 0 {
		switch {
		case g.i == 0:
			g.buf = []byte("[")
		case g.i <= g.n:
			g.buf = g.record
			if g.i > 1 {
				g.buf = append([]byte(","), g.record...)
			}
		case g.i == g.n+1:
			g.buf = []byte("]")
		default:
			return 0, io.EOF
		}
		g.i++
	}
	n := copy(p, g.buf)
	g.buf = g.buf[n:]
	return n, nil
}

func TestMemoryIsBoundedByTheLargestToken(t *testing.T) {
	record := []byte(`{"id":12345,"text":"` + strings.Repeat("a</b> é ", 20) + `","tags":["x","y"]}`)
	long := `"` + strings.Repeat("z", 1<<20) + `"`
	n := 100000
	if testing.Short() {
		n = 10000
	}
	src := io.MultiReader(&generated{n: n, record: record}, strings.NewReader(long))
	p := parser{r: newReader(src), w: io.Discard, o: Options{Escape: escape.Script, Indented: true, Indent: "  "}}
	if err := p.run(); err != nil {
		t.Fatal(err)
	}
	// About 20 MB went through (2 MB with -short); the window holds at most the 1 MB string
	// twice over, and the output buffer one flush plus that string.
	if n := cap(p.r.buf); n > 4<<20 {
		t.Errorf("input window grew to %d bytes", n)
	}
	if n := cap(p.out); n > 4<<20 {
		t.Errorf("output buffer grew to %d bytes", n)
	}
}

func FuzzReencode(f *testing.F) {
	f.Add([]byte(`{"a":[1,"</b>",{"c":null}]} 2`))
	f.Add([]byte("\"\xff\u2028\\ud800\""))
	f.Add([]byte(`[1,]`))
	f.Fuzz(func(t *testing.T, src []byte) {
		if json.Unmarshal(src, new(json.RawMessage)) != nil {
			// Only the first value's errors have an oracle; just make sure
			// nothing panics or hangs.
			reencode(t, src, optionSets[0], false)
			Check(bytes.NewReader(src))
			return
		}
		checkValid(t, src)
	})
}

// corpusNames is every corpus, or in -short mode (CI's -race run) one.
func corpusNames() []string {
	if testing.Short() {
		return []string{"twitter_status"}
	}
	return corpus.Names()
}
