//go:build goexperiment.jsonv2 && go1.27

package decoder

import (
	"encoding/base64"
	"encoding/binary"
	"reflect"
	"strconv"
	"time"

	"github.com/safejson/safejson/internal/grammar"
	"github.com/safejson/safejson/internal/mem"
	"github.com/safejson/safejson/internal/numparse"
	"github.com/safejson/safejson/internal/timeparse"
	"github.com/safejson/safejson/internal/v2opts"
)

// Each scalar decoder stores its zero value for a null, as v2 does: the
// target may hold another (see mergeV2).

func boolDecV2(d *decodeState, p mem.Ptr) bool {
	switch d.Peek() {
	case 't':
		mem.Store(p, true)
		return d.Literal()
	case 'f', 'n':
		mem.Store(p, false)
		return d.Literal()
	}
	return false
}

// integerV2 reads the number at d.I as an integer, as v2 reads one: digits
// only, in range of int64 (or of uint64 for unsigned, with no sign). A
// fraction or an exponent, which v2 rejects, is a false here too. The
// digits are read and added up in one pass.
func (d *decodeState) integerV2(unsigned bool) (neg bool, n uint64, ok bool) {
	data, i := d.Data, d.I
	if i < len(data) && data[i] == '-' {
		if unsigned {
			return false, 0, false
		}
		neg = true
		i++
	}
	start := i
	// Eight digits at a time where eight are there (long ids and
	// timestamps), then one at a time, up to 19 in all.
	for len(data)-i >= 8 && i-start <= 11 {
		w := binary.LittleEndian.Uint64(data[i:])
		if grammar.NonDigits(w) != 0 {
			break
		}
		n = n*100_000_000 + numparse.EightDigits(w)
		i += 8
	}
	for i < len(data) && data[i]-'0' < 10 && i-start < 19 {
		n = n*10 + uint64(data[i]-'0')
		i++
	}
	// 19 digits always fit; a 20th, or a byte that would continue the
	// number, is left to parseIntegerV2 and Number's checks.
	if i == start || i-start > 1 && data[start] == '0' || i < len(data) && grammar.Is(data[i], grammar.InNumber) {
		lit, ok := d.Number()
		if !ok {
			return false, 0, false
		}
		return parseIntegerV2(lit, unsigned)
	}
	if !unsigned && !fitsInt64(neg, n) {
		return false, 0, false
	}
	d.I = i
	return neg, n, true
}

// floatV2 reads the number at d.I.
func (d *decodeState) floatV2(bits int) (float64, bool) {
	if bits == 64 {
		if f, ok := d.Float(); ok {
			return f, true
		}
	}
	lit, ok := d.Number()
	if !ok {
		return 0, false
	}
	f, err := strconv.ParseFloat(mem.String(lit), bits)
	return f, err == nil // out of range: v2 reports it
}

func parseIntegerV2(lit []byte, unsigned bool) (neg bool, n uint64, ok bool) {
	if len(lit) > 0 && lit[0] == '-' {
		if unsigned {
			return false, 0, false
		}
		neg, lit = true, lit[1:]
	}
	if len(lit) > 1 && lit[0] == '0' {
		return false, 0, false // a leading zero
	}
	// No digits, a fraction, an exponent or too large fail here.
	if n, ok = parseUint(lit); !ok || !unsigned && !fitsInt64(neg, n) {
		return false, 0, false
	}
	return neg, n, true
}

// fitsInt64 reports whether n, negated if neg, is an int64.
func fitsInt64(neg bool, n uint64) bool {
	if neg {
		return n <= 1<<63
	}
	return n < 1<<63
}

func intDecV2[T int | int8 | int16 | int32 | int64](d *decodeState, p mem.Ptr) bool {
	switch c := d.Peek(); {
	case c == 'n':
		mem.Store(p, T(0))
		return d.Literal()
	case !isNumberStart(c):
		return false
	}
	neg, n, ok := d.integerV2(false)
	v := int64(n)
	if neg {
		v = -v
	}
	if !ok || int64(T(v)) != v {
		return false
	}
	mem.Store(p, T(v))
	return true
}

