//go:build goexperiment.jsonv2 && go1.27

package decoder

import (
	jsonv2 "encoding/json/v2"
	"hash/maphash"
	"reflect"
	"sync/atomic"

	"github.com/safejson/safejson/internal/mem"
	"github.com/safejson/safejson/internal/typefuncs"
	"github.com/safejson/safejson/internal/v2opts"
	"github.com/safejson/safejson/internal/wirev2"
)

// The v2 preset decodes JSON as Go 1.27's encoding/json/v2 Unmarshal does
// with its default options, into a value of a type whose decoding it
// knows: bools, numbers, strings, time.Time, structs, slices, arrays, maps
// with string or integer keys, pointers, the empty interface and types
// with UnmarshalJSONFrom, UnmarshalJSON or UnmarshalText methods, with v2's rules (names matched exactly, or up to case with `case:ignore` or
// MatchCaseInsensitiveNames; members no field takes stored in the
// struct's `embed` map if it has one; duplicate names rejected, strict UTF-8,
// nulls as zero values, empty arrays as empty slices, arrays of exactly
// their length, []byte and [N]byte from strictly padded base64). The
// value is a zero one, or one whose non-zero parts are bools, numbers,
// strings, json.Number, time.Time, structs, slices and arrays but of
// bytes, maps of values of the kinds before slices and non-nil pointers
// to those, which is merged into as v2 merges (see mergeV2).
//
// Anything else makes [UnmarshalV2] report false, with the target as the
// caller passed it: a method that fails, tag options
// that change how a value is read (format, unknown, embed on a
// jsontext.Value),
// time.Duration, a target with a non-nil interface, []byte, other map or
// `embed` map, a non-zero [N]byte, a non-zero value with methods or a
// value that two of its
// pointers reach, and any input that v2 rejects or that the preset does
// not take on (values nested deeper than maxDepthV2, objects with many
// unknown names). The caller then runs
// the standard library, whose result, errors and partial values included,
// is exact by definition.

// maxDepthV2 is how deeply values may nest here; jsontext allows 10000
// levels, and deeper input is left to it.
const maxDepthV2 = 1000

// OptionsV2 are the settings of one call. The zero value is v2's Unmarshal
// with its default options.
type OptionsV2 struct {
	// Flags are the call's settings, of which Unmarshal reads three:
	// RejectUnknown leaves to v2 an object member that no struct field
	// takes, as its RejectUnknownMembers rejects it, MatchCase matches
	// names up to case, and Stringify reads every number from within a
	// string. Duplicate names go to v2 whatever the flags say.
	Flags v2opts.Flags
	// Opts are the options the standard library would be called with in
	// the call's place: UnmarshalJSONFrom methods get a decoder made with
	// them.
	Opts []jsonv2.Options
}

// decFnV2 decodes the value at d.I into the value at p, zero or one merged
// into (see mergeV2), reporting false if the input or the value is one to
// leave to the standard library.
type decFnV2 func(d *decodeState, p mem.Ptr) bool

// typeDecV2 is the part of typeDec that only the v2 preset uses.
type typeDecV2 struct {
	fnV2 decFnV2
	// whole says no type reachable from this one is one the preset leaves
	// to the standard library.
	whole bool
	// merge says what a target of this type may hold (see mergeableV2).
	merge *mergeTypeV2
	// reach is what a value of the type reaches, made the first time a
	// call with WithUnmarshalers meets the type (see touchedV2).
	reach atomic.Pointer[typefuncs.Reach]
}

// touchedV2 reports whether one of the functions of the last
// WithUnmarshalers among opts applies to a type that a value of type t,
// compiled to td, reaches: v2 would call it there, so the call goes to the
// standard library.
func (td *typeDec) touchedV2(t reflect.Type, opts []jsonv2.Options) bool {
	r := td.reach.Load()
	if r == nil {
		r = typefuncs.Of(t)
		td.reach.Store(r)
	}
	return r.Touched(typefuncs.Unmarshalers(opts))
}

// v2State is the part of decodeState that only the v2 preset uses, but
// for its interned strings (v2Strings).
type v2State struct {
	// The input, read as jsontext reads it; the lexer tracks the names an
	// object must not repeat that no struct field tracks: those of
	// skipped objects and a struct's unknown names.
	wirev2.Lexer
	OptionsV2
	// merge says the target may not be zero: a null stores a zero value
	// over what is there, and a non-nil pointer is decoded into what it
	// points to.
	merge bool
	// merging is the target's places while merge is set (see mergeV2),
	// kept for the next call empty.
	merging mergeV2
}

