// Package wirev2 reads and writes JSON text as encoding/json/jsontext does
// with its default options: strict UTF-8, no lone surrogates, every
// object's names distinct once unescaped, and strings written with the
// fewest escapes. compat/v2's decoder reads its input with a [Lexer]; its
// encoder quotes strings with [AppendQuote] and rewrites the text of
// MarshalJSON methods with [Lexer.AppendValue], as jsontext's WriteValue
// does.
//
// Each reader reports false for text jsontext rejects, and for text nested
// deeper than the lexer's MaxDepth or objects with more than maxNames
// names that no caller tracks: callers leave such text to the standard
// library.
package wirev2

import (
	"bytes"
	"unicode/utf8"

	"github.com/safejson/safejson/internal/grammar"
	"github.com/safejson/safejson/internal/numparse"
	"github.com/safejson/safejson/internal/semantics"
)

// Lexer is a position in a JSON text and the scratch space for reading it.
type Lexer struct {
	Data []byte
	I    int
	// Depth counts the objects and arrays open at I; Open reports false
	// when it would pass MaxDepth.
	Depth, MaxDepth int
	// Buf holds the text of the last string read that had escapes.
	Buf []byte
	// names holds the member names an object must not repeat (see
	// Distinct); spans indexes it, and each open object owns the spans
	// from its base on.
	names []byte
	spans []span
}

type span struct{ start, end int }

// Reset readies l to read data from its start, keeping its scratch space
// (up to keep bytes of each buffer).
func (l *Lexer) Reset(data []byte, maxDepth, keep int) {
	l.Data, l.I, l.Depth, l.MaxDepth = data, 0, 0, maxDepth
	if cap(l.Buf) > keep {
		l.Buf = nil
	}
	if cap(l.names) > keep {
		l.names = nil
	}
	l.Buf, l.names, l.spans = l.Buf[:0], l.names[:0], l.spans[:0]
}

// Space skips whitespace.
func (l *Lexer) Space() {
	if l.I < len(l.Data) && l.Data[l.I] <= ' ' {
		l.spaceRun()
	}
}

// spaceRun skips whitespace, taking the single space after a colon in
// indented text without a call.
func (l *Lexer) spaceRun() {
	i := l.I
	if l.Data[i] == ' ' && i+1 < len(l.Data) && l.Data[i+1] > ' ' {
		l.I = i + 1
		return
	}
	l.I = grammar.SkipSpace(l.Data, i)
}

// Peek returns the byte at I, or 0 at the end of the input.
func (l *Lexer) Peek() byte {
	if l.I < len(l.Data) {
		return l.Data[l.I]
	}
	return 0
}

// Expect reports (true, true) if the value at I starts with c, for a
// reader that takes such values or null. A null is consumed: (false,
// true). Anything else is (false, false).
func (l *Lexer) Expect(c byte) (more, ok bool) {
	switch l.Peek() {
	case c:
		return true, true
	case 'n':
		return false, l.Literal()
	}
	return false, false
}

// Open enters the object or array whose opening byte is at I, reporting
// false past MaxDepth, and whether it is empty: then its closing byte is
// consumed too.
func (l *Lexer) Open(closing byte) (empty, ok bool) {
	l.I++
	l.Depth++
	l.Space()
	if l.Peek() == closing {
		l.I++
		l.Depth--
		return true, true
	}
	return false, l.Depth <= l.MaxDepth
}

// Next reads what follows a member or an element: a comma (then true,
// true), or the closing byte (then false, true).
func (l *Lexer) Next(closing byte) (more, ok bool) {
	l.Space()
	switch l.Peek() {
	case ',':
		l.I++
		l.Space()
		return true, true
	case closing:
		l.I++
		l.Depth--
		return false, true
	}
	return false, false
}

// Literal consumes the literal true, false or null at I, whose first byte
// the caller has seen.
func (l *Lexer) Literal() bool {
	kind, end := grammar.Literal(l.Data, l.I)
	if kind == 0 {
		return false
	}
	l.I = end
	return true
}

// Str reads the string at I and returns its text, which is the input's
// own bytes or, for a string with escapes, Buf's: callers copy what they
// keep.
func (l *Lexer) Str() ([]byte, bool) {
	data := l.Data
	start := l.I + 1
	// Most strings are ASCII: PlainASCIIRun reads them with no call
	// further.
	i := start + grammar.PlainASCIIRun(data, start)
	if i < len(data) && data[i] >= utf8.RuneSelf {
		i = grammar.PlainEnd(data, i)
	}
	if i < len(data) && data[i] == '"' {
		l.I = i + 1
		return data[start:i], true
	}
	b, end, ok := grammar.AppendBody(append(l.Buf[:0], data[start:i]...), data, i, true)
	if !ok {
		return nil, false
	}
	l.Buf, l.I = b, end
	return b, true
}

