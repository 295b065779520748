package decoder

import (
	"github.com/safejson/safejson/internal/grammar"
	"github.com/safejson/safejson/internal/semantics"
)

// peek returns the byte at d.i, or 0 at the end of input (0 starts no token).
func (d *decodeState) peek() byte {
	if d.i < len(d.data) {
		return d.data[d.i]
	}
	return 0
}

// literal consumes true, false or null at d.i and reports which: 't', 'f'
// or 'n'.
func (d *decodeState) literal() (byte, error) {
	kind, end := grammar.Literal(d.data, d.i)
	if kind == 0 {
		return 0, errSyntax
	}
	d.i = end
	return kind, nil
}

// null consumes null at d.i.
func (d *decodeState) null() error {
	_, err := d.literal()
	return err
}

// number consumes a number at d.i and returns its text (see scanNumber).
func (d *decodeState) number() ([]byte, error) {
	start := d.i
	if end, ok := grammar.IntEnd(d.data, start); ok {
		d.i = end
		return d.data[start:end], nil
	}
	if err := d.scanNumber(); err != nil {
		return nil, err
	}
	return d.data[start:d.i], nil
}

// scanNumber consumes a number at d.i, checking its grammar. The likely
// integers are grammar.IntEnd's, which callers try first.
func (d *decodeState) scanNumber() error {
	end, fail := grammar.ScanNumber(d.data, d.i)
	if fail != semantics.CtxNone {
		return errSyntax
	}
	d.i = end
	return nil
}

// skipValue consumes one value of any kind, checking its syntax.
func (d *decodeState) skipValue() error {
	switch d.peek() {
	case '"':
		return d.skipString(d.i + 1)
	case '{':
		return d.skipContainer('}')
	case '[':
		return d.skipContainer(']')
	case 't', 'f', 'n':
		_, err := d.literal()
		return err
	}
	if end, ok := grammar.IntEnd(d.data, d.i); ok {
		d.i = end
		return nil
	}
	return d.scanNumber()
}

// skipContainer consumes an object or array; d.i is at its opening bracket.
func (d *decodeState) skipContainer(end byte) error {
	empty, err := d.open(end)
	if err != nil || empty {
		return err
	}
	for {
		if end == '}' {
			if d.peek() != '"' {
				return errSyntax
			}
			if err := d.skipString(d.i + 1); err != nil {
				return err
			}
			if !d.colonFast() {
				if err := d.colon(); err != nil {
					return err
				}
			}
		}
		if err := d.skipValue(); err != nil {
			return err
		}
		more, err := d.next(end)
		if err != nil || !more {
			return err
		}
	}
}

// open consumes the opening bracket at d.i and the space after it, counting
// the depth. If the closing bracket end follows at once, it consumes that
// too and reports the container empty.
func (d *decodeState) open(end byte) (empty bool, err error) {
	d.i++
	if d.depth++; d.depth > grammar.MaxDepth {
		return false, errSyntax
	}
	d.i = grammar.SkipSpace(d.data, d.i)
	if d.peek() == end {
		d.i++
		d.depth--
		return true, nil
	}
	return false, nil
}

// colonFast consumes the colon after an object key in its likely forms,
// right after the key and then at most one space before the value, and
// reports whether it did. It is small enough to inline before colon.
func (d *decodeState) colonFast() bool {
	i, data := d.i, d.data
	if i+2 < len(data) && data[i] == ':' {
		if c := data[i+1]; c > ' ' {
			d.i = i + 1
			return true
		} else if c == ' ' && data[i+2] > ' ' {
			d.i = i + 2
			return true
		}
	}
	return false
}

// colon consumes the colon after an object key and the space around it.
func (d *decodeState) colon() error {
	d.i = grammar.SkipSpace(d.data, d.i)
	if d.peek() != ':' {
		return errSyntax
	}
	d.i++
	d.i = grammar.SkipSpace(d.data, d.i)
	return nil
}

// comma consumes a comma right after a member or element, when no space
// follows it: the likely case of next, small enough to inline before it.
func (d *decodeState) comma() bool {
	if i := d.i; i+1 < len(d.data) && d.data[i] == ',' && d.data[i+1] > ' ' {
		d.i = i + 1
		return true
	}
	return false
}

// next consumes what follows a member or element: a comma (more is true, and
// the space after it is skipped too) or the closing bracket end.
func (d *decodeState) next(end byte) (more bool, err error) {
	// A comma or bracket right after the value is the likely case (comma,
	// inlined before next, leaves it a comma that white space follows, as
	// in indented text), so it is tested before any white space is skipped.
	if i := d.i; i < len(d.data) {
		switch d.data[i] {
		case ',':
			d.i = i + 1
			d.i = grammar.SkipSpace(d.data, d.i)
			return true, nil
		case end:
			d.i = i + 1
			d.depth--
			return false, nil
		}
	}
	d.i = grammar.SkipSpace(d.data, d.i)
	switch d.peek() {
	case ',':
		d.i++
		d.i = grammar.SkipSpace(d.data, d.i)
		return true, nil
	case end:
		d.i++
		d.depth--
		return false, nil
	}
	return false, errSyntax
}
