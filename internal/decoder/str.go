package decoder

import (
	"encoding/binary"
	"unicode/utf8"

	"github.com/safejson/safejson/internal/grammar"
	"github.com/safejson/safejson/internal/mem"
	"github.com/safejson/safejson/internal/semantics"
)

// scanString consumes the string literal at d.i (its opening quote) and
// returns the bounds of its body. plain is false if the body has escapes or
// invalid UTF-8, so that it must be unquoted rather than used as it is.
func (d *decodeState) scanString() (start int, plain bool, err error) {
	start = d.i + 1
	i := grammar.PlainEnd(d.data, start)
	if i < len(d.data) && d.data[i] == '"' {
		d.i = i + 1
		return start, true, nil
	}
	return start, false, d.skipString(i)
}

// skipString consumes the rest of the string literal whose body goes on at
// d.data[i], checking it.
func (d *decodeState) skipString(i int) error {
	end, fail := grammar.ScanString(d.data, i)
	if fail != semantics.CtxNone {
		return errSyntax
	}
	d.i = end
	return nil
}

// stringBytes consumes a string literal and returns its unquoted body,
// which stays valid only until the next call (it may be d.scratch or d.data).
func (d *decodeState) stringBytes() ([]byte, error) {
	// Most strings are ASCII: PlainASCIIRun reads them with no call
	// further.
	start := d.i + 1
	return d.stringFrom(start, start+grammar.PlainASCIIRun(d.data, start))
}

// stringFrom is stringBytes for the string whose body starts at start and
// is plain ASCII up to i.
func (d *decodeState) stringFrom(start, i int) ([]byte, error) {
	data := d.data
	if i < len(data) && data[i] >= utf8.RuneSelf {
		i = grammar.PlainEnd(data, i)
	}
	if i < len(data) && data[i] == '"' {
		d.i = i + 1
		return data[start:i], nil
	}
	b, end, ok := grammar.AppendBody(append(d.scratch[:0], data[start:i]...), data, i, false)
	if !ok {
		return nil, errSyntax
	}
	d.i, d.scratch = end, b
	return b, nil
}

// str consumes a string literal and returns it as a string of its own.
func (d *decodeState) str() (string, error) {
	// Most strings are short and plain ASCII: each word is stored in the
	// arena as it is checked, one pass and no call. The bytes stored past
	// the closing quote are left for the next string to write over.
	data, start := d.data, d.i+1
	if a := &d.arena; len(data)-start >= plainWords*8 && cap(a.buf)-len(a.buf) >= plainWords*8 {
		n := len(a.buf)
		dst := (*[plainWords * 8]byte)(a.buf[n : n+plainWords*8])
		src := (*[plainWords * 8]byte)(data[start : start+plainWords*8])
		for j := 0; j < plainWords*8; j += 8 {
			w := binary.LittleEndian.Uint64(src[j : j+8])
			binary.LittleEndian.PutUint64(dst[j:j+8], w)
			if m := grammar.ASCIIMask(w); m != 0 {
				k := j + grammar.Lane(m)
				if src[k] != '"' {
					return d.strFrom(start, start+k)
				}
				d.i = start + k + 1
				a.buf = a.buf[:n+k]
				return mem.String(dst[:k]), nil
			}
		}
		i := start + plainWords*8
		return d.strFrom(start, i+grammar.PlainASCIIRun(data, i))
	}
	return d.strFrom(start, start+grammar.PlainASCIIRun(data, start))
}

// strFrom is str for the string whose body starts at start and is plain
// ASCII up to i.
func (d *decodeState) strFrom(start, i int) (string, error) {
	b, err := d.stringFrom(start, i)
	if err != nil {
		return "", err
	}
	return d.keep(b), nil
}

// plainWords is how many words str copies as it checks them before it
// leaves a longer string to stringBytes and keep.
const plainWords = 4

// arena holds the strings decoded: a few large allocations instead of one
// per string, sized by mem.Chunks. A string keeps its whole chunk alive,
// as goccy/go-json's keep their whole input.
type arena struct {
	buf    []byte
	chunks mem.Chunks
}

// keep returns b as a string that no later write changes.
func (d *decodeState) keep(b []byte) string {
	return mem.String(d.arena.keep(b, d.i, len(d.data)))
}

// ownBytes is the length from which a string that does not fit in the
// chunk at hand gets an allocation of its own: at this length one more
// allocation adds little to what reading the string costs, while a new
// chunk sized around it would be mostly unused if few strings follow.
const ownBytes = 512

// keep returns a copy of b in a that nothing else writes to, with no room
// to append in place. Where the input is read (at) and where it ends size
// a new chunk.
func (a *arena) keep(b []byte, at, end int) []byte {
	if len(b) > cap(a.buf)-len(a.buf) {
		if len(b) >= ownBytes {
			own := make([]byte, len(b))
			copy(own, b)
			return own
		}
		a.buf = make([]byte, 0, a.chunks.Next(len(a.buf), len(b), at, end-at))
	}
	n := len(a.buf)
	a.buf = append(a.buf, b...)
	return a.buf[n:len(a.buf):len(a.buf)]
}

// memberName consumes an object member's key and the colon after it, and
// returns the key as a string of its own.
func (d *decodeState) memberName() (string, error) {
	if d.peek() != '"' {
		return "", errSyntax
	}
	b, err := d.stringBytes()
	if err != nil {
		return "", err
	}
	if !d.colonFast() {
		if err := d.colon(); err != nil {
			return "", err
		}
	}
	if len(b) == 0 {
		return "", nil
	}
	h := d.recentKey(b)
	if k := d.keys[h]; k == string(b) {
		return k, nil
	}
	k := d.keep(b)
	d.keys[h], d.keysUsed = k, true
	return k, nil
}

// recentKey returns the index in d.keys of a key with b's text: keys
// repeat across the objects of a document, and one seen before is
// returned as it was then, without being copied again.
func (d *decodeState) recentKey(b []byte) int {
	return (len(b)*7 + int(b[0])*3 + int(b[len(b)-1])) & (len(d.keys) - 1)
}
