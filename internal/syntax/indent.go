package syntax

import (
	"bytes"
	"io"
	"math"
	"slices"

	"github.com/safejson/safejson/internal/grammar"
	"github.com/safejson/safejson/internal/semantics"
)

// indentValue parses src like compact and appends it to dst in json.Indent's
// layout. It returns fail == CtxNone on success, or the failure as compact
// does.
func indentValue(dst, src []byte, prefix, indentStr string) (_ []byte, pos int, fail ctx) {
	n := len(src)
	var (
		i, tok   int
		depth    int
		kinds    uint64 // as in compact
		spillBuf [4]uint64
		nlBuf    [1024]byte
	)
	spill := spillBuf[:0]
	nl := makeNewlines(nlBuf[:0], prefix, indentStr, len(dst), n)

value:
	i = grammar.SkipSpace(src, i)
	if i >= n {
		return dst, n, semantics.CtxValue
	}
	tok = i
	switch c := src[i]; c {
	case '"':
		if i, fail = grammar.ScanString(src, i+1); fail != semantics.CtxNone {
			return dst, i, fail
		}
	case '{', '[':
		if depth&63 == 0 && depth > 0 {
			spill = append(spill, kinds)
		}
		kinds <<= 1
		if c == '{' {
			kinds |= 1
		}
		if depth++; depth > grammar.MaxDepth {
			return dst, i, semantics.CtxDepth
		}
		nl.text = nl.deepen(depth)
		dst = append(dst, c)
		i = grammar.SkipSpace(src, i+1)
		if i < n && src[i] == c+2 { // '}' and ']' are '{'+2 and '['+2
			dst = append(dst, c+2)
			i++
			goto endContainer
		}
		// Empty containers stay on one line; others open a new line.
		dst = appendLine(dst, nl.line(depth), &nl, i)
		if c == '[' {
			goto value
		}
		if i < n && src[i] == '"' {
			goto key
		}
		return dst, i, semantics.CtxKey
	case 't', 'f', 'n':
		if i, fail = grammar.ScanLiteral(src, i); fail != semantics.CtxNone {
			return dst, i, fail
		}
	default:
		if c != '-' && !grammar.IsDigit(c) {
			return dst, i, semantics.CtxValue
		}
		if i, fail = grammar.ScanNumber(src, i); fail != semantics.CtxNone {
			return dst, i, fail
		}
	}
	dst = append(dst, src[tok:i]...)
	goto afterValue

endContainer:
	kinds, spill, depth = closeLevel(kinds, spill, depth)

afterValue:
	if depth == 0 {
		goto end
	}
	i = grammar.SkipSpace(src, i)
	if i >= n {
		return dst, n, semantics.CtxAfterElem
	}
	if src[i] == ',' {
		dst = append(dst, ',')
		dst = appendLine(dst, nl.line(depth), &nl, i)
		i = grammar.SkipSpace(src, i+1)
		if kinds&1 == 0 {
			goto value
		}
		if i < n && src[i] == '"' {
			goto key
		}
		return dst, i, semantics.CtxKey
	}
	if c := src[i]; kinds&1 == 0 && c == ']' || kinds&1 != 0 && c == '}' {
		dst = appendLine(dst, nl.line(depth-1), &nl, i)
		dst = append(dst, c)
		i++
		goto endContainer
	}
	if kinds&1 == 0 {
		return dst, i, semantics.CtxAfterElem
	}
	return dst, i, semantics.CtxAfterPair

key: // src[i] opens an object key
	tok = i
	if i, fail = grammar.ScanString(src, i+1); fail != semantics.CtxNone {
		return dst, i, fail
	}
	dst = append(dst, src[tok:i]...)
	i = grammar.SkipSpace(src, i)
	if i < n && src[i] == ':' {
		dst = append(dst, ':', ' ')
		i++
		goto value
	}
	return dst, i, semantics.CtxAfterKey

end:
	// json.Indent keeps whitespace that follows the top-level value.
	tok = i
	if i = grammar.SkipSpace(src, i); i < n {
		return dst, i, semantics.CtxAfterTop
	}
	return append(dst, src[tok:]...), -1, semantics.CtxNone
}

// newlines writes the line breaks of a layout. It keeps "\n", the prefix
// and a copy of the indent per level, as deep as the layout has gone
// (deepen adds a level as the layout goes a level deeper), so that a line
// break is one copy of the start of that text. The caller's buffer holds
// it up to a depth few texts pass.
type newlines struct {
	text   []byte
	base   int // len("\n" + prefix)
	indent string
	// The layout starts at dst[start] and lays out a text of total
	// bytes, or 0 where no room is kept for all of it.
	start, total int
}

func makeNewlines(buf []byte, prefix, indent string, start, total int) newlines {
	text := append(append(buf[:0], '\n'), prefix...)
	return newlines{text, len(text), indent, start, total}
}

// deepen returns text with the line breaks at depth, one level deeper than
// it had at most.
func (nl newlines) deepen(depth int) []byte {
	if end := nl.base + len(nl.indent)*depth; end > len(nl.text) {
		return append(nl.text, nl.indent...)
	}
	return nl.text
}

// line returns the line break before a value at depth, no deeper than
// deepen was given.
func (nl *newlines) line(depth int) []byte {
	return nl.text[:nl.base+len(nl.indent)*depth]
}

// appendLine appends the line break line to the layout nl in dst, having
// laid out done bytes of the text, which says how much room the rest is
// likely to need.
func appendLine(dst, line []byte, nl *newlines, done int) []byte {
	// The room kept past the line break is for the tokens up to the next
	// one, which append would grow dst for by a quarter at a time.
	if cap(dst)-len(dst) < len(line)+tokenRoom {
		dst = growLaidOut(dst, nl, done)
	}
	return append(dst, line...)
}