// v2Strings holds short strings from this and earlier calls (see intern);
// they are strings of their own, so they pin no arena.
type v2Strings struct {
	interned [256]string
}

// keepV2 returns a string of b's bytes that nothing writes to again.
func (d *decodeState) keepV2(b []byte) string {
	switch {
	case len(b) == 0:
		return ""
	case d.interning(b):
		return d.intern(b)
	}
	return mem.String(d.keepBytesV2(b))
}

// interning reports whether b is kept in d.interned.
func (d *decodeState) interning(b []byte) bool {
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
func (d *decodeState) intern(b []byte) string {
	h := maphash.Bytes(internSeed, b) & (uint64(len(d.interned)) - 1)
	if s := d.interned[h]; s == string(b) {
		return s
	}
	s := string(b)
	d.interned[h] = s
	return s
}

// keepBytesV2 is keepBytes at the lexer's position.
func (d *decodeState) keepBytesV2(b []byte) []byte {
	return d.arena.keep(b, d.I, len(d.Data))
}

// keyV2 returns b as a map key: a string of its own, or the same string as
// a recent key with the same text.
func (d *decodeState) keyV2(b []byte) string {
	if len(b) == 0 || d.interning(b) {
		return d.keepV2(b)
	}
	h := d.recentKey(b)
	if k := d.keys[h]; k == string(b) {
		return k
	}
	k := d.keepV2(b)
	d.keys[h], d.keysUsed = k, true
	return k
}

// TakesV2 reports whether UnmarshalV2 would decode into out, for input
// that v2 accepts: callers that must read their input first ask before.
func TakesV2(out any, o OptionsV2) bool {
	d := statePool.Get().(*decodeState)
	_, _, m, ok := d.targetV2(out, &o)
	if m != nil {
		m.clear()
	}
	statePool.Put(d)
	return ok
}

// targetV2 returns the decoder for what out points to under o, and where
// it is, or false unless out is a non-nil pointer to a value the preset
// decodes into: a zero value of a type it decodes, or one it merges into,
// whose places it returns too, which none of the call's WithUnmarshalers
// functions applies to. The decoder found is remembered in d.
func (d *decodeState) targetV2(out any, o *OptionsV2) (*typeDec, mem.Ptr, *mergeV2, bool) {
	rv := reflect.ValueOf(out)
	if rv.Kind() != reflect.Pointer || rv.IsNil() {
		return nil, nil, nil, false
	}
	t := rv.Type().Elem()
	td := d.target.Get(keyV2(t, o.Flags), decoderOfV2)
	p := mem.PointerOf(rv)
	if !td.whole || o.Flags&v2opts.UnmarshalFuncs != 0 && td.touchedV2(t, o.Opts) {
		return nil, nil, nil, false
	}
	if mem.IsZero(p, t.Size()) {
		return td, p, nil, true
	}
	m := d.mergeableV2(rv.Elem(), td.merge, o.Flags)
	return td, p, m, m != nil
}

// UnmarshalV2 decodes data into out, a pointer to a value the preset
// decodes into, under o and reports true; or reports false, having left
// *out as it was, pointers and what they point to included, if the call
// is one the caller must give the standard library.
func UnmarshalV2(data []byte, out any, o OptionsV2) bool {
	d := statePool.Get().(*decodeState)
	td, p, m, ok := d.targetV2(out, &o)
	if !ok {
		statePool.Put(d)
		return false
	}
	if m != nil {
		m.save()
	}
	d.Reset(data, maxDepthV2, maxPooledScratch)
	d.OptionsV2, d.merge = o, m != nil
	d.Space()
	ok = td.fnV2(d, p)
	if ok {
		d.Space()
		ok = d.I == len(d.Data)
	}
	switch {
	case ok:
	case m != nil:
		m.restore()
	default:
		mem.Addr(reflect.TypeOf(out).Elem(), p).Elem().SetZero()
	}
	if m != nil {
		m.clear()
	}
	d.Data = nil
	if d.from.dec != nil {
		d.from = fromState{}
	}
	d.Opts = nil
	d.release()
	return ok
}
