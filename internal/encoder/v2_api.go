//go:build goexperiment.jsonv2 && go1.27

package encoder

import (
	"bytes"
	"encoding/json"
	"encoding/json/jsontext"
	jsonv2 "encoding/json/v2"
	"errors"
	"io"
	"reflect"

	"github.com/safejson/safejson/internal/escape"
	"github.com/safejson/safejson/internal/mem"
	"github.com/safejson/safejson/internal/syntax"
	"github.com/safejson/safejson/internal/typecache"
	"github.com/safejson/safejson/internal/typefuncs"
	"github.com/safejson/safejson/internal/v2opts"
	"github.com/safejson/safejson/internal/wirev2"
)

// OptionsV2 are the settings of one call. The zero value is v2's Marshal
// with its default options.
type OptionsV2 struct {
	// Flags are the call's settings. Sorted writes map members in sorted
	// order, as v2's Deterministic does, else in the map's own order, as
	// v2 does. NilSliceNull, NilMapNull and Stringify are v2's options
	// FormatNilSliceAsNull, FormatNilMapAsNull and StringifyNumbers.
	// TimeFixed writes every time.Time with exactly TimeDigits fraction
	// digits, and TimeUTC converts each to UTC first (safejson's
	// policies): times that cannot be written so are left to the caller.
	// ScriptSafe, also a policy, makes MarshalV2's text script-safe as
	// syntax.ScriptSafeValid does, in the copy that the call returns.
	// Multiline lays the output out as jsontext does with Multiline,
	// WithIndentPrefix and WithIndent, by Layout, and SpaceColon and
	// SpaceComma as with SpaceAfterColon and SpaceAfterComma. EscapeHTML
	// and EscapeJS escape as jsontext's EscapeForHTML and EscapeForJS do.
	// Other flags are not read here: MatchCase changes what v2 writes only
	// for structs with an inline fallback, which go to the standard
	// library, and AllowDuplicates only where names repeat, which the
	// preset never writes.
	Flags      v2opts.Flags
	TimeDigits int
	// Layout is read with Multiline only: a pointer, so that the usual
	// call passes and copies two words less.
	Layout *Layout
	// Opts are the options the standard library would be called with in
	// the call's place: MarshalJSONTo methods get an encoder made with
	// them.
	Opts []jsonv2.Options
	// Limit, if positive, bounds the memory a call takes: once the compact
	// text passes Limit bytes at the start of an element of an array or a
	// member of a map, the call gives the value up, as it gives up values
	// it does not know. The text can end past Limit by one element or
	// member.
	Limit int
}

// Layout is the indent prefix and the indent of multiline output, which
// must be spaces and tabs, as jsontext's options require.
type Layout struct{ Prefix, Indent string }

// v2State is the part of state that only the v2 preset uses.
type v2State struct {
	OptionsV2   // without its Layout, which layout holds
	layout      Layout
	memberNames []string // names of the maps being written, innermost last
	orders      []int32  // the order of their members
	names       []byte   // integer keys formatted for memberNames
	// lex reads MarshalJSON methods' text; text holds AppendText's.
	lex  wirev2.Lexer
	text []byte
	// toEnc is the encoder MarshalJSONTo methods write to, into toBuf.
	toEnc *jsontext.Encoder
	toBuf bytes.Buffer
	// flags are the call's encoder flags: v2api and its options' PerType.
	flags flags
	// funcs are the types the call's WithMarshalers functions apply to,
	// read where Flags has MarshalFuncs.
	funcs []reflect.Type
	// lastV2 is the last type and flags marshalled and their encoder,
	// kept across calls.
	lastV2 typecache.Last[cacheKey, *typeEnc]
}

func (v *v2State) reset() {
	clear(v.memberNames[:cap(v.memberNames)])
	v.memberNames = v.memberNames[:0]
	v.orders = v.orders[:0]
	v.names = v.names[:0] // the call that made its strings is over
	if cap(v.text) > maxKeptScratchV2 {
		v.text = nil
	}
}

// resetMethodEncoder leaves toEnc without the call's options, or drops it
// and toBuf where they grew too large to keep.
func (v *v2State) resetMethodEncoder() {
	if v.toBuf.Cap() > maxKeptScratchV2 {
		v.toBuf = bytes.Buffer{}
		v.toEnc = nil
	} else if len(v.Opts) > 0 {
		v.toEnc.Reset(&v.toBuf)
	}
}

