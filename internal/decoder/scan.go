package decoder

import (
	"encoding/binary"
	"math/bits"

	"github.com/safejson/safejson/internal/grammar"
)

// skipSpace advances past whitespace. Most values have none before them,
// so that case stays inline.
func (d *decodeState) skipSpace() {
	if d.i < len(d.data) && d.data[d.i] <= ' ' {
		d.skipSpaceRun()
	}
}

// spaces and tabs are eight of each as a little-endian word: indentation.
const (
	spaces = 0x2020202020202020
	tabs   = 0x0909090909090909
)

// skipSpaceRun is kept out of line so that skipSpace stays inlinable. Its
// indentation path is grammar.SkipSpace's, copied because the call cost 4%
// (see there).
//
//go:noinline
func (d *decodeState) skipSpaceRun() {
	i, data := d.i, d.data
	// The first test lets the compiler slice data[i:] with no bounds check.
	if uint(i) < uint(len(data)) && len(data)-i >= 32 {
		// Indented text: a line break, "\n" or "\r\n", and then spaces
		// or tabs, once a line. Read as words at offsets into one array,
		// it needs no bounds checks, and the whole run is skipped unless
		// it is longer than the array or other whitespace follows it.
		b := (*[32]byte)(data[i:])
		w := binary.LittleEndian.Uint64(b[:8])
		var nl uint64 // the line break's bytes in w, taken as padding
		switch {
		case b[0] == '\n':
			nl = 0xff
		case w&0xffff == '\r'|'\n'<<8:
			nl = 0xffff
		}
		pad := uint64(spaces)
		if b[2] == '\t' { // indentation after either line break, but for one byte after "\n"
			pad = tabs
		}
		x, n := (w^pad)&^nl, 0
		if x == 0 {
			x, n = binary.LittleEndian.Uint64(b[8:])^pad, 8
		}
		if x == 0 {
			x, n = binary.LittleEndian.Uint64(b[16:])^pad, 16
		}
		if x == 0 {
			x, n = binary.LittleEndian.Uint64(b[24:])^pad, 24
		}
		n += bits.TrailingZeros64(x) >> 3
		// n is 32 if all of b is padding: b[n&31] is then b[0], white
		// space, and the loop below goes on from i+32.
		if b[n&31] > ' ' {
			d.i = i + n
			return
		}
		i += n
	}
	for i < len(data) && grammar.Is(data[i], grammar.Space) {
		i++
		// Indentation: whole words of spaces, then the spaces that open
		// the last word counted at once, not byte by byte.
		for len(data)-i >= 8 {
			if x := binary.LittleEndian.Uint64(data[i:]) ^ spaces; x != 0 {
				i += bits.TrailingZeros64(x) >> 3
				break
			}
			i += 8
		}
	}
	d.i = i
}

// peek returns the byte at d.i, or 0 at the end of input (0 starts no token).
func (d *decodeState) peek() byte {
	if d.i < len(d.data) {
		return d.data[d.i]
	}
	return 0
}

// Little-endian words of the literals.
const (
	wordTrue = 't' | 'r'<<8 | 'u'<<16 | 'e'<<24
	wordNull = 'n' | 'u'<<8 | 'l'<<16 | 'l'<<24
	wordAlse = 'a' | 'l'<<8 | 's'<<16 | 'e'<<24
)

// literal consumes true, false or null at d.i and reports which: 't', 'f'
// or 'n'.
func (d *decodeState) literal() (byte, error) {
	i, data := d.i, d.data
	if len(data)-i < 4 {
		return 0, errSyntax
	}
	switch binary.LittleEndian.Uint32(data[i:]) {
	case wordTrue:
		d.i = i + 4
		return 't', nil
	case wordNull:
		d.i = i + 4
		return 'n', nil
	}
	if data[i] == 'f' && len(data)-i >= 5 && binary.LittleEndian.Uint32(data[i+1:]) == wordAlse {
		d.i = i + 5
		return 'f', nil
	}
	return 0, errSyntax
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

// scanNumber consumes a number at d.i, checking its grammar:
// -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
// The likely integers are grammar.IntEnd's, which callers try first.
func (d *decodeState) scanNumber() error {
	data, i := d.data, d.i
	if i < len(data) && data[i] == '-' {
		i++
	}
	switch {
	case i < len(data) && data[i] == '0':
		i++
	case i < len(data) && data[i]-'1' < 9:
		i = grammar.SkipDigits(data, i+1)
	default:
		return errSyntax
	}
	if i < len(data) && data[i] == '.' {
		i++
		if i >= len(data) || data[i]-'0' >= 10 {
			return errSyntax
		}
		i = grammar.SkipDigits(data, i)
	}
	if i < len(data) && data[i]|0x20 == 'e' {
		i++
		if i < len(data) && (data[i] == '+' || data[i] == '-') {
			i++
		}
		if i >= len(data) || data[i]-'0' >= 10 {
			return errSyntax
		}
		for i < len(data) && data[i]-'0' < 10 {
			i++
		}
	}
	d.i = i
	return nil
}

// skipValue consumes one value of any kind, checking its syntax.
func (d *decodeState) skipValue() error {
	switch d.peek() {
	case '"':
		_, _, err := d.scanString()
		return err
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
			if _, _, err := d.scanString(); err != nil {
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
	d.skipSpace()
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
	d.skipSpace()
	if d.peek() != ':' {
		return errSyntax
	}
	d.i++
	d.skipSpace()
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
			d.skipSpace()
			return true, nil
		case end:
			d.i = i + 1
			d.depth--
			return false, nil
		}
	}
	d.skipSpace()
	switch d.peek() {
	case ',':
		d.i++
		d.skipSpace()
		return true, nil
	case end:
		d.i++
		d.depth--
		return false, nil
	}
	return false, errSyntax
}
