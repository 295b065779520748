package decoder

import (
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"sync"

	"github.com/safejson/safejson/internal/mem"
)

// Options are the per-call settings; the zero value is json.Unmarshal's.
type Options struct {
	UseNumber             bool
	DisallowUnknownFields bool
}

// maxDepth is encoding/json's nesting limit.
const maxDepth = 10000

// errSyntax reports that the input is not valid JSON. The caller works out
// encoding/json's exact *SyntaxError from the input; the decoders only need
// to notice.
var errSyntax = errors.New("safejson: syntax error")

// errOutOfSync is returned if validated input stops parsing, which can only
// happen if a method changed the input while it was being decoded.
var errOutOfSync = errors.New("json: decoder out of sync - data changing underfoot?")

// decodeState is the scratch space of one Unmarshal call. It is pooled.
type decodeState struct {
	data  []byte
	i     int // next byte to read
	depth int
	opts  Options

	saved error    // the first type error, reported if nothing worse happens
	ctx   []*field // struct fields being decoded, for error paths

	arena   []byte // strings are copied here (see keep)
	arenaSz int
	// slab holds carved slices (see carve.go), up to slabUsed.
	slab     []byte
	slabUsed int
	slabSz   int
	scratch  []byte   // unescaped keys and text
	anys     []any    // elements of arrays being decoded into []any
	members  []member // members of objects being decoded into map[string]any
	descent  int      // interface-to-pointer descents in a row (see iface.go)
	batches  [16]batchSlot
	boxes    mem.Boxes  // interface values of decoded numbers and strings
	keys     [64]string // recent object keys (see key)
	keysUsed bool
}

// batchSlot is where one pointer type's targets are being allocated.
type batchSlot struct {
	owner *typeDec
	b     mem.Batch
}

var statePool = sync.Pool{New: func() any { return new(decodeState) }}

func getState(data []byte, o Options) *decodeState {
	d := statePool.Get().(*decodeState)
	d.data, d.i, d.depth, d.opts = data, 0, 0, o
	return d
}

// maxPooledScratch bounds what a pooled state keeps.
const maxPooledScratch = 64 << 10

func putState(d *decodeState) {
	d.data, d.saved, d.arena, d.arenaSz = nil, nil, nil, 0
	d.slab, d.slabUsed, d.slabSz = nil, 0, 0
	d.batches = [len(d.batches)]batchSlot{}
	d.boxes = mem.Boxes{}
	if d.keysUsed {
		d.keys, d.keysUsed = [len(d.keys)]string{}, false
	}
	d.ctx = d.ctx[:0]
	if cap(d.scratch) > maxPooledScratch {
		d.scratch = nil
	}
	clear(d.anys) // an error can leave elements behind
	d.anys = d.anys[:0]
	if cap(d.anys) > maxPooledScratch {
		d.anys = nil
	}
	clear(d.members)
	d.members = d.members[:0]
	if cap(d.members) > maxPooledScratch {
		d.members = nil
	}
	statePool.Put(d)
}

// save records err if it is the first error, with the current field path.
func (d *decodeState) save(err error) {
	if d.saved == nil {
		d.saved = d.withContext(err)
	}
}

// typeError records an UnmarshalTypeError.
func (d *decodeState) typeError(what string, t reflect.Type, off int) {
	if d.saved == nil {
		d.save(&json.UnmarshalTypeError{Value: what, Type: t, Offset: int64(off)})
	}
}

// withContext fills in the struct and field path of a type error, as
// encoding/json does when it reports one.
func (d *decodeState) withContext(err error) error {
	te, ok := err.(*json.UnmarshalTypeError)
	if !ok || len(d.ctx) == 0 {
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