// The v2 preset writes JSON as Go 1.27's encoding/json/v2 Marshal does
// with its default options, for the values whose encoding it knows: bools,
// numbers, strings, time.Time, structs, slices, arrays, maps with string,
// integer or text-method keys, pointers and interfaces holding such
// values, and types whose MarshalJSONTo, MarshalJSON, AppendText or
// MarshalText method v2 calls, with v2's rules (nil slices and maps as []
// and {}, v2's omitempty and omitzero, []byte and [N]byte as base64 and
// named byte types as numbers, no HTML escaping, U+2028 and U+2029 as
// they are).
//
// Anything else, and anything v2 reports as an error, makes [AppendV2] say
// so instead of writing: a method that fails or writes other than one
// value, MarshalJSONTo under a layout of the text, tag options that change
// how a value is written (format, inline, unknown), time.Duration, invalid
// UTF-8, NaN, and values nested deeper than v2 starts to look for cycles.
// The caller then runs the standard library, whose result is exact by
// definition. Map members are written in sorted order when the caller asks
// for v2's Deterministic, else in the map's own order, as v2 writes them.

// AppendV2 appends the v2 encoding of v under o to dst and reports true, or
// reports false, leaving dst's contents past its length undefined, if the
// value is one the caller must give the standard library.
func AppendV2(dst []byte, v any, o OptionsV2) ([]byte, bool) {
	if v == nil {
		return append(dst, "null"...), true
	}
	st, t, e := stateFor(v, &o)
	if st == nil {
		return dst, false
	}
	var b []byte
	var ok bool
	if o.Flags&v2opts.Text == 0 {
		b, ok = st.topV2(dst, t, e, mem.Word(v))
	} else if b, ok = st.topV2(st.buf[:0], t, e, mem.Word(v)); ok {
		if cap(b) <= maxKeptBufferV2 {
			st.buf = b
		}
		b = st.finishText(dst, b)
	}
	putStateV2(st)
	return b, ok
}

// WritesV2 reports whether AppendV2 writes v itself under Deterministic map
// order, rather than leaving it to the standard library: what the
// differential tests ask to know which result is the engine's. A method of
// v that panics counts as written, as it panics under the standard library
// too.
func WritesV2(v any) (ok bool) {
	defer func() {
		if recover() != nil {
			ok = true
		}
	}()
	_, ok = AppendV2(nil, v, OptionsV2{Flags: v2opts.Sorted, Opts: []jsonv2.Options{jsonv2.Deterministic(true)}})
	return ok
}

// stateFor returns a state for the call under o, with v's type and its
// encoder, or a nil state if the encoder cannot write v whole.
func stateFor(v any, o *OptionsV2) (*state, reflect.Type, *typeEnc) {
	st := getStateV2(o)
	t := reflect.TypeOf(v)
	e := st.lastV2.Get(cacheKey{t, st.flags}, encoderOfKey)
	if !e.whole || o.Flags&v2opts.MarshalFuncs != 0 && st.touchedV2(t, e) {
		putStateV2(st)
		return nil, nil, nil
	}
	return st, t, e
}

// finishText appends the compact JSON text b to dst as the call's
// jsontext options write it (v2opts.Text): escaped, then laid out. b is the
// engine's own text, which needs no checking.
func (st *state) finishText(dst, b []byte) []byte {
	if st.Flags&layoutFlags == 0 {
		return appendEscapedV2(dst, b, st.Flags&v2opts.EscapeHTML != 0, st.Flags&v2opts.EscapeJS != 0)
	}
	b, l := st.escapedLayout(b)
	// The v2 preset writes no text deeper than AppendLayout takes.
	out, _ := syntax.AppendLayout(dst, b, l)
	return out
}

// layoutFlags are the Text flags that lay the text out.
const layoutFlags = v2opts.Whitespace

// layoutOf returns the layout that the flags f give a text, with l's
// prefix and indent where it is multiline.
func layoutOf(f v2opts.Flags, l *Layout) syntax.Layout {
	sl := syntax.Layout{
		Multiline:  f&v2opts.Multiline != 0,
		SpaceColon: f&v2opts.SpaceColon != 0,
		SpaceComma: f&v2opts.SpaceComma != 0,
	}
	if sl.Multiline {
		sl.Prefix, sl.Indent = l.Prefix, l.Indent
	}
	return sl
}

