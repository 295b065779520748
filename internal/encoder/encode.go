// Package encoder is safejson's marshaling engine.
//
// Each Go type is compiled once into an encFn that appends the JSON text of a
// value, read through a mem.Ptr, to a byte slice. Compiled encoders are
// cached by type and flags and never hold option values: options travel in
// the per-call state, so one cache serves every policy. Two presets run on
// it: encoding/json's Marshal ([Marshal], [Append], [Stream]) and, under Go
// 1.27, encoding/json/v2's with its default options ([MarshalV2],
// [AppendV2]), whose encoders carry the v2api flag.
package encoder

import (
	"errors"
	"io"
	"math"
	"sync"

	"github.com/safejson/safejson/internal/escape"
	"github.com/safejson/safejson/internal/grammar"
	"github.com/safejson/safejson/internal/mem"
	"github.com/safejson/safejson/internal/semantics"
	"github.com/safejson/safejson/internal/syntax"
)

// Options are the per-call settings. The zero value is encoding/json's
// Marshal with SetEscapeHTML(false); compat sets Escape to escape.HTML.
type Options struct {
	Escape escape.Mode

	// TimeFixed writes every time.Time that encoding/json would write
	// through its marshaler with exactly TimeDigits fraction digits.
	TimeFixed  bool
	TimeDigits int
	// TimeUTC converts those times to UTC first.
	TimeUTC bool

	// Indented output, as encoding/json's Indent(dst, src, Prefix, Indent)
	// would format it.
	Indented       bool
	Prefix, Indent string

	// Limit, if positive, bounds the memory a call takes: once the compact
	// text passes Limit bytes at the start of an element of an array, a
	// struct of a slice or a member of a map, the call gives the value up
	// with errTooLong. Arrays of numbers and strings, and of slices of
	// those, are checked every leafRun elements (see
	// appendLeafElems). The text can end past Limit by one element or
	// member, or by one such run.
	Limit int
}

// state is the scratch space of one Marshal call. It is pooled.
type state struct {
	mode escape.Mode

	timeFixed  bool
	timeDigits int
	timeUTC    bool

	// Cycle detection, as in encoding/json: only after ptrLevel nested
	// pointers, maps or slices does it pay for the map of seen values.
	ptrLevel uint
	ptrSeen  map[any]struct{}

	slots mem.Slots

	// Map encoding: raw keys and entry spans, used as stacks by nested maps,
	// and tmp, used for one step at a time.
	keys    []byte
	entries []mapEntry
	tmp     []byte
	// kvs holds the entries of map[string]any values being written, and
	// strKVs those of a map of strings (see appendStringMap), bitKVs those
	// of a map of scalars (see appendScalarMap).
	kvs    []keyed[any]
	strKVs []keyed[string]
	bitKVs []keyed[uint64]

	buf []byte

	// run, when run.left is not 0, passes a slice's structs to one call
	// of their encoder, without a wider encFn (see structRun). The struct
	// encoder takes it and sets run.left back to 0; appendElems sets the
	// whole run each time.
	run structRun

	// The last dynamic type encoded and its encoder (see encodeDynamic).
	lastType mem.TypeID
	lastEnc  *typeEnc

	// exact makes maps encode in encoding/json's order of work, so that
	// errors are found in the same order; retryExact asks for that re-run.
	exact, retryExact bool

	// base is where the output of the value begins in the buffer: v2's
	// syntax errors give offsets in the whole output.
	base int

	// deep says cycle detection ran, or boxed went as far: the value nests
	// deep enough that, in Go 1.27, the output's depth is checked (see
	// maxDepthError). boxed counts the values, held in interfaces, being
	// written (see encodeDynamic).
	deep  bool
	boxed uint

	// nest counts, in Go 1.27, the struct members being written whose
	// values are not leaves, and the arrays: with ptrLevel and boxed, it
	// bounds the output's depth (see depthBound).
	nest uint

	// depth counts the arrays and objects open in the v2 preset's output,
	// which leaves values nested deeper than maxDepthV2 to v2.
	depth int

	// depthPos and depthAt say the output b[base:depthPos] ends depthAt
	// levels deep (depthPos 0: not known), so that rawDepthError scans
	// each byte once, not all the output before every MarshalJSON text.
	// Code that rewrites output it has written calls rewindDepth first.
	depthPos, depthAt int

	// limit is the call's Limit, or the largest int for none.
	limit int

	// err is why an encoder reported false: encoders return a bool, which
	// costs less to pass up and test than an error, and set err on the way.
	err error

	//lint:ignore U1000 the v2 preset builds only where encoding/json/v2 does
	v2State
}

