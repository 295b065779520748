package encoder

import (
	"bytes"
	"encoding/binary"
	"reflect"
	"slices"
	"strings"

	"github.com/safejson/safejson/internal/mem"
)

// Map entries are sorted by their raw keys, as encoding/json sorts them,
// by a quicksort written out for mapEntry: each comparison is inline code
// on the first 16 bytes of the keys, held as two numbers, rather than a
// call through slices.SortFunc's function value to bytes.Compare, which
// made sorting 184 keys of citm_catalog 4.7 times slower.

// keyPrefix returns mapEntry.hi and lo for the raw key k.
func keyPrefix(k []byte) (hi, lo uint64) {
	if len(k) >= 16 {
		return binary.BigEndian.Uint64(k), binary.BigEndian.Uint64(k[8:])
	}
	var p [16]byte
	copy(p[:], k)
	return binary.BigEndian.Uint64(p[:]), binary.BigEndian.Uint64(p[8:])
}

// entryLess reports whether x's key sorts before y's.
func entryLess(x, y *mapEntry, keys []byte) bool {
	if x.hi != y.hi {
		return x.hi < y.hi
	}
	if x.lo != y.lo {
		return x.lo < y.lo
	}
	return string(keys[x.keyStart:x.keyEnd]) < string(keys[y.keyStart:y.keyEnd])
}

func entriesSorted(entries []mapEntry, keys []byte) bool {
	for i := 1; i < len(entries); i++ {
		if entryLess(&entries[i], &entries[i-1], keys) {
			return false
		}
	}
	return true
}

// sortEntries sorts entries by key.
func sortEntries(entries []mapEntry, keys []byte) {
	for len(entries) > 12 {
		// The median of the first, middle and last entries, moved to the
		// middle, is the pivot.
		last := len(entries) - 1
		mid := last / 2
		if entryLess(&entries[mid], &entries[0], keys) {
			entries[0], entries[mid] = entries[mid], entries[0]
		}
		if entryLess(&entries[last], &entries[mid], keys) {
			entries[mid], entries[last] = entries[last], entries[mid]
			if entryLess(&entries[mid], &entries[0], keys) {
				entries[0], entries[mid] = entries[mid], entries[0]
			}
		}
		pivot := entries[mid]
		// Hoare's partition: entries[:j+1] <= pivot <= entries[j+1:].
		i, j := 0, last
		for {
			for entryLess(&entries[i], &pivot, keys) {
				i++
			}
			for entryLess(&pivot, &entries[j], keys) {
				j--
			}
			if i >= j {
				break
			}
			entries[i], entries[j] = entries[j], entries[i]
			i++
			j--
		}
		// Recurse into the smaller part and loop on the larger, so that
		// the depth stays logarithmic.
		if j+1 < len(entries)-j-1 {
			sortEntries(entries[:j+1], keys)
			entries = entries[j+1:]
		} else {
			sortEntries(entries[j+1:], keys)
			entries = entries[:j+1]
		}
	}
	insertionSortEntries(entries, keys)
}

func insertionSortEntries(entries []mapEntry, keys []byte) {
	for i := 1; i < len(entries); i++ {
		for k := i; k > 0 && entryLess(&entries[k], &entries[k-1], keys); k-- {
			entries[k], entries[k-1] = entries[k-1], entries[k]
		}
	}
}

// orderTies puts each run of entries with equal keys, which sortEntries
// leaves in map iteration order, in the byte order of their text in b
// (the same name, then the value), so that a map is written the same way
// every time. It reports whether it moved any entry. Keys that differ in
// their first 16 bytes, the usual case, cost two compares of numbers.
func orderTies(entries []mapEntry, keys, b []byte) bool {
	moved := false
	for i := 1; i < len(entries); i++ {
		if !sameKey(&entries[i-1], &entries[i], keys) {
			continue
		}
		x := entries[i]
		j := i
		for j > 0 && sameKey(&entries[j-1], &x, keys) && bytes.Compare(b[entries[j-1].start:entries[j-1].end], b[x.start:x.end]) > 0 {
			j--
		}
		if j < i {
			copy(entries[j+1:i+1], entries[j:i])
			entries[j] = x
			moved = true
		}
	}
	return moved
}

// sameKey reports whether x and y have equal keys.
func sameKey(x, y *mapEntry, keys []byte) bool {
	return x.hi == y.hi && x.lo == y.lo && string(keys[x.keyStart:x.keyEnd]) == string(keys[y.keyStart:y.keyEnd])
}

// sortedEntry is a map entry of encodeSorted: its key as written, the
// text it sorts by, and a pointer to a copy of its value.
type sortedEntry struct {
	key, sort string
	val       reflect.Value
}

// orderTiedValues puts each run of entries, sorted by name, whose names are
// equal in the order orderTies gives tied entries: by the text elem writes
// for their values, which only encoding them tells. It is for encodeSorted,
// which sorts before it encodes, and so encodes the tied values twice. A
// run with a value that fails to encode stays as it is: the encoding that
// follows reports the error.
func orderTiedValues(st *state, elem *typeEnc, entries []sortedEntry) {
	for i := 0; i < len(entries); {
		j := i + 1
		for j < len(entries) && entries[j].sort == entries[i].sort {
			j++
		}
		if texts, ok := valueTexts(st, elem, entries[i:j]); ok {
			slices.SortStableFunc(entries[i:j], func(x, y sortedEntry) int { return strings.Compare(texts[x.val], texts[y.val]) })
		}
		i = j
	}
}

// valueTexts encodes the value of each of entries, if there are two or
// more.
func valueTexts(st *state, elem *typeEnc, entries []sortedEntry) (map[reflect.Value]string, bool) {
	if len(entries) < 2 {
		return nil, false
	}
	texts := make(map[reflect.Value]string, len(entries))
	for _, e := range entries {
		text, ok := elem.fn(st, nil, mem.PointerOf(e.val))
		if !ok {
			return nil, false
		}
		texts[e.val] = string(text)
	}
	return texts, true
}
