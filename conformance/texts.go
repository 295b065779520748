package conformance

import (
	"bytes"
	"math"
	"math/rand"
	"strconv"
)

// textGen writes random JSON texts.
type textGen struct {
	r    *rand.Rand
	size int
}

// text is a valid JSON text with random whitespace.
func (g textGen) text() []byte {
	return g.appendValue(nil, 1+g.size/6)
}

// anyText is valid, almost valid or random, in equal shares.
func (g textGen) anyText() []byte {
	switch g.r.Intn(3) {
	case 0:
		return g.text()
	case 1:
		return g.mutate(g.text())
	}
	return g.randomBytes()
}

func (g textGen) ws(b []byte) []byte {
	if g.r.Intn(3) > 0 {
		return b
	}
	for n := g.r.Intn(3) + 1; n > 0; n-- {
		b = append(b, " \t\r\n"[g.r.Intn(4)])
	}
	return b
}

func (g textGen) appendValue(b []byte, depth int) []byte {
	r := g.r
	b = g.ws(b)
	k := r.Intn(10)
	if depth <= 0 && k >= 7 {
		k = r.Intn(7)
	}
	switch k {
	case 0:
		b = append(b, []string{"null", "true", "false"}[r.Intn(3)]...)
	case 1, 2:
		b = append(b, formatNumberLike(r)...)
	case 3:
		f := randFloat64(r)
		if math.IsNaN(f) || math.IsInf(f, 0) {
			f = 0
		}
		b = strconv.AppendFloat(b, f, 'g', -1, 64)
	case 4, 5, 6:
		b = g.appendString(b)
	case 7, 8:
		b = append(b, '{')
		for i := range r.Intn(5) {
			if i > 0 {
				b = append(g.ws(b), ',')
			}
			b = g.appendString(g.ws(b))
			b = append(g.ws(b), ':')
			b = g.appendValue(b, depth-1)
		}
		b = append(g.ws(b), '}')
	default:
		b = append(b, '[')
		for i := range r.Intn(5) {
			if i > 0 {
				b = append(g.ws(b), ',')
			}
			b = g.appendValue(b, depth-1)
		}
		b = append(g.ws(b), ']')
	}
	return g.ws(b)
}

// appendString writes a JSON string with raw hostile characters and every
// kind of escape, including surrogate pairs and lone surrogates.
func (g textGen) appendString(b []byte) []byte {
	r := g.r
	b = append(b, '"')
	if r.Intn(4) == 0 {
		pool := []string{"a", "b", "x", "X", "A", "Name", "ID", "B", "y", "EmbA", "L", "x\\u0041"}
		return append(append(b, pool[r.Intn(len(pool))]...), '"')
	}
	escapes := []string{`\"`, `\\`, `\/`, `\b`, `\f`, `\n`, `\r`, `\t`, `\u0041`, `\u00e9`, `\u2028`, `\ud83d\ude00`, `\ud800`, `\udc00x`, `\uDEAD`, `\u003c/script>`}
	for n := r.Intn(g.size/2 + 3); n > 0; n-- {
		switch r.Intn(3) {
		case 0:
			b = append(b, escapes[r.Intn(len(escapes))]...)
		default:
			for _, c := range []byte(randString(r, 4)) {
				switch {
				case c == '"' || c == '\\':
					b = append(b, '\\', c)
				case c < 0x20:
					b = append(b, `\u00`...)
					b = append(b, "0123456789abcdef"[c>>4], "0123456789abcdef"[c&15])
				default:
					b = append(b, c)
				}
			}
		}
	}
	return append(b, '"')
}

// mutate breaks a valid text in one of the ways a hand-edited or truncated
// document breaks.
func (g textGen) mutate(b []byte) []byte {
	r := g.r
	for n := 1 + r.Intn(2); n > 0; n-- {
		i := 0
		if len(b) > 0 {
			i = r.Intn(len(b) + 1)
		}
		switch r.Intn(8) {
		case 0:
			b = b[:i]
		case 1:
			if i < len(b) {
				b = append(b[:i:i], b[i+1:]...)
			}
		case 2:
			const junk = "{}[],:\"\\ 0-e.tfn\x00\xff"
			b = append(b[:i:i], append([]byte{junk[r.Intn(len(junk))]}, b[i:]...)...)
		case 3:
			if i < len(b) {
				b[i] = byte(r.Intn(256))
			}
		case 4:
			b = append(b, []string{" x", ",", "}", "]", "1", " \"", "null", "\x00"}[r.Intn(8)]...)
		case 5:
			if r.Intn(4) == 0 {
				b = append(bytes.Repeat([]byte("["), 9999+r.Intn(3)), b...)
			}
		case 6:
			b = append([]byte(`{"a":`), b...)
		default:
			b = append(b[:i:i], append([]byte("\"\\u00"), b[i:]...)...)
		}
	}
	return b
}

// randomBytes is mostly JSON punctuation and literal fragments, so that it
// gets past the first byte now and then.
func (g textGen) randomBytes() []byte {
	r := g.r
	var b []byte
	alphabet := []string{"{", "}", "[", "]", ",", ":", "\"", "\\", " ", "0", "1", "-", ".", "e", "true", "null", "fals", "\"a\"", "\xff", "\u2028"}
	for n := r.Intn(2*g.size + 2); n > 0; n-- {
		if r.Intn(6) == 0 {
			b = append(b, byte(r.Intn(256)))
		} else {
			b = append(b, alphabet[r.Intn(len(alphabet))]...)
		}
	}
	return b
}
