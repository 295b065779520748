// Package typecache holds what the encoder and the decoder compile once per
// Go type.
//
// Lookups happen on every call, insertions once per type, and a program may
// have tens of thousands of types. A lookup of an entry that has settled is
// one atomic load and one lookup in a map that is never written. New
// entries go first to a small map behind a mutex; once the work done there
// (insertions and lookups that found their entry in it) reaches half the
// cache's size, both maps are merged into a new read map. Each merge
// copies at most twice as many entries as the work that paid for it, so
// insertion costs O(1) amortised, where copying the whole map for each new
// type cost O(n).
package typecache

import (
	"sync"
	"sync/atomic"
)

// Cache maps keys to values that, once stored, never change.
// The zero Cache is empty and ready to use.
type Cache[K comparable, V any] struct {
	read atomic.Pointer[map[K]V]

	mu     sync.Mutex
	recent map[K]V // stored, not yet in read
	work   int     // insertions and lookups in recent since the last merge
}

// Load returns the value stored for k.
func (c *Cache[K, V]) Load(k K) (V, bool) {
	if m := c.read.Load(); m != nil {
		if v, ok := (*m)[k]; ok {
			return v, true
		}
	}
	return c.loadRecent(k)
}

func (c *Cache[K, V]) loadRecent(k K) (V, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	// A merge may have moved k to read since the caller looked there.
	if m := c.read.Load(); m != nil {
		if v, ok := (*m)[k]; ok {
			return v, true
		}
	}
	v, ok := c.recent[k]
	if ok {
		c.worked(1)
	}
	return v, ok
}

// Store stores v for k unless k has a value already, and returns the value
// k has: every caller sees the same one.
func (c *Cache[K, V]) Store(k K, v V) V {
	c.mu.Lock()
	defer c.mu.Unlock()
	v, added := c.add(k, v)
	if added {
		c.worked(1)
	}
	return v
}

// StoreAll stores the entries of add whose keys have no value yet, all at
// once: no other goroutine sees some of them without the others (a
// recursive type's entries refer to each other). Keys already stored keep
// their value.
func (c *Cache[K, V]) StoreAll(add map[K]V) {
	c.mu.Lock()
	defer c.mu.Unlock()
	n := 0
	for k, v := range add {
		if _, added := c.add(k, v); added {
			n++
		}
	}
	c.worked(n)
}

// add puts k and v in recent unless k has a value, and returns k's value.
// c.mu is held.
func (c *Cache[K, V]) add(k K, v V) (V, bool) {
	if read := c.read.Load(); read != nil {
		if old, ok := (*read)[k]; ok {
			return old, false
		}
	}
	if old, ok := c.recent[k]; ok {
		return old, false
	}
	if c.recent == nil {
		c.recent = make(map[K]V)
	}
	c.recent[k] = v
	return v, true
}

// worked counts n units of work in recent and merges it into read once the
// work reaches half of all entries. c.mu is held.
func (c *Cache[K, V]) worked(n int) {
	c.work += n
	read := c.read.Load()
	size := len(c.recent)
	if read != nil {
		size += len(*read)
	}
	if 2*c.work < size {
		return
	}
	m := make(map[K]V, size)
	if read != nil {
		for k, v := range *read {
			m[k] = v
		}
	}
	for k, v := range c.recent {
		m[k] = v
	}
	c.read.Store(&m)
	c.recent = nil
	c.work = 0
}

// Build returns c's value for k, making it first if c has none. build
// fills in the new value for k, and for each key it reaches that c has no
// value for yet, asking get for the values of others; get returns the
// value still being built for a key asked for before, so that recursive
// types close on themselves. finish then sees each new value, and they
// are stored together.
func Build[K comparable, V any](c *Cache[K, *V], k K, build func(get func(K) *V, k K, v *V), finish func(K, *V)) *V {
	if v, ok := c.Load(k); ok {
		return v
	}
	pending := map[K]*V{}
	var get func(K) *V
	get = func(k K) *V {
		if v, ok := c.Load(k); ok {
			return v
		}
		if v, ok := pending[k]; ok {
			return v // possibly still being built: callers keep only the pointer
		}
		v := new(V)
		pending[k] = v
		build(get, k, v)
		return v
	}
	get(k)
	for k, v := range pending {
		finish(k, v)
	}
	c.StoreAll(pending)
	v, _ := c.Load(k)
	return v
}

// Last remembers the last key looked up through it and its value. A
// pooled per-call state keeps one, so that a call on the type the call
// before it used skips the cache's map. Keys must not be K's zero value,
// and values must hold nothing of one call (no option), as the cache's.
type Last[K comparable, V any] struct {
	k K
	v V
}

// Get returns load(k), calling load only when k is not the last key.
func (l *Last[K, V]) Get(k K, load func(K) V) V {
	if k != l.k {
		l.k, l.v = k, load(k)
	}
	return l.v
}
