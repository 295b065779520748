//go:build goexperiment.jsonv2 && go1.27

// Package decoderv2 decodes JSON as Go 1.27's encoding/json/v2 Unmarshal
// does with its default options, into a zero value of a type whose
// decoding it knows: bools, numbers, strings, time.Time, structs, slices,
// arrays, maps with string or integer keys, pointers and the empty
// interface, with v2's rules (names matched exactly, duplicate names
// rejected, strict UTF-8, nulls as zero values, empty arrays as empty
// slices, arrays of exactly their length).
//
// Anything else makes [Unmarshal] report false, with the target set back
// to its zero value: a type with methods that v2 calls (UnmarshalJSON,
// UnmarshalJSONFrom, UnmarshalText), tag options that change how a value
// is read (string, format, inline, unknown, case:ignore), time.Duration,
// byte slices and arrays, a target that is not zero, and any input that
// v2 rejects or that this package does not take on (values nested deeper
// than maxDepth, objects with many unknown names). The caller then runs
// the standard library, whose result, errors and partial values included,
// is exact by definition: the target it gets is the one its caller passed.
package decoderv2

import (
	"hash/maphash"
	"reflect"
	"sync"

	"github.com/safejson/safejson/internal/mem"
	"github.com/safejson/safejson/internal/typecache"
	"github.com/safejson/safejson/internal/wirev2"
)

// maxDepth is how deeply values may nest here; jsontext allows 10000
// levels, and deeper input is left to it.
const maxDepth = 1000

// decFn decodes the value at d.I into the zero value at p, reporting false
// if the input or the value is one to leave to the standard library.
type decFn func(d *state, p mem.Ptr) bool

type typeDec struct {
	fn decFn
	// whole says no type reachable from this one is one this package
	// leaves to the standard library.
	whole bool
	// float64Leaf is set for float64 types without methods, whose
	// elements the loops of arrays read with Lexer.Float themselves: a call
	// less for each number of a coordinate array.
	float64Leaf bool
}

// state is one call's position in its input and its scratch space.
type state struct {
	// The input, read as jsontext reads it; the lexer tracks the names an
	// object must not repeat that no struct field tracks: those of
	// skipped objects and a struct's unknown names.
	wirev2.Lexer
	rejectUnknown bool // members no struct field takes are left to v2
	// arena holds the strings decoded: a few large allocations instead of
	// one per string, sized by mem.Chunks. A string keeps its whole chunk
	// alive.
	arena       []byte
	arenaChunks mem.Chunks
	// slab holds slices of pointer-free values, cut one after another
	// (see carveSlice); slabUsed bytes of it are taken.
	slab       []byte
	slabUsed   int
	slabChunks mem.Chunks
	// keys holds this call's recent long map keys by length and end
	// bytes: keys repeat across a document's objects, and one seen before
	// is not copied again.
	keys     [64]string
	keysUsed bool
	// interned holds short strings from this and earlier calls (see
	// intern); they are strings of their own, so they pin no arena.
	interned [256]string
	// batches hand out pointer targets and the first elements of slices,
	// several to an allocation (see mem.Batch).
	batches mem.Batches
	// boxes makes the interface values of decoded numbers, strings and
	// arrays; members and anys gather the members and elements of the
	// objects and arrays being decoded into any.
	boxes   mem.Boxes
	members []anyMember
	anys    []any
	// target is the last target type's decoder, kept across calls.
	target typecache.Last[reflect.Type, *typeDec]
}

var states = sync.Pool{New: func() any { return new(state) }}

// maxKeptScratch bounds the scratch a pooled state keeps.
const maxKeptScratch = 64 << 10

// keep returns a string of b's bytes that nothing writes to again.
func (d *state) keep(b []byte) string {
	switch {
	case len(b) == 0:
		return ""
	case d.interning(b):
		return d.intern(b)
	}
	return mem.String(d.keepBytes(b))
}

// interning reports whether b is kept in d.interned.
func (d *state) interning(b []byte) bool {
	return len(b) <= maxInterned && len(d.Data) <= maxInterning
}

