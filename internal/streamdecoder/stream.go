package streamdecoder

import (
	"bytes"
	"encoding/json"
	"io"

	"github.com/safejson/safejson/internal/grammar"
	"github.com/safejson/safejson/internal/mem"
	"github.com/safejson/safejson/internal/semantics"
)

// A Decoder reads and decodes JSON values from an input stream, as
// json.Decoder does: the same values, errors, offsets and buffering.
// Go 1.26's and Go 1.27's Decoders read differently; semantics.OnV2 picks
// which one this is, and each keeps its own state beside the shared
// fields. It finds where each value or token ends; the engine it is given
// decodes the values into Go values.
type Decoder struct {
	r      io.Reader
	buf    []byte
	err    error // sticky: every later Decode returns it
	decode DecodeFunc
	opts   Options

	// Go 1.26.
	scanp      int   // start of unread data in buf
	scanned    int64 // bytes dropped from the front of buf
	scan       frame
	tokenState int
	tokenStack []int

	// Go 1.27.
	onV2 onV2State
}

// Options are the Decoder's settings that reach the engine.
type Options struct {
	UseNumber             bool
	DisallowUnknownFields bool
}

// DecodeFunc decodes data, one whole value that is valid JSON text, into
// v, as the engine's Unmarshal would under o.
type DecodeFunc func(data []byte, v any, o Options) error

// NewDecoder returns a new decoder that reads from r and decodes each
// value with decode.
func NewDecoder(r io.Reader, decode DecodeFunc) *Decoder { return &Decoder{r: r, decode: decode} }

// UseNumber makes numbers decoded into an interface json.Numbers.
func (dec *Decoder) UseNumber() { dec.opts.UseNumber = true }

// DisallowUnknownFields makes object keys that match no struct field an
// error.
func (dec *Decoder) DisallowUnknownFields() { dec.opts.DisallowUnknownFields = true }

// Decode reads the next JSON value from the stream and stores it in v.
func (dec *Decoder) Decode(v any) error {
	if semantics.OnV2 {
		return dec.onV2Decode(v)
	}
	if dec.err != nil {
		return dec.err
	}
	if err := dec.tokenPrepareForDecode(); err != nil {
		return err
	}
	if !dec.tokenValueAllowed() {
		return mem.NewSyntaxError(semantics.StreamError(semantics.StreamNotAtValue, 0), dec.InputOffset())
	}
	n, err := dec.readValue()
	if err != nil {
		return err
	}
	data := dec.buf[dec.scanp : dec.scanp+n]
	dec.scanp += n
	err = dec.decode(data, v, dec.opts)
	dec.tokenValueEnd()
	return err
}

// Buffered returns a reader of the data remaining in the Decoder's buffer.
func (dec *Decoder) Buffered() io.Reader {
	if semantics.OnV2 {
		return bytes.NewReader(dec.buf[dec.onV2.prevEnd:])
	}
	return bytes.NewReader(dec.buf[dec.scanp:])
}

// readValue reads until buf[scanp:] starts with a whole JSON value and
// returns its length.
func (dec *Decoder) readValue() (int, error) {
	// scan.bytes runs on across values: encoding/json's offsets for
	// syntax errors count every byte its Decoder has scanned.
	dec.scan.reset()
	scanp := dec.scanp
	var err error
	for {
		for scanp < len(dec.buf) {
			if dec.scan.state == stToken {
				var ok bool
				if scanp, ok = dec.scan.lexRun(dec.buf, scanp); !ok {
					return 0, dec.frameError(scanp)
				}
				continue
			}
			if c := dec.buf[scanp]; isSpace(c) && dec.scan.spaceGoesOn() {
				end := grammar.SkipSpace(dec.buf, scanp)
				dec.scan.bytes += int64(end - scanp)
				scanp = end
				continue
			}
			dec.scan.bytes++
			switch dec.scan.step(dec.buf[scanp]) {
			case opToken:
				dec.scan.bytes-- // lexRun counts the token's bytes
				continue
			case opEnd:
				dec.scan.bytes--
				return scanp - dec.scanp, nil
			case opEndContainer:
				if len(dec.scan.stack) == 0 {
					return scanp + 1 - dec.scanp, nil
				}
			case opError:
				return 0, dec.frameError(scanp)
			}
			scanp++
		}
		if err != nil {
			if err == io.EOF {
				if dec.scan.state == stToken && dec.scan.part.AtEnd() == semantics.CtxNone {
					dec.scan.state = stEndValue // a number the end of input ends
				}
				if dec.scan.step(' ') == opEnd {
					return scanp - dec.scanp, nil
				}
				if nonSpace(dec.buf) {
					err = io.ErrUnexpectedEOF
				}
			}
			dec.err = err
			return 0, err
		}
		n := scanp - dec.scanp
		err = dec.refill()
		scanp = dec.scanp + n
	}
}

