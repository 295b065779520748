package syntax

import (
	"encoding/binary"
	"math/bits"

	"github.com/safejson/safejson/internal/grammar"
	"github.com/safejson/safejson/internal/semantics"
)

// Modes of compact.
// ctx is a failure context; CtxNone means no failure.
type ctx = semantics.SyntaxCtx

const (
	modeValidate      = iota // check only; dst is untouched
	modeCompact              // append without insignificant whitespace
	modeCompactHTML          // as modeCompact, also escaping <, >, &, U+2028, U+2029
	modeCompactScript        // as modeCompact, making strings script-safe (script.go)
	modeEscapeScript         // append with whitespace kept, making strings script-safe
	modeCheckScript          // check only, failing at the first script hazard
)

// compact parses src as one JSON value. In the output modes it appends src to
// dst with whitespace between tokens removed, copying everything else in
// whole runs. It returns fail == CtxNone on success; otherwise src[pos] (or
// the end of input, pos == len(src)) is where encoding/json's scanner fails,
// in context fail.
//
// The parser is a loop of labelled states rather than recursion, so nesting
// depth costs one bit of kinds per level, not stack frames.
func compact(dst, src []byte, mode int) (_ []byte, pos int, fail ctx) {
	out := mode != modeValidate && mode != modeCheckScript
	strip := out && mode != modeEscapeScript
	n := len(src)
	var (
		i, start int // next byte to read; first byte not yet copied to dst
		depth    int
		kinds    uint64 // bit k: level depth-k (mod 64) is an object
		spillBuf [4]uint64
	)
	spill := spillBuf[:0] // older 64-level words of kinds

value:
	if i < n && src[i] <= ' ' {
		dst, i, start = dropSpace(dst, src, i, start, strip)
	}
	if i >= n {
		return dst, n, semantics.CtxValue
	}
	switch c := src[i]; c {
	case '"':
		if dst, i, start, fail = stringIn(dst, src, i+1, start, mode); fail != semantics.CtxNone {
			return dst, i, fail
		}
		goto afterValue
	case '{':
		if depth&63 == 0 && depth > 0 {
			spill = append(spill, kinds)
		}
		kinds = kinds<<1 | 1
		if depth++; depth > grammar.MaxDepth {
			return dst, i, semantics.CtxDepth
		}
		i++
		if i < n && src[i] <= ' ' {
			dst, i, start = dropSpace(dst, src, i, start, strip)
		}
		if i < n {
			if src[i] == '"' {
				goto key
			}
			if src[i] == '}' {
				i++
				goto endContainer
			}
			return dst, i, semantics.CtxKey
		}
		return dst, n, semantics.CtxKey
	case '[':
		if depth&63 == 0 && depth > 0 {
			spill = append(spill, kinds)
		}
		kinds <<= 1
		if depth++; depth > grammar.MaxDepth {
			return dst, i, semantics.CtxDepth
		}
		i++
		if i < n && src[i] <= ' ' {
			dst, i, start = dropSpace(dst, src, i, start, strip)
		}
		if i < n && src[i] == ']' {
			i++
			goto endContainer
		}
		goto value
	case 't', 'f', 'n':
		if i, fail = grammar.ScanLiteral(src, i); fail != semantics.CtxNone {
			return dst, i, fail
		}
		goto afterValue
	default:
		if c != '-' && !grammar.IsDigit(c) {
			return dst, i, semantics.CtxValue
		}
		if i, fail = grammar.ScanNumber(src, i); fail != semantics.CtxNone {
			return dst, i, fail
		}
		goto afterValue
	}

endContainer: // src[i-1] closed the innermost container
	kinds, spill, depth = closeLevel(kinds, spill, depth)

afterValue:
	if depth == 0 {
		goto end
	}
	if i < n && src[i] <= ' ' {
		dst, i, start = dropSpace(dst, src, i, start, strip)
	}
	if i >= n {
		return dst, n, semantics.CtxAfterElem
	}
	if src[i] == ',' {
		i++
		if kinds&1 == 0 {
			goto value
		}
		if i < n && src[i] <= ' ' {
			dst, i, start = dropSpace(dst, src, i, start, strip)
		}
		if i < n && src[i] == '"' {
			goto key
		}
		return dst, i, semantics.CtxKey
	}
	if kinds&1 == 0 {
		if src[i] == ']' {
			i++
			goto endContainer
		}
		return dst, i, semantics.CtxAfterElem
	}
	if src[i] == '}' {
		i++
		goto endContainer
	}
	return dst, i, semantics.CtxAfterPair

key: // src[i] opens an object key
	if dst, i, start, fail = stringIn(dst, src, i+1, start, mode); fail != semantics.CtxNone {
		return dst, i, fail
	}
	if i < n && src[i] <= ' ' {
		dst, i, start = dropSpace(dst, src, i, start, strip)
	}
	if i < n && src[i] == ':' {
		i++
		goto value
	}
	return dst, i, semantics.CtxAfterKey

end:
	if i < n && src[i] <= ' ' {
		dst, i, start = dropSpace(dst, src, i, start, strip)
	}
	if i < n {
		return dst, i, semantics.CtxAfterTop
	}
	if out {
		dst = append(dst, src[start:]...)
	}
	return dst, -1, semantics.CtxNone
}

