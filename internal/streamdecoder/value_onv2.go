package streamdecoder

import (
	"io"

	"github.com/safejson/safejson/internal/grammar"
	"github.com/safejson/safejson/internal/semantics"
)

// onV2Value reads the value at buf[pos] and returns where it ends, reading
// more as needed. depth counts the objects and arrays it is in, the top
// level as one. A number only ends at a byte that cannot continue it, or at
// the end of the input.
func (dec *Decoder) onV2Value(pos, depth int) (int, error) {
	var i int
	var p grammar.Partial
	var ctx semantics.SyntaxCtx
	switch c := dec.buf[pos]; onV2Kind(c) {
	case '"':
		i, p, ctx = grammar.ResumeString(dec.buf, pos+1, grammar.StringBody)
	case '0':
		i, p, ctx = grammar.ResumeNumber(dec.buf, pos, grammar.NumberStart)
	case 'n', 'f', 't':
		i, p, ctx = grammar.ResumeLiteral(dec.buf, pos, grammar.LiteralStart)
	case '{', '[':
		return dec.onV2Container(pos, depth)
	default:
		if last := dec.onV2.last; last.isObject() && c == ']' || !last.isObject() && c == '}' {
			return pos, errOnV2Mismatch
		}
		return pos, &onV2Fault{ctx: semantics.CtxValue}
	}
	if p == grammar.Done && ctx == semantics.CtxNone {
		return i, nil
	}
	return dec.onV2LexMore(pos, onV2Kind(dec.buf[pos]), i, p, ctx)
}

// onV2String reads the object key at buf[pos], reading more as needed.
func (dec *Decoder) onV2String(pos int) (int, error) {
	if dec.buf[pos] != '"' {
		return pos, &onV2Fault{ctx: semantics.CtxKey}
	}
	i, p, ctx := grammar.ResumeString(dec.buf, pos+1, grammar.StringBody)
	if p == grammar.Done && ctx == semantics.CtxNone {
		return i, nil
	}
	return dec.onV2LexMore(pos, '"', i, p, ctx)
}

// onV2LexMore goes on with the token of kind kind at buf[pos], which its
// rule has read up to buf[i], stopping in p, or failing there in ctx. At
// an end of input inside the token, the position returned is where
// jsontext places it.
func (dec *Decoder) onV2LexMore(pos int, kind byte, i int, p grammar.Partial, ctx semantics.SyntaxCtx) (int, error) {
	for {
		switch {
		case ctx != semantics.CtxNone:
			return i, &onV2Fault{ctx: ctx}
		case p == grammar.Done:
			return i, nil
		}
		base := dec.onV2.base
		err := dec.onV2Fetch()
		moved := int(dec.onV2.base - base)
		pos, i = pos-moved, i-moved
		switch {
		case err == io.ErrUnexpectedEOF:
			if ctx = p.AtEnd(); ctx == semantics.CtxNone {
				return i, nil
			}
			_, at := semantics.SyntaxError(dec.buf, i, ctx, semantics.EntryValid)
			return int(at), err
		case err != nil:
			return pos, err
		}
		switch kind {
		case '"':
			i, p, ctx = grammar.ResumeString(dec.buf, i, p)
		case '0':
			i, p, ctx = grammar.ResumeNumber(dec.buf, i, p)
		default:
			i, p, ctx = grammar.ResumeLiteral(dec.buf, i, p)
		}
	}
}

// onV2Container reads the object or array at buf[pos].
func (dec *Decoder) onV2Container(pos, depth int) (int, error) {
	if depth == grammar.MaxDepth+1 {
		return pos, errOnV2Depth
	}
	end, after := byte(']'), semantics.CtxAfterElem
	object := dec.buf[pos] == '{'
	if object {
		end, after = '}', semantics.CtxAfterPair
	}
	pos++
	var err error
	if dec.onV2Spaced(pos) {
		if pos, err = dec.onV2Space(pos); err != nil {
			return pos, err
		}
	}
	if dec.buf[pos] == end {
		return pos + 1, nil
	}
	for {
		if dec.onV2Spaced(pos) {
			if pos, err = dec.onV2Space(pos); err != nil {
				return pos, err
			}
		}
		if object {
			if pos, err = dec.onV2String(pos); err != nil {
				return pos, err
			}
			if dec.onV2Spaced(pos) {
				if pos, err = dec.onV2Space(pos); err != nil {
					return pos, err
				}
			}
			if dec.buf[pos] != ':' {
				return pos, &onV2Fault{ctx: semantics.CtxAfterKey}
			}
			pos++
			if dec.onV2Spaced(pos) {
				if pos, err = dec.onV2Space(pos); err != nil {
					return pos, err
				}
			}
		}
		if pos, err = dec.onV2Value(pos, depth+1); err != nil {
			return pos, err
		}
		if dec.onV2Spaced(pos) {
			if pos, err = dec.onV2Space(pos); err != nil {
				return pos, err
			}
		}
		switch dec.buf[pos] {
		case ',':
			pos++
		case end:
			return pos + 1, nil
		default:
			return pos, &onV2Fault{ctx: after}
		}
	}
}

// The v1 API over the reader, as encoding/json's v2_stream.go has it.
