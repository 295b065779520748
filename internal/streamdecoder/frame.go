package streamdecoder

import (
	"github.com/safejson/safejson/internal/grammar"
	"github.com/safejson/safejson/internal/semantics"
)

// frame finds where one JSON value ends in a stream that arrives in pieces.
// Between tokens it is a byte-at-a-time state machine; strings, numbers and
// literals it reads with the grammar's resumable rules, a run at a time. So
// it can stop at the end of any read and go on with the next, never reading
// a byte twice: the cost stays linear however small the reads. It fails
// where encoding/json's scanner fails, in the same context, and counts
// bytes as it does for the offsets.
type frame struct {
	state uint8
	lex   grammar.ResumeFunc // in stToken: the token's rule
	part  grammar.Partial    // in stToken: where the rule stopped
	stack []uint8
	bytes int64
	ctx   semantics.SyntaxCtx // why step failed
}

// States.
const (
	stBeginValue = iota
	stBeginValueOrEmpty
	stBeginStringOrEmpty
	stBeginString
	stToken // in a string, number or literal: lex reads it
	stEndValue
	stEndTop
)

// Containers on the stack.
const (
	inObjectKey = iota
	inObjectValue
	inArray
)

// Results of step.
const (
	opContinue     = iota
	opEndContainer // the byte closed a container
	opEnd          // the top-level value ended before the byte
	opError
	opToken // a number or literal starts at the byte, which lex reads
)

func (f *frame) reset() {
	f.state, f.stack = stBeginValue, f.stack[:0]
}

func isSpace(c byte) bool { return grammar.Is(c, grammar.Space) }

func (f *frame) fail(ctx semantics.SyntaxCtx) int {
	f.ctx = ctx
	return opError
}

func (f *frame) push(kind uint8, next uint8) int {
	f.stack = append(f.stack, kind)
	f.state = next
	if len(f.stack) > grammar.MaxDepth {
		return f.fail(semantics.CtxDepth)
	}
	return opContinue
}

func (f *frame) pop() int {
	f.stack = f.stack[:len(f.stack)-1]
	f.state = stEndValue
	if len(f.stack) == 0 {
		f.state = stEndTop
	}
	return opEndContainer
}

// spaceGoesOn reports whether whitespace is only skipped in the state f is
// in: anywhere between tokens but after the top-level value, which the
// whitespace ends.
func (f *frame) spaceGoesOn() bool {
	switch f.state {
	case stToken, stEndTop:
		return false
	case stEndValue:
		return len(f.stack) > 0
	}
	return true
}

// step takes the next byte.
func (f *frame) step(c byte) int {
	switch f.state {
	case stBeginValueOrEmpty:
		if c == ']' {
			return f.endValue(c)
		}
		return f.beginValue(c)
	case stBeginValue:
		return f.beginValue(c)
	case stBeginStringOrEmpty:
		if c == '}' {
			f.stack[len(f.stack)-1] = inObjectValue
			return f.endValue(c)
		}
		fallthrough
	case stBeginString:
		switch {
		case isSpace(c):
		case c == '"':
			f.token(grammar.ResumeString, grammar.StringBody)
		default:
			return f.fail(semantics.CtxKey)
		}
	case stEndValue:
		return f.endValue(c)
	case stEndTop:
		return opEnd
	}
	return opContinue
}

// token starts reading a token with lex from p.
func (f *frame) token(lex grammar.ResumeFunc, p grammar.Partial) {
	f.state, f.lex, f.part = stToken, lex, p
}

// lexRun goes on with the token from b[i] and returns where it stopped: at
// the token's end, after which the state is stEndValue; at len(b), where
// the token goes on; or, with ok false and ctx set, at the byte that breaks
// it. It counts the bytes read, the breaking one included.
func (f *frame) lexRun(b []byte, i int) (end int, ok bool) {
	end, f.part, f.ctx = f.lex(b, i, f.part)
	f.bytes += int64(end - i)
	if f.ctx != semantics.CtxNone {
		f.bytes++
		return end, false
	}
	if f.part == grammar.Done {
		f.state = stEndValue
	}
	return end, true
}

func (f *frame) beginValue(c byte) int {
	if isSpace(c) {
		return opContinue
	}
	switch c {
	case '{':
		return f.push(inObjectKey, stBeginStringOrEmpty)
	case '[':
		return f.push(inArray, stBeginValueOrEmpty)
	case '"':
		f.token(grammar.ResumeString, grammar.StringBody)
	case 't', 'f', 'n':
		f.token(grammar.ResumeLiteral, grammar.LiteralStart)
		return opToken
	default:
		if c != '-' && !grammar.IsDigit(c) {
			return f.fail(semantics.CtxValue)
		}
		f.token(grammar.ResumeNumber, grammar.NumberStart)
		return opToken
	}
	return opContinue
}

func (f *frame) endValue(c byte) int {
	n := len(f.stack)
	if n == 0 {
		f.state = stEndTop
		return opEnd
	}
	if isSpace(c) {
		f.state = stEndValue
		return opContinue
	}
	switch f.stack[n-1] {
	case inObjectKey:
		if c == ':' {
			f.stack[n-1] = inObjectValue
			f.state = stBeginValue
			return opContinue
		}
		return f.fail(semantics.CtxAfterKey)
	case inObjectValue:
		switch c {
		case ',':
			f.stack[n-1] = inObjectKey
			f.state = stBeginString
			return opContinue
		case '}':
			return f.pop()
		}
		return f.fail(semantics.CtxAfterPair)
	}
	switch c {
	case ',':
		f.state = stBeginValue
		return opContinue
	case ']':
		return f.pop()
	}
	return f.fail(semantics.CtxAfterElem)
}
