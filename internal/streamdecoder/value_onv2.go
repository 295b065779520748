package streamdecoder

import (
	"io"

	"github.com/safejson/safejson/internal/grammar"
	"github.com/safejson/safejson/internal/semantics"
)

// onV2Value reads the value at buf[pos] and returns where it ends. depth
// counts the objects and arrays it is in, the top level as one.
func (dec *Decoder) onV2Value(pos, depth int) (int, error) {
	for {
		var n int
		var err error
		switch c := dec.buf[pos]; onV2Kind(c) {
		case 'n', 'f', 't':
			n, err = lexLiteral(dec.buf[pos:], onV2Literal(c))
		case '"':
			if n = plainString(dec.buf[pos:]); n == 0 {
				return dec.onV2String(pos)
			}
		case '0':
			if n = plainNumber(dec.buf[pos:]); n == 0 || pos+n == len(dec.buf) {
				return dec.onV2Number(pos)
			}
		case '{', '[':
			return dec.onV2Container(pos, depth)
		default:
			if last := dec.onV2.last; last.isObject() && c == ']' || !last.isObject() && c == '}' {
				return pos, errOnV2Mismatch
			}
			return pos, &onV2Fault{ctx: semantics.CtxValue}
		}
		if err != io.ErrUnexpectedEOF {
			return pos + n, err
		}
		abs := dec.onV2.base + int64(pos)
		err = dec.onV2Fetch()
		pos = int(abs - dec.onV2.base)
		if err != nil {
			return pos + n, err
		}
	}
}

// onV2LiteralAt reads lit at buf[pos], reading more as needed.
func (dec *Decoder) onV2LiteralAt(pos int, lit string) (int, error) {
	for {
		n, err := lexLiteral(dec.buf[pos:], lit)
		if err != io.ErrUnexpectedEOF {
			return pos + n, err
		}
		abs := dec.onV2.base + int64(pos)
		err = dec.onV2Fetch()
		pos = int(abs - dec.onV2.base)
		if err != nil {
			return pos + n, err
		}
	}
}

// onV2String reads the string at buf[pos], reading more as needed.
func (dec *Decoder) onV2String(pos int) (int, error) {
	if n := plainString(dec.buf[pos:]); n > 0 {
		return pos + n, nil
	}
	n := 0
	for {
		var err error
		n, err = lexString(dec.buf[pos:], n)
		if err != io.ErrUnexpectedEOF {
			return pos + n, err
		}
		abs := dec.onV2.base + int64(pos)
		err = dec.onV2Fetch()
		pos = int(abs - dec.onV2.base)
		if err != nil {
			return pos + n, err
		}
	}
}

// onV2Number reads the number at buf[pos], reading more as needed: a number
// only ends at a byte that cannot continue it, or at the end of the input.
func (dec *Decoder) onV2Number(pos int) (int, error) {
	if n := plainNumber(dec.buf[pos:]); n > 0 && pos+n < len(dec.buf) {
		return pos + n, nil
	}
	n, st := 0, numInit
	for {
		var err error
		n, st, err = lexNumber(dec.buf[pos:], n, st)
		if err != io.ErrUnexpectedEOF && pos+n < len(dec.buf) {
			return pos + n, err
		}
		complete := err == nil
		abs := dec.onV2.base + int64(pos)
		err = dec.onV2Fetch()
		pos = int(abs - dec.onV2.base)
		switch {
		case err == io.ErrUnexpectedEOF && complete:
			return pos + n, nil
		case err != nil:
			return pos, err
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
