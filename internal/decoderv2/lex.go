//go:build goexperiment.jsonv2 && go1.27

package decoderv2

import (
	"bytes"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/safejson/safejson/internal/mem"
	"github.com/safejson/safejson/internal/syntax"
)

// JSON text as jsontext reads it by default: strict UTF-8, no lone
// surrogates, and every object's names distinct once unescaped. Each
// reader reports false for text jsontext rejects.

// plain marks the bytes a string holds as they are: printable ASCII other
// than '"' and '\\'.
var plain = func() (t [256]bool) {
	for c := ' '; c < utf8.RuneSelf; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

func (d *state) space() {
	if d.i < len(d.data) && d.data[d.i] <= ' ' {
		d.spaceRun()
	}
}

// spaceRun skips whitespace, taking the single space after a colon in
// indented text without a call.
func (d *state) spaceRun() {
	i := d.i
	if d.data[i] == ' ' && i+1 < len(d.data) && d.data[i+1] > ' ' {
		d.i = i + 1
		return
	}
	d.i = syntax.SkipSpace(d.data, i)
}

// peek returns the byte at d.i, or 0 at the end of the input.
func (d *state) peek() byte {
	if d.i < len(d.data) {
		return d.data[d.i]
	}
	return 0
}

// expect reports (true, true) if the value at d.i starts with c, for a
// decoder that takes such values or null. A null, which leaves the zero
// value in place, is consumed: (false, true). Anything else is (false,
// false).
func (d *state) expect(c byte) (more, ok bool) {
	switch d.peek() {
	case c:
		return true, true
	case 'n':
		return false, d.literal("null")
	}
	return false, false
}

// open enters the object or array whose opening byte is at d.i, reporting
// false past maxDepth, and whether it is empty: then its closing byte is
// consumed too.
func (d *state) open(closing byte) (empty, ok bool) {
	d.i++
	d.depth++
	d.space()
	if d.peek() == closing {
		d.i++
		d.depth--
		return true, true
	}
	return false, d.depth <= maxDepth
}

// next reads what follows a member or an element: a comma (then true,
// true), or the closing byte (then false, true).
func (d *state) next(closing byte) (more, ok bool) {
	d.space()
	switch d.peek() {
	case ',':
		d.i++
		d.space()
		return true, true
	case closing:
		d.i++
		d.depth--
		return false, true
	}
	return false, false
}

// literal consumes the literal word at d.i.
func (d *state) literal(word string) bool {
	if !bytes.HasPrefix(d.data[d.i:], []byte(word)) {
		return false
	}
	d.i += len(word)
	return true
}

// str reads the string at d.i and returns its text, which is the input's
// own bytes or, for a string with escapes, d.buf's: callers copy what they
// keep.
func (d *state) str() ([]byte, bool) {
	data := d.data
	start := d.i + 1
	i := start
	for {
		// Most strings, names above all, end within a few bytes: those
		// are read a byte at a time, longer runs by the vector scan.
		for end := min(len(data), i+16); i < end && plain[data[i]]; {
			i++
		}
		if i < len(data) && plain[data[i]] {
			if mem.VectorScan && len(data)-i >= 16 {
				i += mem.IndexDirty(mem.String(data[i:]), 0)
			}
			for i < len(data) && plain[data[i]] {
				i++
			}
		}
		if i >= len(data) {
			return nil, false
		}
		switch c := data[i]; {
		case c == '"':
			d.i = i + 1
			return data[start:i], true
		case c == '\\':
			return d.escaped(start, i)
		case c >= utf8.RuneSelf:
			var ok bool
			if i, ok = syntax.SkipUTF8(data, i); !ok {
				return nil, false
			}
		default:
			return nil, false // a control byte
		}
	}
}

// escaped finishes the string from start whose first escape is at i,
// unquoting it into d.buf.
func (d *state) escaped(start, i int) ([]byte, bool) {
	data := d.data
	b := append(d.buf[:0], data[start:i]...)
	for i < len(data) {
		c := data[i]
		switch {
		case plain[c]:
			j := i + 1
			for j < len(data) && plain[data[j]] {
				j++
			}
			b = append(b, data[i:j]...)
			i = j
		case c == '"':
			d.buf, d.i = b, i+1
			return b, true
		case c == '\\':
			if i+1 >= len(data) {
				return nil, false
			}
			if e := syntax.SimpleEscape(data[i+1]); e != 0 {
				b = append(b, e)
				i += 2
				continue
			}
			if data[i+1] != 'u' {
				return nil, false
			}
			r, n := syntax.UnicodeEscape(data[i:])
			if r < 0 || n == 6 && utf16.IsSurrogate(syntax.Hex4(data[i+2:])) {
				return nil, false // bad digits, or a lone surrogate
			}
			b = utf8.AppendRune(b, r)
			i += n
		case c >= utf8.RuneSelf:
			j, ok := syntax.SkipUTF8(data, i)
			if !ok {
				return nil, false
			}
			b = append(b, data[i:j]...)
			i = j
		default:
			return nil, false
		}
	}
	return nil, false
}

// number reads the number at d.i and returns its text, reporting false if
// it is not JSON's grammar for one.
func (d *state) number() ([]byte, bool) {
	end, ok := scanNumber(d.data, d.i)
	if !ok {
		return nil, false
	}
	lit := d.data[d.i:end]
	d.i = end
	return lit, true
}

// scanNumber returns the end of the number at data[i:].
func scanNumber(data []byte, i int) (int, bool) {
	if i < len(data) && data[i] == '-' {
		i++
	}
	switch {
	case i < len(data) && data[i] == '0':
		i++
	case i < len(data) && data[i] >= '1' && data[i] <= '9':
		i = digits(data, i+1)
	default:
		return 0, false
	}
	if i < len(data) && data[i] == '.' {
		j := digits(data, i+1)
		if j == i+1 {
			return 0, false
		}
		i = j
	}
	if i < len(data) && (data[i] == 'e' || data[i] == 'E') {
		i++
		if i < len(data) && (data[i] == '+' || data[i] == '-') {
			i++
		}
		j := digits(data, i)
		if j == i {
			return 0, false
		}
		i = j
	}
	return i, true
}

func digits(data []byte, i int) int {
	for i < len(data) && data[i] >= '0' && data[i] <= '9' {
		i++
	}
	return i
}

// skip reads past the value at d.i, checking it as jsontext does.
func (d *state) skip() bool {
	switch c := d.peek(); {
	case c == '"':
		_, ok := d.str()
		return ok
	case c == '{':
		return d.skipObject()
	case c == '[':
		empty, ok := d.open(']')
		if !ok {
			return false
		}
		if empty {
			return true
		}
		for {
			if !d.skip() {
				return false
			}
			more, ok := d.next(']')
			if !more {
				return ok
			}
		}
	case c == 't':
		return d.literal("true")
	case c == 'f':
		return d.literal("false")
	case c == 'n':
		return d.literal("null")
	default:
		_, ok := d.number()
		return ok
	}
}

func (d *state) skipObject() bool {
	empty, ok := d.open('}')
	if !ok {
		return false
	}
	if empty {
		return true
	}
	base := len(d.spans)
	for {
		if d.peek() != '"' {
			return false
		}
		name, ok := d.str()
		if !ok || !d.distinct(base, name) || !d.colon() || !d.skip() {
			return false
		}
		more, ok := d.next('}')
		if !more {
			d.dropNames(base)
			return ok
		}
	}
}

// colon reads the colon between a member's name and its value.
func (d *state) colon() bool {
	d.space()
	if d.peek() != ':' {
		return false
	}
	d.i++
	d.space()
	return true
}

// maxNames bounds the names an object here may hold outside struct fields
// and maps: each new one is compared with each before it, and an object
// with more is left to the standard library.
const maxNames = 64

// distinct records name among the names of the object whose spans start
// at base, reporting false if it is already there.
func (d *state) distinct(base int, name []byte) bool {
	if len(d.spans)-base >= maxNames {
		return false
	}
	for _, s := range d.spans[base:] {
		if bytes.Equal(d.names[s.start:s.end], name) {
			return false
		}
	}
	start := len(d.names)
	d.names = append(d.names, name...)
	d.spans = append(d.spans, span{start, len(d.names)})
	return true
}

// dropNames forgets the names of the object whose spans start at base.
func (d *state) dropNames(base int) {
	if base < len(d.spans) {
		d.names = d.names[:d.spans[base].start]
		d.spans = d.spans[:base]
	}
}
