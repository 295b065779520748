package decoder

import (
	"reflect"
	"sync/atomic"

	"github.com/safejson/safejson/internal/mem"
	"github.com/safejson/safejson/internal/semantics"
)

// hintedSize is the element size from which slices follow lenHint.
const hintedSize = 256

func (c *compiler) sliceDec(t reflect.Type) decFn {
	et := t.Elem()
	size := et.Size()
	etd := c.get(et)
	bytes := et.Kind() == reflect.Uint8
	// The first allocation holds a few small elements, or one large one.
	first := max(1, min(4, 128/max(int(size), 1)))
	// lenHint is the length this slice type last decoded to, when that
	// outgrew the first allocation. For elements of hintedSize bytes or
	// more, an array that outgrows the first allocation grows straight to
	// it, so documents of a repeated shape fill their slices of records
	// without regrowing (copying and clearing every element again at each
	// step). Smaller elements are cheap to regrow and more often sit in
	// arrays of every length, where a hint would reserve too much. It
	// changes capacities only, never values, and what it reserves is
	// bounded by what the rest of the input can hold.
	var lenHint atomic.Int64
	hinted := size >= hintedSize
	pt := mem.PtrTypeOf(t)
	carve := carvable(et)
	// A slice that has nothing starts in a run of first elements cut from
	// a batch, as pointers' targets are (see newElem), not in an array of
	// its own grown through reflect.
	var td *typeDec
	if mem.Carving && !carve {
		td = c.pending[t]
		td.batched = mem.GroupsOf(et, first, batchBytes)
		td.batchSlot = int(batchTypes.Add(1) % int64(len(decodeState{}.batches)))
	}
	// elems decodes the elements of a non-empty array, its opening
	// bracket consumed, into the slice at p.
	elems := func(d *decodeState, p mem.Ptr) error {
		// Elements go into the slice's memory in place, up to its capacity,
		// as encoding/json decodes them: fields absent from the input keep
		// what the old elements held.
		_, n := mem.Slice(p)
		// Memory that was already there may hold receivers of calls
		// noted before (see deferred.go).
		reused := mem.Cap(p) > 0
		for i := 0; ; i++ {
			c := mem.Cap(p)
			if i >= c && c == 0 && td != nil {
				mem.SetSlice(p, td.newElem(d), 0, first)
				c = first
			}
			if i >= c {
				grow := max(i, first)
				if h := int(lenHint.Load()); hinted && c > 0 && h > 2*i {
					grow = min(h, i+(len(d.data)-d.i)/2+1) - i
				}
				old, _ := mem.Slice(p)
				pt.At(p).Elem().Grow(grow)
				if d.deferring && c > 0 {
					now, _ := mem.Slice(p)
					d.rebaseCalls(reused, old, now, uintptr(c)*size)
				}
			}
			if i >= n {
				n = i + 1
				mem.SetLen(p, n)
			}
			data, _ := mem.Slice(p)
			if err := etd.slot(d, mem.Index(data, i, size)); err != nil {
				if !semantics.OnV2 || err != errReadOn || et.Kind() != reflect.Struct {
					return err
				}
				if i, err = d.sliceReadOn(pt.At(p).Elem(), etd, i); err != nil {
					return err
				}
				n = max(n, i+1)
			}
			if d.comma() {
				continue
			}
			more, err := d.next(']')
			if err != nil {
				return err
			}
			if !more {
				if i+1 < n {
					mem.SetLen(p, i+1)
				}
				if h := int64(i + 1); hinted && h > int64(first) && h != lenHint.Load() {
					lenHint.Store(h)
				}
				return nil
			}
		}
	}
	return func(d *decodeState, p mem.Ptr) error {
		switch d.peek() {
		case '[':
		case 'n':
			mem.Store[[]byte](p, nil)
			return d.null()
		case '"':
			if bytes {
				return base64Dec(d, p, t)
			}
			return d.mismatch(t)
		default:
			return d.mismatch(t)
		}
		empty, err := d.open(']')
		if err != nil {
			return err
		}
		if empty {
			// An empty array makes a new empty slice, whatever was there.
			mem.SetEmpty(p)
			return nil
		}
		if carve && mem.Cap(p) == 0 {
			return d.carveSlice(p, etd, int(size), et.Align())
		}
		if !d.deferring {
			return elems(d, p)
		}
		// Noted method calls (see deferred.go) into the elements move
		// with them: they are listed from d.ownLast back.
		outer := d.ownLast
		d.ownLast = -1
		err = elems(d, p)
		d.ownLast = outer
		return err
	}
}

func (c *compiler) arrayDec(t reflect.Type) decFn {
	et := t.Elem()
	size := et.Size()
	etd := c.get(et)
	n := t.Len()
	return func(d *decodeState, p mem.Ptr) error {
		if d.peek() != '[' {
			return d.mismatch(t)
		}
		empty, err := d.open(']')
		if err != nil {
			return err
		}
		i := 0
		for more := !empty; more; {
			if i < n {
				err = etd.slot(d, mem.Index(p, i, size))
			} else {
				err = d.skipValue()
			}
			if err != nil {
				return err
			}
			i++
			if more = d.comma(); !more {
				if more, err = d.next(']'); err != nil {
					return err
				}
			}
		}
		if i < n {
			if d.deferring && !etd.pure {
				return errNoDefer // methods may have written them
			}
			a := mem.Addr(t, p).Elem()
			for ; i < n; i++ {
				a.Index(i).SetZero()
			}
		}
		return nil
	}
}