// closeLevel leaves the innermost of depth open containers, whose kinds
// are one bit a level, the innermost lowest, with each older 64 levels a
// word of spill.
func closeLevel(kinds uint64, spill []uint64, depth int) (uint64, []uint64, int) {
	kinds >>= 1
	if depth--; depth&63 == 0 && depth > 0 {
		kinds = spill[len(spill)-1]
		spill = spill[:len(spill)-1]
	}
	return kinds, spill, depth
}

// dropSpace skips the whitespace at src[i:]. When stripping it, it first
// flushes the pending run src[start:i] to dst and starts the next run after
// the space. It returns the new i and start.
func dropSpace(dst, src []byte, i, start int, strip bool) ([]byte, int, int) {
	if !strip {
		return dst, grammar.SkipSpace(src, i), start
	}
	dst = append(dst, src[start:i]...)
	i = grammar.SkipSpace(src, i)
	return dst, i, i
}

// stringIn handles the string whose body starts at src[i] as mode asks,
// returning the index past it (or the failure), and dst and start updated
// for any escape written.
func stringIn(dst, src []byte, i, start, mode int) ([]byte, int, int, ctx) {
	var fail ctx
	switch mode {
	case modeCompactHTML:
		return compactStringHTML(dst, src, i, start)
	case modeCompactScript, modeEscapeScript:
		return scriptString(dst, src, i, start, false)
	case modeCheckScript:
		return scriptString(dst, src, i, start, true)
	}
	i, fail = grammar.ScanString(src, i)
	return dst, i, start, fail
}

// compactStringHTML is scanString for modeCompactHTML: it also replaces <, >,
// & and U+2028/U+2029 with \u escapes, flushing the pending run first.
func compactStringHTML(dst, src []byte, i, start int) ([]byte, int, int, ctx) {
	n := len(src)
	for {
		for n-i >= 8 {
			if m := grammar.HTMLMask(binary.LittleEndian.Uint64(src[i:])); m != 0 {
				i += bits.TrailingZeros64(m) >> 3
				break
			}
			i += 8
		}
		for i < n && !grammar.Is(src[i], grammar.StopHTML) {
			i++
		}
		if i >= n {
			return dst, i, start, semantics.CtxString
		}
		switch c := src[i]; c {
		case '"':
			return dst, i + 1, start, semantics.CtxNone
		case '\\':
			var fail ctx
			if i, fail = grammar.ScanEscape(src, i+1); fail != semantics.CtxNone {
				return dst, i, start, fail
			}
		case '<', '>', '&':
			dst = append(dst, src[start:i]...)
			dst = append(dst, '\\', 'u', '0', '0', grammar.HexDigits[c>>4], grammar.HexDigits[c&0xF])
			i++
			start = i
		case 0xE2:
			// U+2028 and U+2029 are E2 80 A8 and E2 80 A9.
			if n-i > 2 && src[i+1] == 0x80 && src[i+2]&^1 == 0xA8 {
				dst = append(dst, src[start:i]...)
				dst = append(dst, '\\', 'u', '2', '0', '2', grammar.HexDigits[src[i+2]&0xF])
				i += 3
				start = i
			} else {
				i++
			}
		default:
			return dst, i, start, semantics.CtxString
		}
	}
}