func uintDecV2[T uint | uint8 | uint16 | uint32 | uint64 | uintptr](d *decodeState, p mem.Ptr) bool {
	switch c := d.Peek(); {
	case c == 'n':
		mem.Store(p, T(0))
		return d.Literal()
	case !isNumberStart(c):
		return false
	}
	_, n, ok := d.integerV2(true)
	if !ok || uint64(T(n)) != n {
		return false
	}
	mem.Store(p, T(n))
	return true
}

func floatDecV2[T float32 | float64](d *decodeState, p mem.Ptr) bool {
	switch c := d.Peek(); {
	case c == 'n':
		mem.Store(p, T(0))
		return d.Literal()
	case !isNumberStart(c):
		return false
	}
	bits := 64
	if _, single := any(T(0)).(float32); single {
		bits = 32
	}
	f, ok := d.floatV2(bits)
	if ok {
		mem.Store(p, T(f))
	}
	return ok
}

func stringDecV2(d *decodeState, p mem.Ptr) bool {
	switch d.Peek() {
	case '"':
		s, ok := d.Str()
		if ok && !(d.merge && mem.Load[string](p) == string(s)) {
			// A target's string that the input repeats is kept, as v2
			// keeps it: a value decoded again costs no allocation.
			mem.Store(p, d.keepV2(s))
		}
		return ok
	case 'n':
		mem.Store(p, "")
		return d.Literal()
	}
	return false
}

// timeDecV2 reads an RFC 3339 time, as v2 does with time.Time's own
// UnmarshalText and checks of its own on top; text outside the strict
// grammar rfc3339 checks is left to v2 even where v2 takes it.
func timeDecV2(d *decodeState, p mem.Ptr) bool {
	if more, ok := d.Expect('"'); !more {
		mem.Store(p, time.Time{})
		return ok
	}
	s, ok := d.Str()
	if !ok {
		return false
	}
	if t, ok := timeparse.RFC3339(s); ok {
		mem.Store(p, t)
		return true
	}
	if !rfc3339(s) {
		return false
	}
	var t time.Time
	if t.UnmarshalText(s) != nil {
		return false
	}
	mem.Store(p, t)
	return true
}

// rfc3339 reports whether b has the shape of an RFC 3339 date-time:
// 2006-01-02T15:04:05, optional fractional seconds, then Z or an offset
// of hours below 24 and minutes below 60.
func rfc3339(b []byte) bool {
	const layout = "dddd-dd-ddTdd:dd:dd"
	if len(b) < len(layout)+1 {
		return false
	}
	for i, c := range []byte(layout) {
		if c == 'd' && !grammar.IsDigit(b[i]) || c != 'd' && b[i] != c {
			return false
		}
	}
	i := len(layout)
	if b[i] == '.' {
		j := i + 1
		for j < len(b) && grammar.IsDigit(b[j]) {
			j++
		}
		if j == i+1 {
			return false
		}
		i = j
	}
	rest := b[i:]
	if len(rest) == 1 {
		return rest[0] == 'Z'
	}
	return len(rest) == 6 && (rest[0] == '+' || rest[0] == '-') && rest[3] == ':' &&
		grammar.IsDigit(rest[1]) && grammar.IsDigit(rest[2]) && grammar.IsDigit(rest[4]) && grammar.IsDigit(rest[5]) &&
		(rest[1]-'0')*10+rest[2]-'0' < 24 && (rest[4]-'0')*10+rest[5]-'0' < 60
}

// quotedDecV2 decodes a number, or a pointer to one, of type t from within a
// JSON string, as v2 does under the `string` option: the string must hold
// exactly what the number's decoder takes (a JSON number, for an integer
// one without fraction or exponent), and a null is a zero value; a bare
// number is an error.
func (c *compiler) quotedDecV2(t reflect.Type) decFnV2 {
	if t.Kind() == reflect.Pointer {
		return c.pointerToV2(t.Elem(), quotedV2(c.quotedDecV2(t.Elem())))
	}
	if fn := numberDecV2Of(t.Kind()); fn != nil && methodOfV2(t) == 0 {
		return quotedNumberV2(t, fn)
	}
	return quotedNumberV2(t, c.getV2(t).fnV2)
}

