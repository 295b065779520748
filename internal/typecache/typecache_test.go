package typecache

import (
	"sync"
	"testing"
)

func TestStoreFirstWins(t *testing.T) {
	var c Cache[string, int]
	if _, ok := c.Load("a"); ok {
		t.Fatal("empty cache has a value for a")
	}
	if got := c.Store("a", 1); got != 1 {
		t.Errorf("Store(a, 1) = %d, want 1", got)
	}
	if got := c.Store("a", 2); got != 1 {
		t.Errorf("second Store(a, 2) = %d, want the first value 1", got)
	}
	c.StoreAll(map[string]int{"a": 3, "b": 4})
	for k, want := range map[string]int{"a": 1, "b": 4} {
		if got, ok := c.Load(k); !ok || got != want {
			t.Errorf("Load(%s) = %d, %v; want %d, true", k, got, ok, want)
		}
	}
}

// TestInsertionAmortised stores keys one at a time and counts the entries
// copied into each new read map: linear in the number of keys, where a copy
// of the whole map per key would be quadratic.
func TestInsertionAmortised(t *testing.T) {
	const n = 1 << 14
	var c Cache[int, int]
	copied := 0
	last := c.read.Load()
	for i := range n {
		c.Store(i, i)
		if m := c.read.Load(); m != last {
			copied += len(*m)
			last = m
		}
	}
	if copied > 4*n {
		t.Errorf("storing %d keys copied %d entries, want at most %d", n, copied, 4*n)
	}
	for i := range n {
		if v, ok := c.Load(i); !ok || v != i {
			t.Fatalf("Load(%d) = %d, %v", i, v, ok)
		}
	}
}

// TestRecentSettles checks that an entry found often enough in recent moves
// to the read map, where lookups take no lock.
func TestRecentSettles(t *testing.T) {
	var c Cache[int, int]
	for i := range 100 {
		c.Store(i, i)
	}
	c.Store(1000, 1)
	for range 200 {
		c.Load(1000)
	}
	if _, ok := (*c.read.Load())[1000]; !ok {
		t.Error("an entry looked up 200 times in a cache of 101 is still not in the read map")
	}
}

// TestConcurrent stores overlapping keys from many goroutines: every
// goroutine must see the one value that won for each key (run with -race).
func TestConcurrent(t *testing.T) {
	var c Cache[int, *int]
	const keys, workers = 500, 8
	seen := make([][]*int, workers)
	var wg sync.WaitGroup
	for w := range workers {
		seen[w] = make([]*int, keys)
		wg.Go(func() {
			for k := range keys {
				if v, ok := c.Load(k); ok {
					seen[w][k] = v
					continue
				}
				if w%2 == 0 {
					seen[w][k] = c.Store(k, new(int))
				} else {
					c.StoreAll(map[int]*int{k: new(int), k + keys: new(int)})
					seen[w][k], _ = c.Load(k)
				}
			}
		})
	}
	wg.Wait()
	for k := range keys {
		want, _ := c.Load(k)
		for w := range workers {
			if seen[w][k] != want {
				t.Fatalf("goroutine %d saw a different value for key %d than the cache holds", w, k)
			}
		}
	}
}

// TestBuildClosesCycles: Build makes one value per key reached, hands a
// key's unfinished value to the builds that reach it again, and finishes
// and stores them all.
func TestBuildClosesCycles(t *testing.T) {
	type node struct {
		next     *node
		finished bool
	}
	var c Cache[int, *node]
	builds := 0
	build := func(get func(int) *node, k int, v *node) {
		builds++
		v.next = get((k + 1) % 3) // 0 -> 1 -> 2 -> 0
	}
	finish := func(_ int, v *node) { v.finished = true }
	n0 := Build(&c, 0, build, finish)
	if builds != 3 {
		t.Fatalf("%d builds for a cycle of 3", builds)
	}
	if n0.next.next.next != n0 {
		t.Error("the cycle does not close on the first value")
	}
	for k := range 3 {
		v, ok := c.Load(k)
		if !ok || !v.finished {
			t.Errorf("key %d: stored %v, finished %v", k, ok, ok && v.finished)
		}
	}
	if Build(&c, 1, build, finish) != n0.next || builds != 3 {
		t.Error("a stored key was built again")
	}
}

// TestLast checks that Last loads a key's value only when the key is not
// the last one asked for.
func TestLast(t *testing.T) {
	var l Last[string, int]
	loads := 0
	load := func(k string) int { loads++; return len(k) }
	for i, k := range []string{"a", "a", "bb", "bb", "a", "ccc", "ccc"} {
		if got := l.Get(k, load); got != len(k) {
			t.Fatalf("step %d: Get(%q) = %d, want %d", i, k, got, len(k))
		}
	}
	if loads != 4 {
		t.Errorf("%d loads for 4 changes of key", loads)
	}
}