// Short strings of small inputs are kept in a state's table of them, which
// outlives the call: short strings repeat across documents (names, codes,
// flags), and a small document then costs no allocation for them, as in
// v2, which interns them too. Larger inputs copy theirs into the arena,
// which costs fewer allocations there.
const (
	maxInterned  = 16
	maxInterning = 4 << 10
)

var internSeed = maphash.MakeSeed()

// intern returns b as a string: the one in d.interned with its text, or a
// new one put there.
func (d *state) intern(b []byte) string {
	h := maphash.Bytes(internSeed, b) & (uint64(len(d.interned)) - 1)
	if s := d.interned[h]; s == string(b) {
		return s
	}
	s := string(b)
	d.interned[h] = s
	return s
}

// keepBytes returns a copy of b that nothing else writes to, with no room
// to append in place.
func (d *state) keepBytes(b []byte) []byte {
	if len(b) > cap(d.arena)-len(d.arena) {
		if len(b) > mem.MaxChunk/4 {
			return append([]byte(nil), b...)
		}
		d.arena = make([]byte, 0, d.arenaChunks.Next(len(d.arena), len(b), d.I, len(d.Data)-d.I))
	}
	n := len(d.arena)
	d.arena = append(d.arena, b...)
	return d.arena[n:len(d.arena):len(d.arena)]
}

// key returns b as a map key: a string of its own, or the same string as
// a recent key with the same text.
func (d *state) key(b []byte) string {
	if len(b) == 0 || d.interning(b) {
		return d.keep(b)
	}
	h := (len(b)*7 + int(b[0])*3 + int(b[len(b)-1])) & (len(d.keys) - 1)
	if k := d.keys[h]; k == string(b) {
		return k
	}
	k := d.keep(b)
	d.keys[h], d.keysUsed = k, true
	return k
}

// Takes reports whether Unmarshal would decode into out, for input that
// v2 accepts: callers that must read their input first ask before.
func Takes(out any) bool {
	d := states.Get().(*state)
	_, _, ok := target(out, d)
	states.Put(d)
	return ok
}

// target returns the decoder for what out points to, and where it is, or
// false unless out is a non-nil pointer to a zero value of a type this
// package decodes. The decoder found is remembered in d.
func target(out any, d *state) (*typeDec, mem.Ptr, bool) {
	rv := reflect.ValueOf(out)
	if rv.Kind() != reflect.Pointer || rv.IsNil() {
		return nil, nil, false
	}
	t := rv.Type().Elem()
	td := d.target.Get(t, decoderOf)
	p := mem.PointerOf(rv)
	if !td.whole || !mem.IsZero(p, t.Size()) {
		return nil, nil, false
	}
	return td, p, true
}

// Unmarshal decodes data into out, a pointer to a zero value, and reports
// true; or reports false, having left *out zero, if the call is one the
// caller must give the standard library. With rejectUnknown (v2's
// RejectUnknownMembers), an object member no struct field takes is one.
func Unmarshal(data []byte, out any, rejectUnknown bool) bool {
	d := states.Get().(*state)
	td, p, ok := target(out, d)
	if !ok {
		states.Put(d)
		return false
	}
	d.Reset(data, maxDepth, maxKeptScratch)
	d.rejectUnknown = rejectUnknown
	d.Space()
	ok = td.fn(d, p)
	if ok {
		d.Space()
		ok = d.I == len(d.Data)
	}
	if !ok {
		mem.Addr(reflect.TypeOf(out).Elem(), p).Elem().SetZero()
	}
	d.put()
	return ok
}

// put lets go of what the call made and puts d back in the pool, with the
// scratch space that is not too large to keep.
func (d *state) put() {
	d.Data, d.arena, d.arenaChunks = nil, nil, mem.Chunks{}
	d.slab, d.slabUsed, d.slabChunks = nil, 0, mem.Chunks{}
	d.batches.Reset()
	d.boxes = mem.Boxes{}
	if cap(d.members) > maxKeptScratch {
		d.members = nil
	}
	if cap(d.anys) > maxKeptScratch {
		d.anys = nil
	}
	if d.keysUsed {
		d.keys, d.keysUsed = [len(d.keys)]string{}, false
	}
	states.Put(d)
}