// quotedNumberV2 returns a decoder of a number of type t within a JSON
// string, whose text number decodes.
func quotedNumberV2(t reflect.Type, number decFnV2) decFnV2 {
	return func(d *decodeState, p mem.Ptr) bool {
		if more, ok := d.Expect('"'); !more {
			if d.merge {
				mem.Value(t, p).SetZero()
			}
			return ok
		}
		s, ok := d.Str()
		if !ok || len(s) == 0 || !isNumberStart(s[0]) {
			return false
		}
		// The number's own decoder reads the string's text as input.
		data, i := d.Data, d.I
		d.Data, d.I = s, 0
		ok = number(d, p) && d.I == len(s)
		d.Data, d.I = data, i
		return ok
	}
}

// quotedV2 is the decoder of a member under the `string` option, which is
// not cached: the option is not the type's.
func quotedV2(fn decFnV2) *typeDec {
	return &typeDec{typeDecV2: typeDecV2{fnV2: fn, whole: true}}
}

// numberDecV2 decodes a json.Number as its UnmarshalJSONFrom does under v2:
// a number's text, or a string that holds exactly a number.
func numberDecV2(d *decodeState, p mem.Ptr) bool {
	switch c := d.Peek(); {
	case c == 'n':
		mem.Store(p, "")
		return d.Literal()
	case c == '"':
		s, ok := d.Str()
		if !ok || !grammar.IsNumber(s) {
			return false
		}
		mem.Store(p, d.keepV2(s))
		return true
	case isNumberStart(c) && d.Flags&v2opts.Stringify == 0:
		lit, ok := d.Number()
		if ok {
			mem.Store(p, d.keepV2(lit))
		}
		return ok
	}
	return false
}

// bytesDecV2 decodes a []byte from base64 text as v2 does: padded, and
// without the line breaks that encoding/base64 skips and v2 rejects. Like
// v2 it appends to the slice there cut to length 0, so a filled target's
// array is written over where it has the room.
func bytesDecV2(d *decodeState, p mem.Ptr) bool {
	switch d.Peek() {
	case '"':
		s, ok := d.Str()
		if !ok {
			return false
		}
		var dst []byte
		if d.merge {
			dst = mem.Load[[]byte](p)[:0]
		}
		b, err := base64.StdEncoding.AppendDecode(dst, s)
		if err != nil || len(s) != base64.StdEncoding.EncodedLen(len(b)) {
			return false
		}
		if b == nil {
			b = []byte{} // "" is an empty slice, not a nil one
		}
		mem.Store(p, b)
		return true
	case 'n':
		mem.Store(p, []byte(nil))
		return d.Literal()
	}
	return false
}

// byteArrayDecV2 decodes an [n]byte from base64 text, as bytesDecV2 reads
// it, of exactly n bytes.
func byteArrayDecV2(n int) decFnV2 {
	return func(d *decodeState, p mem.Ptr) bool {
		switch d.Peek() {
		case '"':
			s, ok := d.Str()
			if !ok || len(s) != base64.StdEncoding.EncodedLen(n) {
				return false
			}
			b, err := base64.StdEncoding.AppendDecode(d.scratch[:0], s)
			d.scratch = b[:0]
			if err != nil || len(b) != n {
				return false
			}
			copy(mem.ByteArray(p, n), b)
			return true
		case 'n':
			clear(mem.ByteArray(p, n))
			return d.Literal()
		}
		return false
	}
}

// rawDecV2 decodes a json.RawMessage as its UnmarshalJSON does under v2: a
// copy of the value's text as the input has it, null included.
func rawDecV2(d *decodeState, p mem.Ptr) bool {
	start := d.I
	if !d.Skip() {
		return false
	}
	mem.Store(p, d.keepBytesV2(d.Data[start:d.I]))
	return true
}
