package encoder

import (
	"github.com/safejson/safejson/internal/mem"
	"github.com/safejson/safejson/internal/semantics"
)

// maxDepthError returns v2's error for JSON text b, written by this
// encoder, nested deeper than semantics.MaxDepth, or nil. b may be the
// part written before an error: v2 checks the depth as it writes, so a
// value too deep fails there, before any later error. Only values that
// took the encoder past the depth of cycle detection are checked (see
// state.deep): far below that, nothing nests so deep.
func maxDepthError(b []byte) error {
	depth := 0
	for i := 0; i < len(b); i++ {
		switch b[i] {
		case '"':
			for i++; i < len(b) && b[i] != '"'; i++ {
				if b[i] == '\\' {
					i++
				}
			}
		case ',':
			// A struct being written when an error stopped it still has
			// its first member's comma where its brace goes: a comma
			// where a value starts.
			if i > 0 && b[i-1] != ':' && b[i-1] != '[' && b[i-1] != ',' {
				break
			}
			fallthrough
		case '[', '{':
			if depth++; depth > semantics.MaxDepth {
				return mem.NewSyntaxError(semantics.MaxDepthMsg, int64(i+1))
			}
		case ']', '}':
			depth--
		}
	}
	return nil
}