// frameError is the syntax error the frame found at buf[pos].
func (dec *Decoder) frameError(pos int) error {
	msg, _ := semantics.SyntaxError(dec.buf, pos, dec.scan.ctx, semantics.EntryValid)
	dec.err = mem.NewSyntaxError(msg, dec.scan.bytes)
	return dec.err
}

func (dec *Decoder) refill() error {
	// Drop what has been read.
	if dec.scanp > 0 {
		dec.scanned += int64(dec.scanp)
		n := copy(dec.buf, dec.buf[dec.scanp:])
		dec.buf = dec.buf[:n]
		dec.scanp = 0
	}
	const minRead = 512
	if cap(dec.buf)-len(dec.buf) < minRead {
		b := make([]byte, len(dec.buf), 2*cap(dec.buf)+minRead)
		copy(b, dec.buf)
		dec.buf = b
	}
	n, err := dec.r.Read(dec.buf[len(dec.buf):cap(dec.buf)])
	dec.buf = dec.buf[:len(dec.buf)+n]
	return err
}

func nonSpace(b []byte) bool {
	for _, c := range b {
		if !isSpace(c) {
			return true
		}
	}
	return false
}

// Where Token is between values, as in encoding/json.
const (
	tokenTopValue = iota
	tokenArrayStart
	tokenArrayValue
	tokenArrayComma
	tokenObjectStart
	tokenObjectKey
	tokenObjectColon
	tokenObjectValue
	tokenObjectComma
)

// tokenPrepareForDecode consumes the comma or colon that Token has not yet
// read before a value.
func (dec *Decoder) tokenPrepareForDecode() error {
	var want byte
	var ctx semantics.StreamCtx
	switch dec.tokenState {
	case tokenArrayComma:
		want, ctx = ',', semantics.StreamNeedComma
	case tokenObjectColon:
		want, ctx = ':', semantics.StreamNeedColon
	default:
		return nil
	}
	c, err := dec.peek()
	if err != nil {
		return err
	}
	if c != want {
		return mem.NewSyntaxError(semantics.StreamError(ctx, 0), dec.InputOffset())
	}
	dec.scanp++
	if want == ',' {
		dec.tokenState = tokenArrayValue
	} else {
		dec.tokenState = tokenObjectValue
	}
	return nil
}

func (dec *Decoder) tokenValueAllowed() bool {
	switch dec.tokenState {
	case tokenTopValue, tokenArrayStart, tokenArrayValue, tokenObjectValue:
		return true
	}
	return false
}

func (dec *Decoder) tokenValueEnd() {
	switch dec.tokenState {
	case tokenArrayStart, tokenArrayValue:
		dec.tokenState = tokenArrayComma
	case tokenObjectValue:
		dec.tokenState = tokenObjectComma
	}
}

