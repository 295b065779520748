package streamdecoder

import (
	"bytes"
	"encoding/json"
	"io"
	"reflect"
	"strconv"

	"github.com/safejson/safejson/internal/grammar"
	"github.com/safejson/safejson/internal/semantics"
)

func (dec *Decoder) onV2Decode(v any) error {
	if dec.err != nil {
		return dec.err
	}
	data, err := dec.onV2ReadValue()
	if err != nil {
		if e, ok := err.(*onV2EOF); ok {
			err = e.syntaxError()
		} else if e, ok := err.(onV2ReadError); ok {
			err = e.err
		}
		// Decode has always reported a value cut short this way.
		if err.Error() == semantics.MsgEOF {
			err = io.ErrUnexpectedEOF
		}
		dec.err = err
		return err
	}
	dec.onV2.hadPeeked, dec.onV2.hadEOF = false, false
	return dec.decode(data, v, dec.opts)
}

func (dec *Decoder) onV2Token() (json.Token, error) {
	if dec.err != nil {
		return nil, dec.err
	}
	s := &dec.onV2
	k, err := dec.onV2ReadToken()
	switch err := err.(type) {
	case nil:
	case *onV2EOF:
		// A stream that stops between tokens ends; one cut off inside a
		// token is truncated.
		if len(bytes.Trim(dec.buf[s.prevEnd:], " \r\n\t,:")) == 0 {
			s.hadEOF = true
			return nil, io.EOF
		}
		return nil, io.ErrUnexpectedEOF
	case onV2ReadError:
		return nil, err.err
	default:
		return nil, err
	}
	s.hadPeeked, s.hadEOF = false, false
	switch k {
	case 'n':
		return nil, nil
	case 'f':
		return false, nil
	case 't':
		return true, nil
	case '"':
		raw := dec.buf[s.prevStart+1 : s.prevEnd-1]
		if grammar.PlainASCIIRun(raw, 0) == len(raw) {
			return string(raw), nil
		}
		return string(grammar.AppendUnquoted(nil, raw)), nil
	case '0':
		raw := dec.buf[s.prevStart:s.prevEnd]
		if dec.opts.UseNumber {
			return json.Number(raw), nil
		}
		f, err := strconv.ParseFloat(string(raw), 64)
		if err != nil {
			return nil, &json.UnmarshalTypeError{Value: "number " + string(raw), Type: reflect.TypeFor[float64](), Offset: dec.onV2InputOffset()}
		}
		return f, nil
	}
	return json.Delim(k), nil
}

func (dec *Decoder) onV2More() bool {
	s := &dec.onV2
	s.hadPeeked = true
	k := dec.onV2Peek()
	if k == 0 {
		if dec.err == nil {
			_, err := dec.onV2ReadToken()
			switch e := err.(type) {
			case *onV2EOF:
				err = e.syntaxError()
			case onV2ReadError:
				err = e.err
			}
			dec.err = err
		}
		return dec.err != io.EOF
	}
	return k != ']' && k != '}'
}

func (dec *Decoder) onV2InputOffset() int64 {
	s := &dec.onV2
	off := s.base + int64(s.prevEnd)
	if s.hadPeeked || s.hadEOF {
		// v1 reported the offset after the whitespace that follows the
		// last token once More had looked past it, and after a comma or
		// colon too once Token had met the end of the input.
		unread := dec.buf[s.prevEnd:]
		if rest := bytes.TrimLeft(unread, " \n\r\t"); len(rest) > 0 {
			off += int64(len(unread) - len(rest))
			if s.hadEOF && (rest[0] == ',' || rest[0] == ':') {
				off++
			}
		}
	}
	return off
}
