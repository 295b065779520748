package conformance

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strings"

	"github.com/leanovate/gopter"
)

// streamOp is one call on a Decoder.
type streamOp int

const (
	opDecode    streamOp = iota // Decode into a new value of the case's type
	opDecodeAny                 // Decode into an any
	opToken
	opMore
)

func (op streamOp) String() string {
	return [...]string{"Decode", "Decode(any)", "Token", "More"}[op]
}

// streamInput is one Decoder case: a stream of several texts read in
// chunks of Chunk bytes (0: all at once), ending as End says, and a
// sequence of calls.
type streamInput struct {
	Type      reflect.Type
	Stream    []byte
	Ops       []streamOp
	Chunk     int
	End       streamEnd
	UseNumber bool
	Disallow  bool
}

// streamEnd is how the reader of a stream ends.
type streamEnd int

const (
	endEOF      streamEnd = iota // a Read of no bytes and io.EOF
	endWithData                  // io.EOF along with the last bytes
	endFailure                   // errStreamRead after the last bytes
)

func (e streamEnd) String() string {
	return [...]string{"io.EOF", "io.EOF with the data", "a read error"}[e]
}

// errStreamRead is the reader's error in streams that end with endFailure.
var errStreamRead = errors.New("conformance: read failed")

func (in streamInput) describe() (string, string) {
	return fmt.Sprintf("stream %q, calls %v, read %d bytes at a time, ending with %v, UseNumber %v, DisallowUnknownFields %v",
		in.Stream, in.Ops, in.Chunk, in.End, in.UseNumber, in.Disallow), in.Type.String()
}

func genStreamInput() gopter.Gen {
	return func(p *gopter.GenParameters) *gopter.GenResult {
		depth := 1 + p.MaxSize/8
		r, t, vg, tg := typedCase(p, depth)
		in := streamInput{Type: t, UseNumber: r.Intn(3) == 0, Disallow: r.Intn(3) == 0}
		for n := 1 + r.Intn(4); n > 0; n-- {
			var text []byte
			switch r.Intn(6) {
			case 0, 1, 2:
				text, _ = marshalQuietly(vg.value(t, depth).Interface())
			case 3:
				text = tg.text()
			case 4:
				text = tg.mutate(tg.text())
			default:
				text = tg.randomBytes()
			}
			in.Stream = append(in.Stream, text...)
			in.Stream = append(in.Stream, []string{"", " ", "\n", "\t\r\n "}[r.Intn(4)]...)
		}
		for n := 1 + r.Intn(8); n > 0; n-- {
			in.Ops = append(in.Ops, []streamOp{opDecode, opDecode, opDecode, opDecodeAny, opToken, opToken, opMore}[r.Intn(7)])
		}
		if r.Intn(2) == 0 {
			in.Chunk = 1 + r.Intn(16)
		}
		if r.Intn(3) == 0 {
			in.End = streamEnd(1 + r.Intn(2))
		}
		return gopter.NewGenResult(in, shrinkStreamInput)
	}
}

func shrinkStreamInput(v any) gopter.Shrink {
	in := v.(streamInput)
	var out []streamInput
	if in.Chunk != 0 {
		w := in
		w.Chunk = 0
		out = append(out, w)
	}
	if in.End != endEOF {
		w := in
		w.End = endEOF
		out = append(out, w)
	}
	for i := range in.Ops {
		if len(in.Ops) > 1 {
			w := in
			w.Ops = append(append([]streamOp{}, in.Ops[:i]...), in.Ops[i+1:]...)
			out = append(out, w)
		}
	}
	for _, s := range shrinkString(string(in.Stream)) {
		w := in
		w.Stream = []byte(s)
		out = append(out, w)
	}
	return shrinkList(out)
}

// chunkReader returns at most n bytes per Read, so that a decoder has to
// refill its buffer in the middle of values, and ends as end says.
type chunkReader struct {
	data []byte
	n    int
	end  streamEnd
}

func (c *chunkReader) Read(p []byte) (int, error) {
	if len(c.data) == 0 {
		if c.end == endFailure {
			return 0, errStreamRead
		}
		return 0, io.EOF
	}
	if c.n > 0 && len(p) > c.n {
		p = p[:c.n]
	}
	k := copy(p, c.data)
	c.data = c.data[k:]
	if len(c.data) == 0 && c.end == endWithData {
		return k, io.EOF
	}
	return k, nil
}

// streamStep is what one call returned, and the offset after it.
type streamStep struct {
	Call   string
	Result any
	Offset int64
}

// decodeStream makes the calls and returns each result, then the input
// the decoder has not consumed (Buffered followed by the unread rest).
func decodeStream(impl Impl, in streamInput, zones *zoneCache) (any, error) {
	src := &chunkReader{data: bytes.Clone(in.Stream), n: in.Chunk, end: in.End}
	dec := impl.NewDecoder(src)
	if in.UseNumber {
		dec.UseNumber()
	}
	if in.Disallow {
		dec.DisallowUnknownFields()
	}
	var steps []streamStep
	var errs []error
	for _, op := range in.Ops {
		var res any
		var err error
		switch op {
		case opDecode:
			p := reflect.New(in.Type)
			err = dec.Decode(p.Interface())
			res = copyValue(p.Elem(), zones.canon).Interface()
		case opDecodeAny:
			var v any
			err = dec.Decode(&v)
			res = v
		case opToken:
			var tok any
			tok, err = dec.Token()
			res = fmt.Sprintf("%T(%v)", tok, tok)
		case opMore:
			res = dec.More()
		}
		errs = append(errs, err)
		steps = append(steps, streamStep{op.String(), res, dec.InputOffset()})
	}
	var rest strings.Builder
	if b := dec.Buffered(); b != nil {
		io.Copy(&rest, b)
	}
	io.Copy(&rest, src)
	steps = append(steps, streamStep{"unconsumed", rest.String(), dec.InputOffset()})
	return steps, joinErrors(errs)
}

func streamProperties() []Property {
	return []Property{
		decodingProperty("Decoder", "NewDecoder",
			"Decoder: Decode, Token and More over a stream of texts read in small chunks, with UseNumber and DisallowUnknownFields",
			genStreamInput(), decodeStream),
	}
}