const startDetectingCyclesAfter = 1000

// maxDepthV2 is how deep values may nest in the v2 preset: v2 starts
// checking pointers, maps and slices for cycles after 1000 levels, and
// below that depth the preset leaves the value to it.
const maxDepthV2 = 1000

// maxPooledBuf bounds the buffers kept for reuse so that one huge value does
// not pin its memory in the pool.
const maxPooledBuf = 8 << 20

// States live in a sync.Pool. One that has just written a large output
// goes to a few spare slots instead, which neither garbage collection nor
// a move of the goroutine to another P hides from the next call (the pool
// keeps the state last put on each P where only that P finds it): a call
// that missed it would grow a large buffer from nothing. The slots cost a
// channel send and receive, which only large outputs can afford: a small
// call after large ones, whose state holds a large buffer, must not pay
// them.
var (
	statePool   sync.Pool
	spareStates = make(chan *state, 4)
)

const largeBuf = 64 << 10

func getState(o Options) *state {
	st, _ := statePool.Get().(*state)
	if st == nil {
		select {
		case st = <-spareStates:
		default:
			st = new(state)
		}
	}
	st.mode = o.Escape
	st.timeFixed, st.timeDigits, st.timeUTC = o.TimeFixed, o.TimeDigits, o.TimeUTC
	st.setLimit(o.Limit)
	return st
}

// setLimit sets the call's byte limit: limit if positive, else none.
func (st *state) setLimit(limit int) {
	st.limit = math.MaxInt
	if limit > 0 {
		st.limit = limit
	}
}

// errTooLong is why a call gives its value up at its Limit.
var errTooLong = errors.New("encoder: text longer than the call's limit")

func putState(st *state) {
	// A call that returned with success leaves its stacks, levels, slots
	// and run as it found them (TestStateAfterSuccess holds this). No
	// caller puts back a state a panic left midway.
	if st.err != nil || st.exact || st.retryExact || st.deep {
		st.reset()
	}
	if cap(st.buf) > maxPooledBuf {
		st.buf = nil
	}
	if cap(st.tmp) > maxPooledBuf {
		st.tmp = nil
	}
	if cap(st.keys) > maxPooledBuf {
		st.keys = nil
	}
	large := len(st.buf) >= largeBuf
	st.buf = st.buf[:0]
	if large {
		select {
		case spareStates <- st:
			return
		default:
		}
	}
	statePool.Put(st)
}

func (st *state) reset() {
	st.ptrLevel = 0
	if len(st.ptrSeen) > 0 {
		clear(st.ptrSeen)
	}
	st.slots.Reset()
	st.keys = st.keys[:0]
	st.entries = st.entries[:0]
	st.kvs = st.kvs[:0]
	st.strKVs = st.strKVs[:0]
	st.bitKVs = st.bitKVs[:0]
	// A run is always taken by the call it is set for; a panic may leave
	// the slots of one behind. Its stride is read only while left is not 0.
	st.run.left, st.run.slots = 0, nil
	st.exact, st.retryExact = false, false
	st.deep, st.boxed, st.nest = false, 0, 0
	st.depthPos, st.depthAt = 0, 0
	st.err = nil
}

// fail records err as the reason the value cannot be written, and returns
// false for the encoder to return.
func (st *state) fail(err error) bool {
	st.err = err
	return false
}

// Append appends the JSON encoding of v to dst.
func Append(dst []byte, v any, o Options) ([]byte, error) {
	if o.Indented {
		return appendIndented(dst, v, o)
	}
	st := getState(o)
	b, err := st.encodeAny(dst, v)
	putState(st)
	if err != nil {
		return dst, err
	}
	return b, nil
}

// appendIndented encodes v into the pooled buffer and appends it to dst
// indented: encoding/json's MarshalIndent also indents after encoding. The
// encoder's own text needs no checking on the way.
func appendIndented(dst []byte, v any, o Options) ([]byte, error) {
	return appendLaidOut(dst, v, o, syntax.Layout{Prefix: o.Prefix, Indent: o.Indent, Multiline: true, SpaceColon: true})
}

