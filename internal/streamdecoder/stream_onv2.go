package streamdecoder

import (
	"io"

	"github.com/safejson/safejson/internal/grammar"
	"github.com/safejson/safejson/internal/mem"
	"github.com/safejson/safejson/internal/semantics"
)

// Go 1.27's json.Decoder is v1's API on top of a jsontext.Decoder. What a
// caller sees follows from how jsontext reads, so this reader does the
// same: the same buffer sizes and Read calls (Buffered and reader errors
// depend on them), the same token state machine, and errors found at the
// same places, with v1's wording and offsets.

// onV2State is the state of the Go 1.27 reader.
type onV2State struct {
	// buf[prevStart:prevEnd] is the last token or value read; the bytes
	// from prevEnd on are unread.
	prevStart, prevEnd int
	base               int64 // stream offset of buf[0]
	peekPos            int   // non-zero: where More found the next token
	peekErr            error // with peekPos -1: what More ran into

	stack []onV2Entry // the open objects and arrays, outermost first
	last  onV2Entry   // the innermost, or the top level as an array

	hadPeeked bool // More was called after the last token or value
	hadEOF    bool // Token met the end of the input inside a value
}

// onV2Entry is an open object or array and how many names and values it
// has had so far.
type onV2Entry uint64

const onV2Object onV2Entry = 1 << 63

func (e onV2Entry) count() int64   { return int64(e &^ onV2Object) }
func (e onV2Entry) isObject() bool { return e&onV2Object != 0 }

// needName reports whether an object key must come next.
func (e onV2Entry) needName() bool { return e&(onV2Object|1) == onV2Object }

// needValue reports whether an object member's value must come next.
func (e onV2Entry) needValue() bool { return e&(onV2Object|1) == onV2Object|1 }

// needDelim returns the ',' or ':' that must come before a token of kind
// next, or 0.
func (s *onV2State) needDelim(next byte) byte {
	switch {
	case s.last.needValue():
		return ':'
	case s.last.count() > 0 && next != '}' && next != ']' && len(s.stack) != 0:
		return ','
	}
	return 0
}

// fetch reads more input, at least one byte, as jsontext does.
func (dec *Decoder) onV2Fetch() error {
	s := &dec.onV2
	if cap(dec.buf) == 0 {
		dec.buf = make([]byte, 0, 64)
	}
	// jsontext grows the buffer up to 4 KiB once enough has been read,
	// and past that when one value does not fit.
	const maxSize = 4 << 10
	grow := cap(dec.buf) <= maxSize/2 && int64(cap(dec.buf)) < (s.base+int64(s.prevEnd))/2
	grow = grow || s.prevStart == 0 && len(dec.buf) >= 3*cap(dec.buf)/4
	if grow {
		b := make([]byte, 0, 2*cap(dec.buf))
		dec.buf = append(b, dec.buf[s.prevStart:]...)
	} else {
		n := copy(dec.buf[:cap(dec.buf)], dec.buf[s.prevStart:])
		dec.buf = dec.buf[:n]
	}
	s.base += int64(s.prevStart)
	s.prevEnd -= s.prevStart
	s.prevStart = 0
	for {
		n, err := dec.r.Read(dec.buf[len(dec.buf):cap(dec.buf)])
		switch {
		case n > 0:
			// An error that comes with data is left for the next Read.
			dec.buf = dec.buf[:len(dec.buf)+n]
			return nil
		case err == io.EOF:
			return io.ErrUnexpectedEOF
		case err != nil:
			return onV2ReadError{err}
		}
	}
}

// onV2Space skips whitespace from pos, reading more as needed. Without an
// error, a byte follows.
func (dec *Decoder) onV2Space(pos int) (int, error) {
	for {
		if pos < len(dec.buf) {
			// Most tokens follow each other directly.
			if dec.buf[pos] > ' ' {
				return pos, nil
			}
			if pos = grammar.SkipSpace(dec.buf, pos); pos < len(dec.buf) {
				return pos, nil
			}
		}
		abs := dec.onV2.base + int64(pos)
		err := dec.onV2Fetch()
		pos = int(abs - dec.onV2.base)
		if err != nil {
			return pos, err
		}
	}
}