// MarshalV1 is Marshal through the v2 API under encoding/json's
// DefaultOptionsV1: encoding/json's Marshal, its text laid out as the
// layout flags of f and l (read where f has Multiline) say.
func MarshalV1(v any, f v2opts.Flags, l *Layout) ([]byte, error) {
	o := Options{Escape: escape.HTML}
	if f&layoutFlags == 0 {
		return Marshal(v, o)
	}
	b, err := appendLaidOut(nil, v, o, layoutOf(f, l))
	if err != nil {
		return nil, err
	}
	return b, nil
}

// escapedLayout returns the compact text b escaped as the call's flags say
// (in st.text, where they ask for escapes), and the layout they give it.
func (st *state) escapedLayout(b []byte) ([]byte, syntax.Layout) {
	if html, js := st.Flags&v2opts.EscapeHTML != 0, st.Flags&v2opts.EscapeJS != 0; html || js {
		st.text = appendEscapedV2(st.text[:0], b, html, js)
		b = st.text
	}
	return b, layoutOf(st.Flags, &st.layout)
}

// appendEscapedV2 appends the JSON text b to dst with '<', '>' and '&'
// escaped where html is set, and U+2028 and U+2029 where js is, as
// jsontext escapes them in strings under EscapeForHTML and EscapeForJS.
// In JSON text these characters can only stand inside strings, so every
// one of them in b is escaped, and the rest is copied in runs.
func appendEscapedV2(dst, b []byte, html, js bool) []byte {
	start := 0
	for i := 0; i < len(b); i++ {
		var esc string
		switch c := b[i]; {
		case c == '<' && html:
			esc = `\u003c`
		case c == '>' && html:
			esc = `\u003e`
		case c == '&' && html:
			esc = `\u0026`
		case c == 0xe2 && js && i+2 < len(b) && b[i+1] == 0x80 && b[i+2]&^1 == 0xa8:
			esc = `\u2028`
			if b[i+2] == 0xa9 {
				esc = `\u2029`
			}
			dst = append(append(dst, b[start:i]...), esc...)
			i += 2
			start = i + 1
			continue
		default:
			continue
		}
		dst = append(append(dst, b[start:i]...), esc...)
		start = i + 1
	}
	return append(dst, b[start:]...)
}

// MarshalV2 returns the v2 encoding of v in a slice of its own (one
// allocation: the text is built in a pooled buffer), or false, as AppendV2.
func MarshalV2(v any, o *OptionsV2) ([]byte, bool) {
	if v == nil {
		return []byte("null"), true
	}
	st, t, e := stateFor(v, o)
	if st == nil {
		return nil, false
	}
	b, ok := st.topV2(st.buf[:0], t, e, mem.Word(v))
	if ok && o.Flags&v2opts.Text != 0 {
		b = st.rewritten(b)
	}
	var out []byte
	switch {
	case cap(b) > maxKeptBufferV2:
		// Too large to keep in the pool: the buffer itself is the result.
		out = b
		if ok && o.Flags&v2opts.ScriptSafe != 0 {
			out, _ = syntax.ScriptSafeValid(b)
		}
	case ok && o.Flags&v2opts.Text == 0:
		out = resultV2(b, o.Flags)
		st.buf = b
	case ok:
		out = resultV2(b, o.Flags)
		st.tmp = b // rewritten's
	default:
		st.buf = b
	}
	putStateV2(st)
	return out, ok
}

// resultV2 is the text MarshalV2 returns of b, the state's buffer: a copy,
// made script-safe in the same pass under ScriptSafe.
func resultV2(b []byte, f v2opts.Flags) []byte {
	if f&v2opts.ScriptSafe != 0 {
		return scriptSafeCopy(b)
	}
	return append([]byte(nil), b...) // b is never empty: valid JSON
}

// scriptSafeCopy is resultV2 under ScriptSafe, apart so that resultV2
// stays small enough to inline.
func scriptSafeCopy(b []byte) []byte {
	if out, fresh := syntax.ScriptSafeValid(b); fresh {
		return out
	}
	return bytes.Clone(b)
}