// Token returns the next JSON token in the input stream: a json.Delim for
// brackets and braces, or a bool, float64, json.Number, string or nil. At
// the end of the input it returns nil, io.EOF.
func (dec *Decoder) Token() (json.Token, error) {
	if semantics.OnV2 {
		return dec.onV2Token()
	}
	for {
		c, err := dec.peek()
		if err != nil {
			return nil, err
		}
		switch c {
		case '[', '{':
			if !dec.tokenValueAllowed() {
				return dec.tokenError(c)
			}
			dec.scanp++
			dec.tokenStack = append(dec.tokenStack, dec.tokenState)
			dec.tokenState = tokenArrayStart
			if c == '{' {
				dec.tokenState = tokenObjectStart
			}
			return json.Delim(c), nil
		case ']', '}':
			start, comma := tokenArrayStart, tokenArrayComma
			if c == '}' {
				start, comma = tokenObjectStart, tokenObjectComma
			}
			if dec.tokenState != start && dec.tokenState != comma {
				return dec.tokenError(c)
			}
			dec.scanp++
			dec.tokenState = dec.tokenStack[len(dec.tokenStack)-1]
			dec.tokenStack = dec.tokenStack[:len(dec.tokenStack)-1]
			dec.tokenValueEnd()
			return json.Delim(c), nil
		case ':':
			if dec.tokenState != tokenObjectColon {
				return dec.tokenError(c)
			}
			dec.scanp++
			dec.tokenState = tokenObjectValue
		case ',':
			switch dec.tokenState {
			case tokenArrayComma:
				dec.tokenState = tokenArrayValue
			case tokenObjectComma:
				dec.tokenState = tokenObjectKey
			default:
				return dec.tokenError(c)
			}
			dec.scanp++
		default:
			if c == '"' && (dec.tokenState == tokenObjectStart || dec.tokenState == tokenObjectKey) {
				return dec.tokenKey()
			}
			if !dec.tokenValueAllowed() {
				return dec.tokenError(c)
			}
			var x any
			if err := dec.Decode(&x); err != nil {
				return nil, err
			}
			return x, nil
		}
	}
}

// tokenKey reads an object key.
func (dec *Decoder) tokenKey() (json.Token, error) {
	var x string
	old := dec.tokenState
	dec.tokenState = tokenTopValue
	err := dec.Decode(&x)
	dec.tokenState = old
	if err != nil {
		return nil, err
	}
	dec.tokenState = tokenObjectColon
	return x, nil
}

// tokenError reports c, at buf[scanp], where Token does not expect it.
func (dec *Decoder) tokenError(c byte) (json.Token, error) {
	ctx := semantics.CtxValue
	switch dec.tokenState {
	case tokenArrayComma:
		ctx = semantics.CtxAfterElem
	case tokenObjectKey:
		ctx = semantics.CtxKey
	case tokenObjectColon:
		ctx = semantics.CtxAfterKey
	case tokenObjectComma:
		ctx = semantics.CtxAfterPair
	case tokenObjectStart:
		return nil, mem.NewSyntaxError(semantics.StreamError(semantics.StreamBadFirstKey, c), dec.InputOffset())
	}
	msg, _ := semantics.SyntaxError(dec.buf, dec.scanp, ctx, semantics.EntryValid)
	return nil, mem.NewSyntaxError(msg, dec.InputOffset())
}

// More reports whether there is another element in the current array or
// object being parsed.
func (dec *Decoder) More() bool {
	if semantics.OnV2 {
		return dec.onV2More()
	}
	c, err := dec.peek()
	return err == nil && c != ']' && c != '}'
}

// peek returns the next byte that is not space, reading more if needed.
func (dec *Decoder) peek() (byte, error) {
	var err error
	for {
		for i := dec.scanp; i < len(dec.buf); i++ {
			if c := dec.buf[i]; !isSpace(c) {
				dec.scanp = i
				return c, nil
			}
		}
		if err != nil {
			return 0, err
		}
		err = dec.refill()
	}
}

// InputOffset returns the input stream byte offset of the current decoder
// position.
func (dec *Decoder) InputOffset() int64 {
	if semantics.OnV2 {
		return dec.onV2InputOffset()
	}
	return dec.scanned + int64(dec.scanp)
}