// onV2Spaced reports whether onV2Space has work at pos: whitespace, or the
// end of the buffer. Most tokens follow each other directly.
func (dec *Decoder) onV2Spaced(pos int) bool {
	return uint(pos) >= uint(len(dec.buf)) || dec.buf[pos] <= ' '
}

// onV2Wrap turns a problem found at buf[pos] into the error v1 on v2
// reports: io.EOF and reader errors stay as they are, syntax errors get
// v1's offset, the number of bytes read up to and including the bad text.
func (dec *Decoder) onV2Wrap(err error, pos int) error {
	s := &dec.onV2
	off := s.base + int64(pos)
	switch err {
	case io.EOF:
		return err
	case io.ErrUnexpectedEOF:
		return &onV2EOF{off}
	case errOnV2Mismatch:
		ctx := semantics.CtxValue
		if len(s.stack) > 0 && s.last.count() > 0 {
			ctx = semantics.CtxAfterElem
			if s.last.isObject() {
				ctx = semantics.CtxAfterPair
			}
		}
		err = &onV2Fault{ctx: ctx}
	case errOnV2NonKey:
		return mem.NewSyntaxError(semantics.StreamError(semantics.StreamNonStringKey, 0), off+1)
	case errOnV2Missing:
		return mem.NewSyntaxError(semantics.StreamError(semantics.StreamMissingValue, 0), off+1)
	}
	if e, ok := err.(*onV2Fault); ok {
		msg, at := semantics.SyntaxError(dec.buf, pos, e.ctx, semantics.EntryValid)
		return mem.NewSyntaxError(msg, s.base+at)
	}
	return err
}

// onV2Scan finds the next token after the last one read: past whitespace and
// the comma or colon before it, which it checks.
func (dec *Decoder) onV2Scan() (int, byte, error) {
	s := &dec.onV2
	pos, err := dec.onV2Space(s.prevEnd)
	if err != nil {
		if err == io.ErrUnexpectedEOF && len(s.stack) == 0 {
			err = io.EOF
		}
		return pos, 0, dec.onV2Wrap(err, pos)
	}
	var delim byte
	if c := dec.buf[pos]; c == ':' || c == ',' {
		delim = c
		if pos, err = dec.onV2Space(pos + 1); err != nil {
			err = dec.onV2Wrap(err, pos)
			// A string could always follow, so only a delimiter that
			// nothing may follow is reported instead.
			if s.needDelim('"') != delim {
				err = dec.onV2CheckDelim(delim, '"')
			}
			return pos, 0, err
		}
	}
	next := onV2Kind(dec.buf[pos])
	if s.needDelim(next) != delim {
		return pos, 0, dec.onV2CheckDelim(delim, next)
	}
	return pos, next, nil
}

// onV2CheckDelim reports the delimiter (or its absence) that does not fit
// before a token of kind next.
func (dec *Decoder) onV2CheckDelim(delim, next byte) error {
	s := &dec.onV2
	ctx := semantics.CtxValue
	switch s.needDelim(next) {
	case delim:
		return nil
	case ':':
		ctx = semantics.CtxAfterKey
	case ',':
		ctx = semantics.CtxAfterElem
		if s.last.isObject() {
			ctx = semantics.CtxAfterPair
		}
	}
	pos := grammar.SkipSpace(dec.buf, s.prevEnd)
	return dec.onV2Wrap(&onV2Fault{ctx: ctx}, pos)
}

// onV2Next is onV2Scan, or what a call to More has found already.
func (dec *Decoder) onV2Next() (int, byte, error) {
	s := &dec.onV2
	if pos := s.peekPos; pos != 0 {
		err := s.peekErr
		s.peekPos, s.peekErr = 0, nil
		if err != nil {
			return 0, 0, err
		}
		return pos, onV2Kind(dec.buf[pos]), nil
	}
	s.prevStart = s.prevEnd
	return dec.onV2Scan()
}