// tokenRoom is room for the tokens between two line breaks, which are
// rarely longer.
const tokenRoom = 4 << 10

// growLaidOut gives dst room for the longest line break of nl and the
// tokens after it, and for what the rest of the text is likely to need,
// judged from how much longer the layout has made the part done so far:
// indentation can make a text many times longer than its source, and
// append would add a quarter (and copy all of it) each time.
func growLaidOut(dst []byte, nl *newlines, done int) []byte {
	need := len(nl.text) + tokenRoom
	room := len(dst) + need
	if done > 0 && done < nl.total {
		rest := float64(nl.total-done) * float64(len(dst)-nl.start) / float64(done)
		room = int(min(rest*9/8, float64(math.MaxInt/4)))
	}
	return slices.Grow(dst, max(room, cap(dst)/2+need))
}

// Layout says how AppendLayout lays out text: on lines, each with Prefix
// and a copy of Indent per level (Multiline), with a space after each
// colon (SpaceColon) and each comma (SpaceComma).
type Layout struct {
	Prefix, Indent                    string
	Multiline, SpaceColon, SpaceComma bool
}

// AppendLayout appends src, JSON text without whitespace that a safejson
// encoder wrote, to dst laid out as l says; with Multiline and SpaceColon,
// as AppendIndent lays it out. The text is trusted, not checked: strings
// are copied up to their closing quote, found a word or a vector at a
// time, and numbers and literals up to the next structural byte. It
// reports false, dst unchanged, for text nested deeper than AppendIndent
// takes, whose error AppendIndent gives.
func AppendLayout(dst, src []byte, l Layout) ([]byte, bool) {
	dst, ok, _ := layout(dst, src, l, nil)
	return dst, ok
}

// WriteLayout writes src laid out as AppendLayout lays it out to w, through
// buf, in writes of about layoutChunk bytes, so that a text that layout
// makes several times longer is never whole in memory. It returns buf,
// grown, for reuse, whether the text was shallow enough (where it was not,
// a part of it may have been written), and the first error of w, after
// which it writes nothing more.
func WriteLayout(w io.Writer, buf, src []byte, l Layout) ([]byte, bool, error) {
	return layout(buf[:0], src, l, w)
}

// layoutChunk is about how much WriteLayout gives each Write.
const layoutChunk = 32 << 10

// layout is AppendLayout, and with a writer w WriteLayout: then it writes
// dst out at the first comma past layoutChunk bytes, and at the end.
func layout(dst, src []byte, l Layout, w io.Writer) ([]byte, bool, error) {
	orig := dst
	if l.Multiline {
		room := IndentRoom(len(src))
		if w != nil {
			room = min(room, 2*layoutChunk)
		}
		dst = slices.Grow(dst, room)
	}
	// Written out in chunks, the text needs no room kept for the rest.
	total := len(src)
	if w != nil {
		total = 0
	}
	var nlBuf [1024]byte
	nl := makeNewlines(nlBuf[:0], l.Prefix, l.Indent, len(dst), total)
	depth := 0
	for i := 0; i < len(src); {
		switch c := src[i]; c {
		case '"':
			end := StringEnd(src, i) + 1
			dst = append(dst, src[i:end]...)
			i = end
		case '{', '[':
			if i+1 < len(src) && src[i+1] == c+2 { // '}' and ']' are '{'+2 and '['+2
				dst = append(dst, c, c+2)
				i += 2
				continue
			}
			if depth++; depth > grammar.MaxDepth {
				return orig, false, nil
			}
			nl.text = nl.deepen(depth)
			dst = append(dst, c)
			if l.Multiline {
				dst = appendLine(dst, nl.line(depth), &nl, i)
			}
			i++
		case '}', ']':
			depth--
			if l.Multiline {
				dst = appendLine(dst, nl.line(depth), &nl, i)
			}
			dst = append(dst, c)
			i++
		case ',':
			if w != nil && len(dst) >= layoutChunk {
				if _, err := w.Write(dst); err != nil {
					return dst[:0], true, err
				}
				dst = dst[:0]
			}
			dst = append(dst, ',')
			if l.SpaceComma {
				dst = append(dst, ' ')
			}
			if l.Multiline {
				dst = appendLine(dst, nl.line(depth), &nl, i)
			}
			i++
		case ':':
			dst = append(dst, ':')
			if l.SpaceColon {
				dst = append(dst, ' ')
			}
			i++
		default:
			j := i + 1
			for j < len(src) && !structural[src[j]] {
				j++
			}
			dst = append(dst, src[i:j]...)
			i = j
		}
	}
	if w != nil {
		_, err := w.Write(dst)
		return dst[:0], true, err
	}
	return dst, true, nil
}

// StringEnd returns the index of the quote that closes the string opened
// at b[open] in JSON text known valid, or len(b). The body is skipped a
// quote at a time: a quote ends it unless an odd run of backslashes comes
// before it.
func StringEnd(b []byte, open int) int {
	i := open
	for {
		j := bytes.IndexByte(b[i+1:], '"')
		if j < 0 {
			return len(b)
		}
		i += 1 + j
		k := i - 1
		for k > open && b[k] == '\\' {
			k--
		}
		if (i-1-k)%2 == 0 {
			return i
		}
	}
}

// structural says which bytes end a number or a literal in text without
// whitespace.
var structural = [256]bool{',': true, '}': true, ']': true, ':': true}
