package jsonstream

import (
	"io"
	"unicode/utf8"

	"github.com/safejson/safejson/internal/escape"
	"github.com/safejson/safejson/internal/grammar"
	"github.com/safejson/safejson/internal/semantics"
	"github.com/safejson/safejson/internal/syntax"
)

// Options select how Reencode writes.
type Options struct {
	Escape escape.Mode
	// Indented output, as encoding/json's Indent(dst, src, Prefix, Indent)
	// formats it.
	Indented       bool
	Prefix, Indent string
}

// flushAt is the output size at which Reencode hands its buffer to the
// writer.
const flushAt = 64 << 10

// Reencode reads the JSON values in src and writes each, re-encoded, to w,
// followed by a newline. Invalid input stops it with an
// *encoding/json.SyntaxError whose Offset counts the bytes read up to and
// including the offending one (encoding/json's convention); values before
// it have been written, and a partial value may have been.
func Reencode(w io.Writer, src io.Reader, o Options) error {
	p := parser{r: newReader(src), w: w, o: o}
	return p.run()
}

// Check reads the JSON values in src and returns nil if every one is valid
// and script-safe (so that safe.Escape would not change it). Otherwise it
// returns the first problem: an *encoding/json.SyntaxError, or a
// *syntax.Hazard whose Offset is the input offset of the byte to change.
func Check(src io.Reader) error {
	p := parser{r: newReader(src), check: true}
	return p.run()
}

type parser struct {
	r     *reader
	w     io.Writer
	o     Options
	check bool

	out     []byte
	decoded []byte // a string's decoded bytes
	objects []bool // one per open container: is it an object
}

// fail is the error for the byte at buf index i (or the end of input when
// i == r.end) in context ctx, worded as json.Unmarshal words it. The window
// holds the token being read, which the wording may look back into.
func (p *parser) fail(i int, ctx semantics.SyntaxCtx) error {
	r := p.r
	if i >= r.end {
		if err := r.ioErr(); err != nil {
			return err
		}
	}
	if semantics.OnV2 {
		// Go 1.27 names the whole character at i.
		for r.end-i < utf8.UTFMax && r.fill(0) {
		}
	}
	se := grammar.Fail(r.buf[:r.end], i, ctx, semantics.EntryValid)
	se.Offset += r.base
	return grammar.AsJSON(se)
}

// skipSpace consumes whitespace and returns the next byte, if any.
func (p *parser) skipSpace() (byte, bool) {
	r := p.r
	for {
		if r.pos < r.end {
			// Most tokens follow each other directly.
			if c := r.buf[r.pos]; c > ' ' {
				return c, true
			}
			if r.pos = grammar.SkipSpace(r.buf[:r.end], r.pos); r.pos < r.end {
				return r.buf[r.pos], true
			}
		}
		if !r.fill(r.pos) {
			return 0, false
		}
	}
}

func (p *parser) run() error {
	for {
		if _, ok := p.skipSpace(); !ok {
			if err := p.r.ioErr(); err != nil {
				return err
			}
			return p.flush()
		}
		if err := p.value(); err != nil {
			p.flush()
			return err
		}
		if !p.check {
			p.out = append(p.out, '\n')
			if len(p.out) >= flushAt {
				if err := p.flush(); err != nil {
					return err
				}
			}
		}
	}
}

func (p *parser) flush() error {
	if p.check || len(p.out) == 0 {
		p.out = p.out[:0] // Check writes nothing; its output is dropped
		return nil
	}
	_, err := p.w.Write(p.out)
	p.out = p.out[:0]
	return err
}

// newline starts a line at the current depth when indenting.
func (p *parser) newline() {
	if !p.o.Indented {
		return
	}
	p.out = append(p.out, '\n')
	p.out = append(p.out, p.o.Prefix...)
	for range p.objects {
		p.out = append(p.out, p.o.Indent...)
	}
}