// onV2Peek returns the kind of the next token without reading it, or 0 on
// an error, which the next read returns.
func (dec *Decoder) onV2Peek() byte {
	s := &dec.onV2
	if s.peekPos > 0 {
		return onV2Kind(dec.buf[s.peekPos])
	}
	s.prevStart = s.prevEnd
	pos, next, err := dec.onV2Scan()
	if err != nil {
		s.peekPos, s.peekErr = -1, err
		return 0
	}
	// A token at buf[0] is not remembered, which only costs a rescan.
	s.peekPos, s.peekErr = pos, nil
	return next
}

// onV2Scalar checks that a literal or number may come next and counts it.
func (s *onV2State) onV2Scalar() error {
	if s.last.needName() {
		return errOnV2NonKey
	}
	s.last++
	return nil
}

// onV2Push checks that an object or array may open next.
func (s *onV2State) onV2Push() error {
	switch {
	case s.last.needName():
		return errOnV2NonKey
	case len(s.stack) == grammar.MaxDepth:
		return errOnV2Depth
	}
	return nil
}

// onV2ReadToken reads the next token, which then is buf[prevStart:prevEnd]
// for strings and numbers, and returns its kind.
func (dec *Decoder) onV2ReadToken() (byte, error) {
	s := &dec.onV2
	pos, next, err := dec.onV2Next()
	if err != nil {
		return 0, err
	}
	switch next {
	case 'n', 'f', 't':
		start := s.base + int64(pos)
		if pos, err = dec.onV2Value(pos, 0); err != nil { // a scalar, at no depth
			return 0, dec.onV2Wrap(err, pos)
		}
		if err := s.onV2Scalar(); err != nil {
			return 0, dec.onV2Wrap(err, int(start-s.base))
		}
		s.prevStart, s.prevEnd = pos, pos
	case '"', '0':
		start := s.base + int64(pos)
		if pos, err = dec.onV2Value(pos, 0); err != nil { // a scalar, at no depth
			return 0, dec.onV2Wrap(err, pos)
		}
		begin := int(start - s.base)
		if next == '"' {
			s.last++
		} else if err := s.onV2Scalar(); err != nil {
			return 0, dec.onV2Wrap(err, begin)
		}
		s.prevStart, s.prevEnd = begin, pos
	case '{', '[':
		if err := s.onV2Push(); err != nil {
			return 0, dec.onV2Wrap(err, pos)
		}
		s.last++
		s.stack = append(s.stack, s.last)
		s.last = 0
		if next == '{' {
			s.last = onV2Object
		}
		s.prevStart, s.prevEnd = pos+1, pos+1
	case '}', ']':
		switch {
		case s.last.isObject() != (next == '}') || len(s.stack) == 0:
			return 0, dec.onV2Wrap(errOnV2Mismatch, pos)
		case s.last.needValue():
			return 0, dec.onV2Wrap(errOnV2Missing, pos)
		}
		s.last = s.stack[len(s.stack)-1]
		s.stack = s.stack[:len(s.stack)-1]
		s.prevStart, s.prevEnd = pos+1, pos+1
	default:
		return 0, dec.onV2Wrap(&onV2Fault{ctx: semantics.CtxValue}, pos)
	}
	return next, nil
}

// onV2ReadValue reads the next whole value.
func (dec *Decoder) onV2ReadValue() ([]byte, error) {
	s := &dec.onV2
	pos, next, err := dec.onV2Next()
	if err != nil {
		return nil, err
	}
	start := s.base + int64(pos)
	if pos, err = dec.onV2Value(pos, len(s.stack)+1); err != nil {
		return nil, dec.onV2Wrap(err, pos)
	}
	begin := int(start - s.base)
	switch next {
	case '"':
		s.last++
	case '{', '[':
		if err = s.onV2Push(); err == nil {
			s.last++
		}
	default:
		err = s.onV2Scalar()
	}
	if err != nil {
		return nil, dec.onV2Wrap(err, begin)
	}
	s.prevStart, s.prevEnd = begin, pos
	return dec.buf[begin:pos:pos], nil
}
