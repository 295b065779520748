package decoder

import (
	"strconv"
	"strings"

	"github.com/safejson/safejson/internal/grammar"
)

// fieldPath finds the value or object member that starts at offset at of
// the valid JSON text data and returns the path to it as v1 on v2 spells it
// in UnmarshalTypeError.Field: a JSON pointer with '.' for '/'. inner is
// false for the top-level value. The decoders note only where a type error
// happened; the path is worked out here, once per failing call.
func fieldPath(data []byte, at int) (path string, inner bool) {
	w := &decodeState{data: data}
	w.i = grammar.SkipSpace(data, 0)
	if w.i >= at {
		return "", false
	}
	var toks []string
	w.walkTo(at, &toks)
	return strings.Join(toks, "."), true
}

// walkTo consumes the value at w.i, appending to toks the tokens of the path
// down to the value or member that starts at offset at, and reports whether
// it found it there.
func (w *decodeState) walkTo(at int, toks *[]string) bool {
	if w.i == at {
		return true
	}
	c := w.peek()
	if c != '{' && c != '[' {
		_ = w.skipValue()
		return false
	}
	end := byte(']')
	if c == '{' {
		end = '}'
	}
	if empty, err := w.open(end); empty || err != nil {
		return false
	}
	n := len(*toks)
	for idx := 0; ; idx++ {
		var tok string
		if end == '}' {
			keyAt := w.i
			key, err := w.stringBytes()
			if err != nil {
				return false
			}
			tok = pointerToken(key)
			if keyAt == at {
				*toks = append((*toks)[:n], tok)
				return true
			}
			if w.colon() != nil {
				return false
			}
		} else {
			tok = strconv.Itoa(idx)
		}
		*toks = append((*toks)[:n], tok)
		if w.walkTo(at, toks) {
			return true
		}
		if more, err := w.next(end); !more || err != nil {
			*toks = (*toks)[:n]
			return false
		}
	}
}

// pointerToken escapes an object name as a JSON pointer token.
func pointerToken(name []byte) string {
	s := string(name)
	if strings.ContainsAny(s, "~/") {
		s = strings.NewReplacer("~", "~0", "/", "~1").Replace(s)
	}
	return s
}