// value reads one whole value, iteratively, so that depth costs no stack.
func (p *parser) value() error {
	r := p.r
	p.objects = p.objects[:0]
	var inObject bool
value:
	if len(p.out) >= flushAt {
		if err := p.flush(); err != nil {
			return err
		}
	}
	c, ok := p.skipSpace()
	if !ok {
		return p.fail(r.pos, semantics.CtxValue)
	}
	switch {
	case c == '{' || c == '[':
		if len(p.objects) >= grammar.MaxDepth {
			return p.fail(r.pos, semantics.CtxDepth)
		}
		r.pos++
		p.out = append(p.out, c)
		p.objects = append(p.objects, c == '{')
		next, _ := p.skipSpace()
		if next == c+2 { // '}' is '{'+2 and ']' is '['+2
			r.pos++
			p.objects = p.objects[:len(p.objects)-1]
			p.out = append(p.out, next)
			goto afterValue
		}
		p.newline()
		if c == '{' {
			goto key
		}
		goto value
	case c == '"':
		if err := p.str(); err != nil {
			return err
		}
	case c == 't' || c == 'f' || c == 'n':
		if err := p.scalar(grammar.ResumeLiteral, grammar.LiteralStart); err != nil {
			return err
		}
	case c == '-' || c-'0' < 10:
		if err := p.scalar(grammar.ResumeNumber, grammar.NumberStart); err != nil {
			return err
		}
	default:
		return p.fail(r.pos, semantics.CtxValue)
	}

afterValue:
	if len(p.objects) == 0 {
		return nil
	}
	c, ok = p.skipSpace()
	if !ok {
		return p.fail(r.pos, semantics.CtxAfterElem)
	}
	inObject = p.objects[len(p.objects)-1]
	switch {
	case c == ',':
		r.pos++
		p.out = append(p.out, ',')
		p.newline()
		if inObject {
			goto key
		}
		goto value
	case c == '}' && inObject, c == ']' && !inObject:
		r.pos++
		p.objects = p.objects[:len(p.objects)-1]
		p.newline()
		p.out = append(p.out, c)
		goto afterValue
	case inObject:
		return p.fail(r.pos, semantics.CtxAfterPair)
	}
	return p.fail(r.pos, semantics.CtxAfterElem)

key:
	if c, ok = p.skipSpace(); !ok || c != '"' {
		return p.fail(r.pos, semantics.CtxKey)
	}
	if err := p.str(); err != nil {
		return err
	}
	if c, ok = p.skipSpace(); !ok || c != ':' {
		return p.fail(r.pos, semantics.CtxAfterKey)
	}
	r.pos++
	p.out = append(p.out, ':')
	if p.o.Indented {
		p.out = append(p.out, ' ')
	}
	goto value
}

// lex reads the token at r.pos with lex, going on from buf[i] in part and
// reading more as it needs, so that the window holds the whole token. It
// returns where the token ends, or the position and context of its error;
// the token starts at r.pos.
func (p *parser) lex(lex grammar.ResumeFunc, i int, part grammar.Partial) (int, semantics.SyntaxCtx) {
	r := p.r
	for {
		var ctx semantics.SyntaxCtx
		if i, part, ctx = lex(r.buf[:r.end], i, part); ctx != semantics.CtxNone || part == grammar.Done {
			return i, ctx
		}
		shift := r.pos
		more := r.fill(r.pos)
		i -= shift
		if !more {
			return i, part.AtEnd()
		}
	}
}

// scalar reads the number or literal at r.pos with lex, from start, and
// copies it as written.
func (p *parser) scalar(lex grammar.ResumeFunc, start grammar.Partial) error {
	r := p.r
	end, ctx := p.lex(lex, r.pos, start)
	if ctx != semantics.CtxNone {
		r.pos = end
		return p.fail(end, ctx)
	}
	p.out = append(p.out, r.buf[r.pos:end]...)
	r.pos = end
	return nil
}

// str reads the string at r.pos and writes it re-encoded, or checks it.
func (p *parser) str() error {
	r := p.r
	end, ctx := p.lex(grammar.ResumeString, r.pos+1, grammar.StringBody)
	if ctx != semantics.CtxNone {
		return p.fail(end, ctx)
	}
	start := r.pos
	r.pos = end
	return p.emitString(r.buf[start:end], r.base+int64(start))
}

// emitString handles a complete, valid string token (quotes included) that
// starts at input offset off.
func (p *parser) emitString(tok []byte, off int64) error {
	if p.check {
		if err := syntax.CheckScript(tok); err != nil {
			h := err.(*syntax.Hazard) // tok is a valid string
			return &syntax.Hazard{Offset: off + h.Offset, What: h.What}
		}
		return nil
	}
	p.decoded = grammar.AppendUnquoted(p.decoded[:0], tok[1:len(tok)-1])
	p.out = escape.AppendBytes(p.out, p.decoded, p.o.Escape)
	return nil
}