// appendLaidOut encodes v into the pooled buffer and appends it to dst
// laid out as l says. Text nested deeper than the layout takes gets
// Indent's error for it.
func appendLaidOut(dst []byte, v any, o Options, l syntax.Layout) ([]byte, error) {
	st := getState(o)
	b, err := st.encodeAny(st.buf[:0], v)
	st.buf = b
	if err == nil {
		var ok bool
		if dst, ok = syntax.AppendLayout(dst, b, l); !ok {
			dst, err = syntax.AppendIndent(dst, b, l.Prefix, l.Indent)
			err = grammar.AsJSON(err)
		}
	}
	putState(st)
	return dst, err
}

// Marshal returns the JSON encoding of v in a new slice of exactly its size.
func Marshal(v any, o Options) ([]byte, error) {
	if o.Indented {
		b, err := appendIndented(nil, v, o)
		if err != nil {
			return nil, err
		}
		return b, nil
	}
	st := getState(o)
	b, err := st.encodeAny(st.buf[:0], v)
	var out []byte
	if err == nil {
		// make and copy measured faster than append([]byte(nil), b...)
		// for small outputs, where the call's fixed costs show.
		out = make([]byte, len(b))
		copy(out, b)
	}
	st.buf = b
	putState(st)
	return out, err
}

// Stream writes values to an io.Writer as encoding/json's Encoder does:
// each followed by a newline, in one Write call, nothing written for a
// value that fails, and the first write error returned ever after.
type Stream struct {
	w       io.Writer
	err     error
	scratch []byte // indented output, reused
}

// NewStream returns a Stream writing to w.
func NewStream(w io.Writer) *Stream { return &Stream{w: w} }

// Encode writes v under the options o.
func (s *Stream) Encode(v any, o Options) error {
	if s.err != nil {
		return s.err
	}
	// The state goes back to the pool only when the call returns: one a
	// panic left midway is dropped (see putState).
	st := getState(o)
	err := s.write(st, v, o)
	putState(st)
	return err
}

func (s *Stream) write(st *state, v any, o Options) error {
	b, err := st.encodeAny(st.buf[:0], v)
	st.buf = b
	if err != nil {
		return err
	}
	b = append(b, '\n')
	st.buf = b
	if o.Indented {
		if s.scratch, err = syntax.AppendIndent(s.scratch[:0], b, o.Prefix, o.Indent); err != nil {
			return grammar.AsJSON(err)
		}
		b = s.scratch
	}
	if _, err := s.w.Write(b); err != nil {
		s.err = err
		return err
	}
	return nil
}

func (st *state) encodeAny(b []byte, v any) ([]byte, error) {
	if semantics.OnV2 {
		st.base = len(b)
		st.depthPos, st.depthAt = 0, 0
	}
	var panicked bool
	var out []byte
	var ok bool
	if e := st.lastEnc; e != nil && mem.TypeIDOf(v) == st.lastType && e.inOrder {
		// A panic here is the one encoding/json raises (see inOrderType):
		// no guard needed. The types appendAny writes itself never become
		// lastType, so it would call encodeDynamic for this one.
		out, ok = st.encodeWith(b, e, mem.Word(v))
	} else {
		panicked, out, ok = st.tryAppendAny(b, v)
	}
	if panicked || !ok && st.retryExact {
		st.reset()
		st.exact = true
		out, ok = st.appendAny(b, v)
	}
	var err error
	if !ok {
		err = st.err
	}
	if semantics.OnV2 && st.deep {
		if derr := maxDepthError(out[len(b):]); derr != nil {
			err = derr
		}
	}
	return out, err
}

// tryAppendAny is the fast path. A panic there, from a user's MarshalJSON
// or MarshalText, may come from a map entry that encoding/json, working in
// key order, never reaches because an earlier entry fails; so the caller
// re-runs in exact order, where a panic encoding/json also meets goes on.
func (st *state) tryAppendAny(b []byte, v any) (panicked bool, out []byte, ok bool) {
	defer func() {
		if recover() != nil {
			panicked = true
		}
	}()
	out, ok = st.appendAny(b, v)
	return false, out, ok
}
