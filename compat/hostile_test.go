package compat_test

// Hostile values: very deep, cyclic with long periods, very large, and
// marshalers that misbehave. Each is compared with encoding/json, and the
// large ones also have their allocations measured, so that a change that
// makes the cost grow faster than the input fails here.

import (
	"bytes"
	"encoding/json"
	"runtime"
	"strings"
	"testing"

	"github.com/safejson/safejson/compat"
	"github.com/safejson/safejson/internal/semantics"
)

// hostileDepth is the nesting depth of the deep and cyclic values; -short
// (used with -race, where each level costs far more) lowers it, and so does
// wasm, where each Go call is a call on the host's stack: under node,
// encoding/json itself overflows that stack, and crashes, between 40,000 and
// 50,000 levels.
func hostileDepth() int {
	if testing.Short() || runtime.GOARCH == "wasm" {
		return 10_000
	}
	return 100_000
}

// deepModes are the two entry points with separate code paths; the other
// modes only add formatting to the same encoding.
var deepModes = modesNamed("Marshal", "Encoder")

// selfPtr is a pointer type whose element is itself: a chain of them
// encodes as null however long it is.
type selfPtr *selfPtr

func selfPtrChain(n int) selfPtr {
	var p selfPtr
	for range n {
		q := new(selfPtr)
		*q = p
		p = q
	}
	return p
}

func TestHostileDeepChains(t *testing.T) {
	n := hostileDepth()
	runEncodeCasesModes(t, []encodeCase{
		{"structPtrs", deepList(n)},
		{"selfPtr", selfPtrChain(n)},
		{"anySlices", deepAnySlice(n)},
		{"anyMaps", deepAnyMap(n)},
		{"sharedLeaf", deepShared(n)},
		{"boxedStructs", deepBoxed(n)},
	}, deepModes)
}

// boxed nests through struct values held in interfaces: no pointer, map
// or slice of its own.
type boxed struct{ Next any }

func deepBoxed(n int) any {
	var v any = 1
	for range n {
		v = boxed{v}
	}
	return v
}

// TestHostileLongCycles uses cycles whose period is far beyond the depth at
// which cycle detection starts, so that the encoder recurses that deep before
// it sees the first repeat.
func TestHostileLongCycles(t *testing.T) {
	n := hostileDepth()
	list := deepList(n)
	tail := list
	for tail.Next != nil {
		tail = tail.Next
	}
	tail.Next = list

	ring := selfPtrChain(n)
	end := ring
	for *end != nil {
		end = *end
	}
	*end = ring

	sliceRing := []any{nil}
	s := sliceRing
	for range n {
		next := []any{nil}
		s[0] = next
		s = next
	}
	s[0] = sliceRing

	mapRing := map[string]any{}
	m := mapRing
	for range n {
		next := map[string]any{}
		m["k"] = next
		m = next
	}
	m["k"] = mapRing

	cases := []encodeCase{
		{"structPtrs", list},
		{"anySlices", sliceRing},
		{"anyMaps", mapRing},
	}
	if !semantics.OnV2 {
		cases = append(cases, encodeCase{"selfPtr", ring})
	} else {
		// Go 1.27's encoding/json looks for cycles only in values nested
		// deep in the JSON text, which a ring of pointers to pointers never
		// is: it recurses until the stack overflows, a fatal error that no
		// test can compare with. compat reports the cycle, as Go 1.26 does.
		t.Run("selfPtr", func(t *testing.T) {
			_, err := compat.Marshal(ring)
			if _, ok := err.(*json.UnsupportedValueError); !ok {
				t.Errorf("Marshal(ring of selfPtr) = %v, want an UnsupportedValueError for the cycle", err)
			}
		})
	}
	runEncodeCasesModes(t, cases, deepModes)
}

// allocated returns the bytes f allocates on the heap.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// checkSame compares two large outputs without diffing them, which would
// take far longer than producing them.
func checkSame(t *testing.T, what string, want, got []byte, wantErr, gotErr error) {
	t.Helper()
	if d := errDiff(wantErr, gotErr); d != "" {
		t.Fatalf("%s: error (-want +got):\n%s", what, d)
	}
	if bytes.Equal(want, got) {
		return
	}
	i := 0
	for i < len(want) && i < len(got) && want[i] == got[i] {
		i++
	}
	t.Fatalf("%s: outputs of %d (want) and %d (got) bytes differ at byte %d: want %.40q, got %.40q",
		what, len(want), len(got), i, want[i:], got[i:])
}

// maxAllocRatio bounds the bytes allocated per byte of output for the large
// values: the output buffer grows by a constant factor and is copied once.
const maxAllocRatio = 8

func checkAllocs(t *testing.T, what string, alloc uint64, out int) {
	t.Helper()
	t.Logf("%s: %d MB allocated for %d MB of output", what, alloc>>20, out>>20)
	if alloc > maxAllocRatio*uint64(out)+1<<20 {
		t.Errorf("%s: allocated %d bytes for %d bytes of output, more than %d per byte", what, alloc, out, maxAllocRatio)
	}
}

// hostileString repeats a block that has every kind of byte the string
// writer treats differently, to size bytes.
func hostileString(size int) string {
	block := strings.Repeat("plain ASCII text, ", 20) + `<script>&</script>"\` + "\n\t\x00\x1f\x7f" +
		"é日本😀\u2028\u2029\ufffd" + "\xff\xed\xa0\x80\xc3" + strings.Repeat("x", 100)
	return strings.Repeat(block, size/len(block)+1)[:size]
}

func TestHostileLongString(t *testing.T) {
	if testing.Short() {
		t.Skip("a 100 MB string takes seconds under -race; run without -short")
	}
	s := hostileString(100 << 20)
	small := s[:16<<20]
	for _, v := range []struct {
		name string
		v    any
	}{{"string", s}, {"mapKey", map[string]int{small: 1}}, {"bytes", []byte(small)}} {
		want, wantErr := json.Marshal(v.v)
		var got []byte
		var gotErr error
		alloc := allocated(func() { got, gotErr = compat.Marshal(v.v) })
		checkSame(t, v.name+"/Marshal", want, got, wantErr, gotErr)
		checkAllocs(t, v.name+"/Marshal", alloc, len(got))
	}

	var want, got bytes.Buffer
	enc := json.NewEncoder(&want)
	enc.SetEscapeHTML(false)
	wantErr := enc.Encode(s)
	cenc := compat.NewEncoder(&got)
	cenc.SetEscapeHTML(false)
	got.Grow(want.Len())
	var gotErr error
	alloc := allocated(func() { gotErr = cenc.Encode(s) })
	checkSame(t, "Encoder/noEscapeHTML", want.Bytes(), got.Bytes(), wantErr, gotErr)
	checkAllocs(t, "Encoder/noEscapeHTML", alloc, got.Len())
}

func errDiff(want, got error) string {
	if (want == nil) != (got == nil) || want != nil && want.Error() != got.Error() {
		return "- " + errText(want) + "\n+ " + errText(got)
	}
	return ""
}

func errText(err error) string {
	if err == nil {
		return "<nil>"
	}
	return err.Error()
}