// WriteV2 writes the v2 encoding of v under o to w in one Write, from the
// state's buffer, and reports true with what Write returned; or it reports
// false, having written nothing, where MarshalV2 does.
func WriteV2(w io.Writer, v any, o OptionsV2) (bool, error) {
	if v == nil {
		_, err := w.Write([]byte("null"))
		return true, err
	}
	st, t, e := stateFor(v, &o)
	if st == nil {
		return false, nil
	}
	b, ok := st.topV2(st.buf[:0], t, e, mem.Word(v))
	if cap(b) <= maxKeptBufferV2 {
		st.buf = b
	}
	var err error
	switch {
	case !ok:
	case o.Flags&v2opts.Text == 0:
		_, err = w.Write(b)
	default:
		err = st.writeText(w, b)
	}
	putStateV2(st)
	return ok, err
}

// StreamLimit is the longest compact text MarshalWriteV2 and
// MarshalWriteV1 are given to write whole: a longer one is left to the
// standard library's streaming MarshalWrite, so that memory stays bounded.
const StreamLimit = 4 << 20

// MarshalWriteV2 writes the v2 encoding of v under o to w as
// encoding/json/v2's MarshalWrite writes it, and reports true with the
// error MarshalWrite would return; or it reports false, having written
// nothing, where MarshalV2 does or the compact text passes o.Limit, so that
// the caller runs the standard library. Into a *bytes.Buffer the text goes
// straight into the buffer's spare room; to another writer through
// WriteV2. A failed Write gives MarshalWrite's error for it.
func MarshalWriteV2(w io.Writer, v any, o OptionsV2) (bool, error) {
	written, err := marshalWrite(w,
		func(dst []byte) ([]byte, bool) { return AppendV2(dst, v, o) },
		func(w io.Writer) (bool, error) { return WriteV2(w, v, o) })
	if err != nil {
		// jsontext's error for a failed Write, of a type it does not
		// export, which v2 returns as it is wherever the Write fails.
		err = jsonv2.MarshalWrite(&failingWriter{err: err}, nil)
	}
	return written, err
}

// MarshalWriteV1 writes the encoding/json encoding of v under o, which are
// DefaultOptionsV1's (compact, HTML escaped), to w as encoding/json/v2's
// MarshalWrite writes it under DefaultOptionsV1, as MarshalWriteV2 does.
// It reports false, having written nothing, for a value whose encoding
// fails, as well as one whose text passes o.Limit: MarshalWrite may have
// written part of the text before it meets the error, which the standard
// library then decides.
func MarshalWriteV1(w io.Writer, v any, o Options) (bool, error) {
	var sent int
	written, err := marshalWrite(w,
		func(dst []byte) ([]byte, bool) {
			b, err := Append(dst, v, o)
			return b, err == nil
		},
		func(w io.Writer) (ok bool, err error) {
			ok, sent, err = writeWhole(w, v, o)
			return ok, err
		})
	if err != nil {
		// Under DefaultOptionsV1 MarshalWrite returns the writer's error
		// as it is, or, where the Write fails within the text of a
		// MarshalJSON or MarshalText method, in a *json.MarshalerError
		// for its type: the standard library's error for a writer that
		// fails after the same bytes.
		if std := jsonv2.MarshalWrite(&failingWriter{sent, err}, v, json.DefaultOptionsV1()); errors.Is(std, err) {
			err = std
		}
	}
	return written, err
}

// writeWhole writes the encoding of v under o (compact) to w in one Write,
// from the state's buffer, and reports true with what Write returned; or
// it reports false, having written nothing, where the encoding fails.
func writeWhole(w io.Writer, v any, o Options) (bool, int, error) {
	st := getState(o)
	b, err := st.encodeAny(st.buf[:0], v)
	st.buf = b
	ok := err == nil
	n := 0
	if ok {
		n, err = w.Write(b)
	} else {
		err = nil
	}
	putState(st)
	return ok, n, err
}

// marshalWrite is MarshalWriteV2 and MarshalWriteV1 for an encoding that
// appendTo appends and write writes, each reporting false where the
// caller must run the standard library; the caller makes a failed Write's
// error MarshalWrite's.
func marshalWrite(w io.Writer, appendTo func(dst []byte) ([]byte, bool), write func(io.Writer) (bool, error)) (bool, error) {
	if w == nil {
		return false, nil // MarshalWrite's own behaviour, whatever it is
	}
	if bb, ok := w.(*bytes.Buffer); ok && bb != nil {
		b, written := appendTo(bb.AvailableBuffer())
		if written {
			bb.Write(b) // only moves bb's end where b is bb's own room
		}
		return written, nil
	}
	return write(w)
}