// StrIs consumes the string at I if it is s written as it is, which must
// be a whole plain body (grammar.PlainEnd reads all of it): the common case
// of a member name, checked without reading the string byte by byte.
func (l *Lexer) StrIs(s string) bool {
	i, end := l.I+1, l.I+1+len(s)
	if end < len(l.Data) && l.Data[end] == '"' && string(l.Data[i:end]) == s {
		l.I = end + 1
		return true
	}
	return false
}

// StrIsShort is StrIs for a ShortName: where the input has 16 bytes after
// the opening quote, the name and its quote are compared as two words.
func (l *Lexer) StrIsShort(sn *grammar.ShortName) bool {
	i := l.I + 1
	if len(l.Data)-i < 16 {
		return l.StrIs(sn.Name())
	}
	if !sn.At((*[16]byte)(l.Data[i:])) {
		return false
	}
	l.I = i + len(sn.Name()) + 1
	return true
}

// Float reads the number at I as a float64 if numparse.Float can, and
// otherwise reports false and consumes nothing. It is small enough to be
// inlined: the loops of arrays of floats call it for each element.
func (l *Lexer) Float() (f float64, ok bool) {
	var end int
	if f, end, ok = numparse.Float(l.Data, l.I); ok {
		l.I = end
	}
	return
}

// Number reads the number at I and returns its text, reporting false if
// it is not JSON's grammar for one.
func (l *Lexer) Number() ([]byte, bool) {
	end, fail := grammar.ScanNumber(l.Data, l.I)
	if fail != semantics.CtxNone {
		return nil, false
	}
	lit := l.Data[l.I:end]
	l.I = end
	return lit, true
}

// Skip reads past the value at I, checking it as jsontext does.
func (l *Lexer) Skip() bool {
	switch c := l.Peek(); {
	case c == '"':
		_, ok := l.Str()
		return ok
	case c == '{':
		return l.skipObject()
	case c == '[':
		empty, ok := l.Open(']')
		if !ok {
			return false
		}
		if empty {
			return true
		}
		for {
			if !l.Skip() {
				return false
			}
			more, ok := l.Next(']')
			if !more {
				return ok
			}
		}
	case c == 't', c == 'f', c == 'n':
		return l.Literal()
	default:
		_, ok := l.Number()
		return ok
	}
}

func (l *Lexer) skipObject() bool {
	empty, ok := l.Open('}')
	if !ok {
		return false
	}
	if empty {
		return true
	}
	base := l.NameBase()
	for {
		if l.Peek() != '"' {
			return false
		}
		name, ok := l.Str()
		if !ok || !l.Distinct(base, name) || !l.Colon() || !l.Skip() {
			return false
		}
		more, ok := l.Next('}')
		if !more {
			l.DropNames(base)
			return ok
		}
	}
}

// Colon reads the colon between a member's name and its value.
func (l *Lexer) Colon() bool {
	l.Space()
	if l.Peek() != ':' {
		return false
	}
	l.I++
	l.Space()
	return true
}

// maxNames bounds the names an object may hold where Distinct tracks them:
// each new one is compared with each before it, and an object with more is
// left to the standard library.
const maxNames = 64

// NameBase returns where the names of an object opened now begin, for
// Distinct and DropNames.
func (l *Lexer) NameBase() int { return len(l.spans) }

// Distinct records name among the names of the object whose names begin
// at base, reporting false if it is already there.
func (l *Lexer) Distinct(base int, name []byte) bool {
	if len(l.spans)-base >= maxNames {
		return false
	}
	for _, s := range l.spans[base:] {
		if bytes.Equal(l.names[s.start:s.end], name) {
			return false
		}
	}
	start := len(l.names)
	l.names = append(l.names, name...)
	l.spans = append(l.spans, span{start, len(l.names)})
	return true
}

// DropNames forgets the names of the object whose names begin at base.
func (l *Lexer) DropNames(base int) {
	if base < len(l.spans) {
		l.names = l.names[:l.spans[base].start]
		l.spans = l.spans[:base]
	}
}
