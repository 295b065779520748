package decoder

import (
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"sync"

	"github.com/safejson/safejson/internal/mem"
	"github.com/safejson/safejson/internal/semantics"
	"github.com/safejson/safejson/internal/typecache"
)

// Options are the per-call settings; the zero value is json.Unmarshal's.
type Options struct {
	UseNumber             bool
	DisallowUnknownFields bool
}

// errSyntax reports that the input is not valid JSON. The caller works out
// encoding/json's exact *SyntaxError from the input; the decoders only need
// to notice.
var errSyntax = errors.New("safejson: syntax error")

// errOutOfSync is returned if validated input stops parsing, which can only
// happen if a method changed the input while it was being decoded.
var errOutOfSync = errors.New("json: decoder out of sync - data changing underfoot?")

// decodeState is the scratch space of one Unmarshal call. It is pooled.
type decodeState struct {
	// The v2 preset's lexer and options (see v2_api.go); first, so that
	// the lexer's methods take the state's own address.
	//lint:ignore U1000 the v2 preset builds only where encoding/json/v2 does
	v2State

	data  []byte
	i     int // next byte to read
	depth int
	opts  Options
	// bits holds a map's scalar value between its decoding and its
	// store (see scalarMapDec).
	bits uint64

	saved error // the first type error, reported if nothing worse happens
	// savedAt is where the value that saved is about starts, for its path
	// (v1 on v2), or -1 if saved came from elsewhere, to report as it is.
	savedAt int
	// quotedAt is where the value of the `,string` field being decoded
	// starts.
	quotedAt int
	ctx      []*field // struct fields being decoded, for error paths

	arena   arena       // strings are copied here (see keep)
	slab    slab        // carved slices (see carve.go)
	scratch []byte      // unescaped keys and text
	quoted  []byte      // the text of `,string` strings (see quotedString)
	anys    []any       // elements of arrays being decoded into []any
	members []member    // members of objects being decoded into map[string]any
	descent int         // interface-to-pointer descents in a row (see iface.go)
	batches mem.Batches // pointer targets and the first elements of slices
	boxes   mem.Boxes   // interface values of decoded numbers and strings
	// keys holds recent object keys by length and end bytes (see
	// recentKey).
	keys     [64]string
	keysUsed bool
	from     fromState // for UnmarshalJSONFrom methods (v1 on v2)

	// invalid says the call's input turned out not to be one JSON value,
	// the target left as it was.
	invalid bool

	// See deferred.go: a pass that notes its method calls, or one that
	// substitutes noted calls for its first ones. deferred says the call
	// has set the fields down to outOfSync, which putState then clears.
	deferred  bool
	deferring bool
	calls     []call
	callTypes []reflect.Type // the receiver types of calls
	// callJSON holds, for each of callTypes, its nil pointer as a
	// json.Unmarshaler, or nil: the interface run calls it through.
	callJSON  []json.Unmarshaler
	lastType  int      // the index in callTypes last noted
	texts     [][]byte // the texts of callOwnText and callOwnJSON calls, in order
	stores    []store
	redo      []call
	redoTypes []reflect.Type
	redoNext  int
	redoErr   error
	outOfSync bool
	ownLast   int // the last call noted in the innermost slice's elements

	// The last target's decoders, kept across calls: encoding/json's by
	// the argument's type word (see argument), the v2 preset's by type and
	// flags.
	argType mem.TypeID
	argDec  *typeDec
	//lint:ignore U1000 the v2 preset builds only where encoding/json/v2 does
	target typecache.Last[cacheKey, *typeDec]

	// The v2 preset's interned strings, last: the fields before them
	// stay within the first 4 KiB, where a nil state needs no check of
	// its own before a field is read.
	//lint:ignore U1000 the v2 preset builds only where encoding/json/v2 does
	v2Strings
}

var statePool = sync.Pool{New: func() any { return new(decodeState) }}

