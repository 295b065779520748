package decoder

import (
	"reflect"
	"sync/atomic"

	"github.com/safejson/safejson/internal/mem"
	"github.com/safejson/safejson/internal/semantics"
)

// hintedSize is the element size from which slices follow lenHint.
const hintedSize = 256

// longBytes is the size from which an array that starts a slice with
// nothing is decoded into scratch (see decodeLong).
const longBytes = 2048

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
	// its own grown through reflect; past longBytes, in scratch (see
	// decodeLong).
	var td *typeDec
	if mem.Carving && !carve {
		td = c.pending[cacheKey{t: t}]
		td.batched = mem.GroupsOf(et, first, batchBytes)
	}
	// fill decodes the elements of a non-empty array, its opening bracket
	// consumed and those before index i decoded, into the slice at h. It
	// stops before element stop, if the array has one. If reused, the
	// slice's memory was there before the array, and may hold receivers of
	// calls noted before (see deferred.go).
	fill := func(d *decodeState, h mem.Ptr, i, stop int, reused bool) (stopped bool, err error) {
		// Elements go into the slice's memory in place, up to its capacity,
		// as encoding/json decodes them: fields absent from the input keep
		// what the old elements held.
		_, n := mem.Slice(h)
		for ; ; i++ {
			if i == stop {
				return true, nil
			}
			if c := mem.Cap(h); i >= c {
				grow := max(i, first)
				if h := int(lenHint.Load()); hinted && c > 0 && h > 2*i && stop < 0 {
					grow = min(h, i+(len(d.data)-d.i)/2+1) - i
				}
				old, _ := mem.Slice(h)
				pt.At(h).Elem().Grow(grow)
				if d.deferring && c > 0 {
					now, _ := mem.Slice(h)
					d.rebaseCalls(reused, old, now, uintptr(c)*size)
				}
			}
			if i >= n {
				n = i + 1
				mem.SetLen(h, n)
			}
			data, _ := mem.Slice(h)
			if err := etd.slot(d, mem.Index(data, i, size)); err != nil {
				if !semantics.OnV2 || err != errReadOn || et.Kind() != reflect.Struct {
					return false, err
				}
				if i, err = d.sliceReadOn(pt.At(h).Elem(), etd, i); err != nil {
					return false, err
				}
				n = max(n, i+1)
			}
			if d.comma() {
				continue
			}
			more, err := d.next(']')
			if err != nil {
				return false, err
			}
			if !more {
				if i+1 < n {
					mem.SetLen(h, i+1)
				}
				if h := int64(i + 1); hinted && h > int64(first) && h != lenHint.Load() {
					lenHint.Store(h)
				}
				return false, nil
			}
		}
	}
	// Past longFrom, an array that started in a run goes into scratch.
	scratch := mem.NewScratch(t)
	longFrom := max(first, longBytes/max(int(size), 1))
	decodeLong := func(d *decodeState, p mem.Ptr, i int) error {
		s, h := scratch.Take(p, i)
		if d.deferring {
			from, _ := mem.Slice(p)
			to, _ := mem.Slice(h)
			d.rebaseCalls(false, from, to, uintptr(i)*size)
		}
		_, err := fill(d, h, i, -1, false)
		// Stored whole or in part, as sliceDec leaves what it has decoded.
		from, n := mem.Slice(h)
		scratch.Store(s, p)
		if d.deferring {
			to, _ := mem.Slice(p)
			d.rebaseCalls(false, from, to, uintptr(n)*size)
		}
		scratch.Put(s)
		return err
	}
	elems := func(d *decodeState, p mem.Ptr) error {
		if reused := mem.Cap(p) > 0; td == nil || reused {
			_, err := fill(d, p, 0, -1, reused)
			return err
		}
		// A slice that has nothing starts in a run of first elements cut
		// from a batch, and regrows while that is cheap, or straight to
		// the length its type last had.
		mem.SetSlice(p, td.newElem(d), 0, first)
		stop := longFrom
		if hinted && lenHint.Load() > int64(first) {
			stop = -1
		}
		long, err := fill(d, p, 0, stop, false)
		if !long || err != nil {
			return err
		}
		return decodeLong(d, p, longFrom)
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
			if i >= n {
				err = d.skipValue()
			} else {
				q, ok := mem.Index(p, i, size), false
				if etd.float64Leaf {
					var x float64
					if x, ok = d.fastFloat(); ok {
						mem.Store(q, x)
					}
				}
				if !ok {
					err = etd.slot(d, q)
				}
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
