package encoder

import (
	"bytes"
	"strconv"
	"strings"

	"github.com/safejson/safejson/internal/grammar"
	"github.com/safejson/safejson/internal/mem"
	"github.com/safejson/safejson/internal/semantics"
	"github.com/safejson/safejson/internal/syntax"
)

// maxDepthError returns v2's error for JSON text b, written by this
// encoder, nested deeper than grammar.MaxDepth, or nil. b may be the
// part written before an error: v2 checks the depth as it writes, so a
// value too deep fails there, before any later error. Only values that
// took the encoder past the depth of cycle detection are checked (see
// state.deep): far below that, nothing nests so deep.
func maxDepthError(b []byte) error {
	if _, at := scanDepth(b, 0, 0); at >= 0 {
		return mem.NewSyntaxError(semantics.MaxDepthMsg, int64(at+1))
	}
	return nil
}

// rawDepthError is maxDepthError for the text b[n:] that a MarshalJSON
// method returned, written at depth of the output before it, b[st.base:n].
// The output is scanned only when a bound on that depth, with the text's
// own, could reach the limit.
func (st *state) rawDepthError(b []byte, n int) error {
	if len(b)-st.base <= grammar.MaxDepth {
		return nil
	}
	raw := b[n:]
	if raw[0] != '[' && raw[0] != '{' {
		// A number, string or literal (the text is compacted) takes the
		// output no deeper: any depth past the limit was reached before
		// it, where it is found.
		return nil
	}
	opens := bytes.Count(raw, []byte("[")) + bytes.Count(raw, []byte("{"))
	if opens+min(n-st.base, st.depthBound()) <= grammar.MaxDepth {
		return nil
	}
	from, depth := st.base, 0
	if st.depthPos > st.base && st.depthPos <= n {
		from, depth = st.depthPos, st.depthAt
	}
	depth, _ = scanDepth(b[:n], from, depth)
	st.depthPos, st.depthAt = n, depth
	if _, at := scanDepth(b, n, depth); at >= 0 {
		return mem.NewSyntaxError(semantics.MaxDepthMsg, int64(at+1-st.base))
	}
	return nil
}

// depthBound bounds the number of arrays and objects open in the output.
// Going from each open one to the next one inside it takes at least one
// counted step: a struct member's value counts in nest as it is written,
// and a slice, map or array counts once for all its elements on the way
// in (in ptrLevel or nest). So the open ones number at most the steps,
// plus the outermost; pointers and interfaces count steps of their own
// (ptrLevel, boxed), which only loosen the bound.
func (st *state) depthBound() int {
	return int(st.ptrLevel+st.boxed+st.nest) + 1
}

// rewindDepth moves what rawDepthError knows of the output's depth back to
// r, before the output from r on, b[r:], is rewritten.
func (st *state) rewindDepth(b []byte, r int) {
	if !semantics.OnV2 || st.depthPos <= r {
		return
	}
	net, _ := scanDepth(b[:st.depthPos], r, 0)
	st.depthPos, st.depthAt = r, st.depthAt-net
}

// failedDepthError is rawDepthError for a text out, to be written after
// b[st.base:], that failed to compact with err: v2 reports the depth
// instead when the text goes past the limit before the syntax error.
func (st *state) failedDepthError(b, out []byte, err error) error {
	se, ok := err.(*grammar.SyntaxErr)
	if !ok || len(b)-st.base+len(out) <= grammar.MaxDepth {
		return nil
	}
	depth, _ := scanDepth(b, st.base, 0)
	if _, at := scanDepth(out, 0, depth); at >= 0 && int64(at) < se.Offset {
		return mem.NewSyntaxError(semantics.MaxDepthMsg, int64(len(b)-st.base+at+1))
	}
	return nil
}

// scanDepth follows the nesting of the JSON text b[from:] from depth, and
// returns the depth at its end and the index of the first array or object
// opened deeper than grammar.MaxDepth, or -1.
func scanDepth(b []byte, from, depth int) (_, at int) {
	for i := from; i < len(b); i++ {
		switch b[i] {
		case '"':
			i = syntax.StringEnd(b, i)
		case ',':
			// A struct being written when an error stopped it still has
			// its first member's comma where its brace goes: a comma
			// where a value starts.
			if i > 0 && b[i-1] != ':' && b[i-1] != '[' && b[i-1] != ',' {
				break
			}
			fallthrough
		case '[', '{':
			if depth++; depth > grammar.MaxDepth {
				return depth, i
			}
		case ']', '}':
			depth--
		}
	}
	return depth, -1
}

// pointerAt returns the JSON pointer of the value that starts at the end
// of b, a prefix of this encoder's output (see maxDepthError for the
// commas of unfinished structs).
func pointerAt(b []byte) string {
	type frame struct {
		obj  bool
		name []byte // the last member name, still quoted
		idx  int
	}
	var stack []frame
	for i := 0; i < len(b); i++ {
		switch c := b[i]; c {
		case '"':
			j := i + 1
			for ; j < len(b) && b[j] != '"'; j++ {
				if b[j] == '\\' {
					j++
				}
			}
			if top := len(stack) - 1; top >= 0 && stack[top].obj && (b[i-1] == '{' || b[i-1] == ',') {
				stack[top].name = b[i : j+1]
			}
			i = j
		case ',':
			if i > 0 && b[i-1] != ':' && b[i-1] != '[' && b[i-1] != ',' {
				if top := len(stack) - 1; top >= 0 && !stack[top].obj {
					stack[top].idx++
				}
				break
			}
			stack = append(stack, frame{obj: true})
		case '{':
			stack = append(stack, frame{obj: true})
		case '[':
			stack = append(stack, frame{})
		case ']', '}':
			stack = stack[:len(stack)-1]
		}
	}
	var p []byte
	for _, f := range stack {
		p = append(p, '/')
		if !f.obj {
			p = strconv.AppendInt(p, int64(f.idx), 10)
			continue
		}
		var name []byte
		if len(f.name) >= 2 {
			name = grammar.AppendUnquoted(nil, f.name[1:len(f.name)-1])
		}
		p = append(p, strings.NewReplacer("~", "~0", "/", "~1").Replace(string(name))...)
	}
	return string(p)
}
