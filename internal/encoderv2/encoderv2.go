//go:build goexperiment.jsonv2 && go1.27

// Package encoderv2 writes JSON as Go 1.27's encoding/json/v2 Marshal does
// with its default options, for the values whose encoding it knows: bools,
// numbers, strings, time.Time, structs, slices, arrays, maps with string or
// integer keys, pointers and interfaces holding such values, with v2's
// rules (nil slices and maps as [] and {}, v2's omitempty and omitzero,
// []byte as base64, no HTML escaping, U+2028 and U+2029 as they are).
//
// Anything else, and anything v2 reports as an error, makes [Append] say
// so instead of writing: a type with methods that v2 calls (MarshalJSON,
// MarshalJSONTo, MarshalText, AppendText, IsZero), tag options that change
// how a value is written (string, format, inline, unknown), time.Duration,
// [N]byte, invalid UTF-8, NaN, and values nested deeper than v2 starts to
// look for cycles. The caller then runs the standard library, whose result
// is exact by definition. Map members are written in sorted order when the
// caller asks for v2's Deterministic, else in the map's own order, as v2
// writes them.
package encoderv2

import (
	"bytes"
	"reflect"
	"sync"

	"github.com/safejson/safejson/internal/mem"
	"github.com/safejson/safejson/internal/typecache"
	"github.com/safejson/safejson/internal/wirev2"
)

// maxDepth is how deep values may nest here: v2 starts checking pointers,
// maps and slices for cycles after 1000 levels, and below that depth this
// package leaves the value to it.
const maxDepth = 1000

// encFn appends the value at p, or reports false for a value this package
// does not write.
type encFn func(st *state, b []byte, p mem.Ptr) ([]byte, bool)

type typeEnc struct {
	fn encFn
	// whole says no type reachable from this one, other than through an
	// interface, is one this package leaves to the standard library.
	whole bool
	// copyFirst says a value of this type that the caller gave without
	// its address must be copied before it is written (see
	// ptrMethodsInPlace).
	copyFirst bool
	// direct says an interface holds a value of this type in its data
	// word, not a pointer to it.
	direct bool
}

// Options are the settings of one call. The zero value is v2's Marshal
// with its default options.
type Options struct {
	// Sorted writes map members in sorted order, as v2's Deterministic
	// does; otherwise in the map's own order, as v2 does.
	Sorted bool
	// TimeFixed writes every time.Time with exactly TimeDigits fraction
	// digits, and TimeUTC converts each to UTC first (safejson's
	// policies): times that cannot be written so are left to the caller.
	TimeFixed  bool
	TimeDigits int
	TimeUTC    bool
}

type state struct {
	Options
	depth  int
	slots  mem.Slots
	keys   []string // names of the maps being written, innermost last
	orders []int32  // the order of their members
	names  []byte   // integer keys formatted for keys
	buf    []byte   // Marshal's output, reused across calls
	// lex reads MarshalJSON methods' text; text holds AppendText's.
	lex  wirev2.Lexer
	text []byte
	// last is the last type marshalled and its encoder, kept across
	// calls.
	last typecache.Last[reflect.Type, *typeEnc]
}

var states = sync.Pool{New: func() any { return new(state) }}

// Append appends the v2 encoding of v under o to dst and reports true, or
// reports false, leaving dst's contents past its length undefined, if the
// value is one the caller must give the standard library.
func Append(dst []byte, v any, o Options) ([]byte, bool) {
	if v == nil {
		return append(dst, "null"...), true
	}
	st := states.Get().(*state)
	t := reflect.TypeOf(v)
	e := st.last.Get(t, encoderOf)
	if !e.whole {
		states.Put(st)
		return dst, false
	}
	st.Options = o
	b, ok := st.dynamic(dst, t, e, mem.Word(v))
	st.put()
	return b, ok
}

// Marshal returns the v2 encoding of v in a slice of its own (one
// allocation: the text is built in a pooled buffer), or false, as Append.
func Marshal(v any, o Options) ([]byte, bool) {
	if v == nil {
		return []byte("null"), true
	}
	st := states.Get().(*state)
	t := reflect.TypeOf(v)
	e := st.last.Get(t, encoderOf)
	if !e.whole {
		states.Put(st)
		return nil, false
	}
	st.Options = o
	b, ok := st.dynamic(st.buf[:0], t, e, mem.Word(v))
	var out []byte
	switch {
	case cap(b) > maxKeptBuffer:
		// Too large to keep in the pool: the buffer itself is the result.
		out = b
	case ok:
		out = bytes.Clone(b)
		st.buf = b
	default:
		st.buf = b
	}
	st.put()
	return out, ok
}

// maxKeptBuffer bounds the buffer a pooled state keeps: one huge output
// should not pin its memory for every later call.
const maxKeptBuffer = 4 << 20

func (st *state) put() {
	st.depth = 0
	st.slots.Reset()
	clear(st.keys[:cap(st.keys)])
	st.keys = st.keys[:0]
	st.orders = st.orders[:0]
	st.names = st.names[:0] // the call that made its strings is over
	if cap(st.text) > maxKeptScratch {
		st.text = nil
	}
	states.Put(st)
}

// dynamic encodes the value of an interface: its type t, compiled to e,
// and its data word.
func (st *state) dynamic(b []byte, t reflect.Type, e *typeEnc, word mem.Ptr) ([]byte, bool) {
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
