package jsonstream

import "io"

// reader is a sliding window over an io.Reader. Bytes before the token being
// read are dropped when the window refills, so the window grows only to
// hold one token.
type reader struct {
	r    io.Reader
	buf  []byte
	pos  int   // next byte to read in buf
	end  int   // bytes of buf filled
	base int64 // input offset of buf[0]
	err  error // read error, io.EOF at the end
}

const minRead = 32 << 10

func newReader(r io.Reader) *reader {
	return &reader{r: r, buf: make([]byte, 2*minRead)}
}

// fill reads more input, keeping buf[keep:] (keep <= pos). It reports
// whether any byte was added. buf[:keep] is dropped even at the end of
// input: callers shift their indexes by keep either way.
func (r *reader) fill(keep int) bool {
	if keep > 0 {
		n := copy(r.buf, r.buf[keep:r.end])
		r.base += int64(keep)
		r.pos -= keep
		r.end = n
	}
	if r.err != nil {
		return false
	}
	if len(r.buf)-r.end < minRead {
		grown := make([]byte, 2*len(r.buf))
		copy(grown, r.buf[:r.end])
		r.buf = grown
	}
	for {
		n, err := r.r.Read(r.buf[r.end:])
		r.end += n
		if err != nil {
			r.err = err
			return n > 0
		}
		if n > 0 {
			return true
		}
	}
}

// ioErr is the read error that ended the input, or nil at a clean end.
func (r *reader) ioErr() error {
	if r.err == io.EOF {
		return nil
	}
	return r.err
}