// failingWriter takes left bytes, then fails with err.
type failingWriter struct {
	left int
	err  error
}

func (w *failingWriter) Write(p []byte) (int, error) {
	if len(p) <= w.left {
		w.left -= len(p)
		return len(p), nil
	}
	n := w.left
	w.left = 0
	return n, w.err
}

// writeText writes the compact text b to w as the call's jsontext options
// write it, as finishText appends it; a multiline layout, which can make
// the text several times longer, goes out in chunks as it is made.
func (st *state) writeText(w io.Writer, b []byte) error {
	if st.Flags&layoutFlags == 0 {
		out := st.finishText(st.tmp[:0], b)
		_, err := w.Write(out)
		st.keepTmp(out)
		return err
	}
	b, l := st.escapedLayout(b)
	// The v2 preset writes no text deeper than WriteLayout takes.
	out, _, err := syntax.WriteLayout(w, st.tmp[:0], b, l)
	st.keepTmp(out)
	return err
}

// keepTmp keeps b as the state's second buffer unless it is too large.
func (st *state) keepTmp(b []byte) {
	if cap(b) <= maxKeptBufferV2 {
		st.tmp = b
	}
}

// rewritten returns the call's compact text b, in its buffer, as the
// call's Text flags write it, in its second buffer (which the caller keeps
// or gives away); the first is kept unless it is too large.
func (st *state) rewritten(b []byte) []byte {
	if cap(b) <= maxKeptBufferV2 {
		st.buf = b
	}
	out := st.finishText(st.tmp[:0], b)
	st.tmp = nil
	return out
}

// maxKeptBufferV2 bounds the buffer a pooled state keeps: one huge output
// should not pin its memory for every later call.
const maxKeptBufferV2 = 4 << 20

// getStateV2 is getState for a call of the v2 preset, which reads only
// the v2 part of the state, its slots and its buffer.
func getStateV2(o *OptionsV2) *state {
	st, _ := statePool.Get().(*state)
	if st == nil {
		st = new(state)
	}
	st.Flags, st.TimeDigits, st.Opts = o.Flags, o.TimeDigits, o.Opts
	if o.Flags&v2opts.Multiline != 0 {
		st.layout = *o.Layout
	}
	st.flags = v2api | flags(o.Flags&v2opts.PerType)<<v2Shift
	st.setLimit(o.Limit)
	if o.Flags&v2opts.MarshalFuncs != 0 {
		st.funcs = typefuncs.Marshalers(o.Opts)
	}
	return st
}

// touchedV2 reports whether one of the call's WithMarshalers functions
// applies to a type that a value of type t, compiled to e, reaches: v2
// would call it there, so the call goes to the standard library.
func (st *state) touchedV2(t reflect.Type, e *typeEnc) bool {
	r := e.reach.Load()
	if r == nil {
		r = typefuncs.Of(t)
		e.reach.Store(r)
	}
	return r.Touched(st.funcs)
}

// putStateV2 is putState for a state the v2 preset used: it resets what
// the preset touched, and leaves the rest as it found it.
func putStateV2(st *state) {
	st.slots.Reset()
	st.depth, st.err = 0, nil
	st.run.slots = nil // a panic may leave a run's behind
	st.v2State.reset()
	if st.toEnc != nil {
		st.resetMethodEncoder()
	}
	st.Opts, st.funcs = nil, nil
	statePool.Put(st)
}

// encoderOfKey returns the encoder of k's type under its flags.
func encoderOfKey(k cacheKey) *typeEnc { return encoderOf(k.t, k.f) }

// topV2 is dynamicV2 for the value of a call, written after b.
func (st *state) topV2(b []byte, t reflect.Type, e *typeEnc, word mem.Ptr) ([]byte, bool) {
	st.base = len(b)
	return st.dynamicV2(b, t, e, word)
}

// dynamicV2 encodes the value of an interface: its type t, compiled to e,
// and its data word.
func (st *state) dynamicV2(b []byte, t reflect.Type, e *typeEnc, word mem.Ptr) ([]byte, bool) {
	if !e.direct {
		if e.copyFirst {
			c := reflect.New(t)
			c.Elem().Set(mem.Value(t, word))
			word = mem.PointerOf(c)
		}
		return e.fn(st, b, word)
	}
	slot := st.slots.Push(word)
	b, ok := e.fn(st, b, slot)
	st.slots.Pop()
	return b, ok
}