func getState(data []byte, o Options) *decodeState {
	d := statePool.Get().(*decodeState)
	d.data, d.i, d.depth, d.opts = data, 0, 0, o
	d.ownLast = -1
	return d
}

// maxPooledScratch bounds what a pooled state keeps.
const maxPooledScratch = 64 << 10

func putState(d *decodeState) {
	d.data, d.saved = nil, nil
	d.ctx = d.ctx[:0]
	d.from = fromState{}
	if d.deferred {
		d.calls, d.stores = emptied(d.calls), emptied(d.stores)
		d.callTypes, d.callJSON, d.texts, d.lastType = emptied(d.callTypes), emptied(d.callJSON), emptied(d.texts), 0
		d.deferring, d.redo, d.redoTypes, d.redoNext, d.redoErr, d.outOfSync = false, nil, nil, 0, nil, false
		d.deferred = false
	}
	if cap(d.scratch) > maxPooledScratch {
		d.scratch = nil
	}
	if cap(d.quoted) > maxPooledScratch {
		d.quoted = nil
	}
	d.release()
}

// release lets go of what the call made and puts d back in the pool, with
// the scratch space that is not too large to keep.
func (d *decodeState) release() {
	d.arena, d.slab = arena{}, slab{}
	d.batches.Reset()
	d.boxes = mem.Boxes{}
	if d.keysUsed {
		d.keys, d.keysUsed = [len(d.keys)]string{}, false
	}
	// An error can leave elements behind.
	d.anys, d.members = emptied(d.anys), emptied(d.members)
	statePool.Put(d)
}

// emptied returns s with no elements and nothing it held kept alive, or
// nil if it is too large to pool.
func emptied[T any](s []T) []T {
	if cap(s) > maxPooledScratch {
		return nil
	}
	if len(s) > 0 { // most calls leave nothing: no call to clear
		clear(s)
	}
	return s[:0]
}

// save records err if it is the first error, with the current field path
// (classic), or as it is (v1 on v2).
func (d *decodeState) save(err error) {
	if d.saved == nil {
		d.saved, d.savedAt = d.withContext(err), -1
	}
}

// typeError records an UnmarshalTypeError about the value that starts at
// start.
func (d *decodeState) typeError(what string, t reflect.Type, off, start int) {
	d.typeErrorWrapping(what, t, off, start, nil)
}

// typeErrorWrapping is typeError with the Err that v1 on v2 adds.
func (d *decodeState) typeErrorWrapping(what string, t reflect.Type, off, start int, err error) {
	if d.saved != nil {
		return
	}
	te := semantics.DecodeTypeError(what, t, int64(off), err)
	if semantics.OnV2 {
		d.saved, d.savedAt = te, start
		return
	}
	d.save(te)
}

// withContext fills in the struct and field path of a type error, as
// encoding/json does when it reports one. v1 on v2 names the path in the
// input instead, when the call ends (see finish).
func (d *decodeState) withContext(err error) error {
	te, ok := err.(*json.UnmarshalTypeError)
	if semantics.OnV2 || !ok || len(d.ctx) == 0 {
		return err
	}
	var path []string
	for _, f := range d.ctx {
		path = append(path, f.path...)
	}
	if te.Field != "" {
		path = append(path, te.Field)
	}
	te.Struct = d.ctx[len(d.ctx)-1].owner.Name()
	te.Field = strings.Join(path, ".")
	return te
}

// finish completes the saved error of a call into a value of type root
// (a pointer) with what v1 on v2 reports: the path in the input to the
// value at fault, and the root type's name when that is not the top.
func (d *decodeState) finish(root reflect.Type) error {
	if !semantics.OnV2 || d.saved == nil {
		return d.saved
	}
	te, ok := d.saved.(*json.UnmarshalTypeError)
	if !ok || d.savedAt < 0 {
		return transformForeign(root, d.saved)
	}
	path, inner := fieldPath(d.data, d.savedAt)
	if inner {
		te.Struct, te.Field = root.Elem().Name(), path
	}
	return te
}
