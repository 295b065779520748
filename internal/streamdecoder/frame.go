package streamdecoder

import (
	"github.com/safejson/safejson/internal/grammar"
	"github.com/safejson/safejson/internal/semantics"
)

// frame finds where one JSON value ends in a stream that arrives in pieces.
// It is a byte-at-a-time state machine, so that it can stop at the end of
// any read and go on with the next: the cost stays linear however small the
// reads. It fails where encoding/json's scanner fails, in the same context,
// and counts bytes as it does for the offsets.
type frame struct {
	state  uint8
	lit    string // the literal being read (true, false, null)
	litPos int    // its next byte
	hex    int    // \u digits still to come
	stack  []uint8
	bytes  int64
	ctx    semantics.SyntaxCtx // why step failed
}

// States.
const (
	stBeginValue = iota
	stBeginValueOrEmpty
	stBeginStringOrEmpty
	stBeginString
	stInString
	stInStringEsc
	stInStringEscU
	stNeg
	st1
	st0
	stDot
	stDot0
	stE
	stESign
	stE0
	stLiteral
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
			f.state = stInString
		default:
			return f.fail(semantics.CtxKey)
		}
	case stInString:
		switch {
		case c == '"':
			f.state = stEndValue
		case c == '\\':
			f.state = stInStringEsc
		case c < 0x20:
			return f.fail(semantics.CtxString)
		}
	case stInStringEsc:
		switch c {
		case 'b', 'f', 'n', 'r', 't', '\\', '/', '"':
			f.state = stInString
		case 'u':
			f.state, f.hex = stInStringEscU, 4
		default:
			return f.fail(semantics.CtxEscape)
		}
	case stInStringEscU:
		if !grammar.IsHex(c) {
			return f.fail(semantics.CtxHexEscape)
		}
		if f.hex--; f.hex == 0 {
			f.state = stInString
		}
	case stNeg:
		switch {
		case c == '0':
			f.state = st0
		case c-'1' < 9:
			f.state = st1
		default:
			return f.fail(semantics.CtxNumber)
		}
	case st1, st0, stDot0, stE0:
		return f.inNumber(c)
	case stDot:
		if c-'0' >= 10 {
			return f.fail(semantics.CtxDecimal)
		}
		f.state = stDot0
	case stE:
		if c == '+' || c == '-' {
			f.state = stESign
			return opContinue
		}
		fallthrough
	case stESign:
		if c-'0' >= 10 {
			return f.fail(semantics.CtxExponent)
		}
		f.state = stE0
	case stLiteral:
		if c != f.lit[f.litPos] {
			return f.fail(literalCtx(f.lit))
		}
		if f.litPos++; f.litPos == len(f.lit) {
			f.state = stEndValue
		}
	case stEndValue:
		return f.endValue(c)
	case stEndTop:
		return opEnd
	}
	return opContinue
}

// inNumber handles a byte after the digits of a number's integer part,
// fraction or exponent.
func (f *frame) inNumber(c byte) int {
	switch {
	case c-'0' < 10 && f.state != st0:
		return opContinue
	case c == '.' && (f.state == st1 || f.state == st0):
		f.state = stDot
		return opContinue
	case c|0x20 == 'e' && f.state != stE0:
		f.state = stE
		return opContinue
	}
	return f.endValue(c)
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
		f.state = stInString
	case '-':
		f.state = stNeg
	case '0':
		f.state = st0
	case 't':
		f.state, f.lit, f.litPos = stLiteral, "true", 1
	case 'f':
		f.state, f.lit, f.litPos = stLiteral, "false", 1
	case 'n':
		f.state, f.lit, f.litPos = stLiteral, "null", 1
	default:
		if c-'1' >= 9 {
			return f.fail(semantics.CtxValue)
		}
		f.state = st1
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

// plainRun returns how many bytes from b[i:] a string body can skip at once:
// bytes that are neither '"', '\\' nor controls.
func plainRun(b []byte, i int) int {
	j := i
	for j < len(b) && (b[j] >= 0x80 || grammar.Is(b[j], grammar.PlainASCII)) {
		j++
	}
	return j - i
}
