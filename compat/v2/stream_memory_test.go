//go:build goexperiment.jsonv2 && go1.27

package json_test

import (
	jsonv2 "encoding/json/v2"
	"io"
	"runtime"
	"strings"
	"testing"

	ours "github.com/safejson/safejson/compat/v2"
)

// unitReader gives `{"skip":[1,1,...,1]}` with n ones, each "1," whole:
// given room for less than one, it gives nothing, and no error, as a
// reader that writes whole units may.
type unitReader struct {
	left  int
	stage int
}

func (r *unitReader) Read(p []byte) (int, error) {
	n := 0
	if r.stage == 0 && len(p) >= 9 {
		n += copy(p, `{"skip":[`)
		r.stage = 1
	}
	for r.stage == 1 && n+2 <= len(p) {
		if r.left == 0 {
			r.stage = 2
			break
		}
		p[n], p[n+1] = '1', ','
		n += 2
		r.left--
	}
	if r.stage == 2 && n+3 <= len(p) {
		n += copy(p[n:], `1]}`)
		r.stage = 3
	}
	if n == 0 && r.stage == 3 {
		return 0, io.EOF
	}
	return n, nil
}

// countingWriter counts what is written to it and keeps none of it.
type countingWriter struct{ n int }

func (w *countingWriter) Write(p []byte) (int, error) {
	w.n += len(p)
	return len(p), nil
}

// allocated returns the bytes f allocates.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// TestStreamMemoryBounded reads and writes streams far past the size that
// UnmarshalRead and MarshalWrite keep whole: what they allocate must stay
// within that size of what the standard library allocates, whatever the
// stream's length, and their results must be the standard library's.
func TestStreamMemoryBounded(t *testing.T) {
	size := 64 << 20
	if testing.Short() {
		size = 16 << 20
	}
	const slack = 32 << 20 // the kept input or text and its growth, and the rest of the call

	var wantTarget, gotTarget struct{}
	var werr, gerr error
	std := allocated(func() { werr = jsonv2.UnmarshalRead(&unitReader{left: size / 2}, &wantTarget) })
	got := allocated(func() { gerr = ours.UnmarshalRead(&unitReader{left: size / 2}, &gotTarget) })
	if werr != nil || gerr != nil {
		t.Fatalf("UnmarshalRead: %v, standard library %v", gerr, werr)
	}
	if got > std+slack {
		t.Errorf("UnmarshalRead of %d MiB allocated %d MiB; the standard library %d MiB", size>>20, got>>20, std>>20)
	}

	block := strings.Repeat("x", 1<<10)
	value := make([]string, size>>10)
	for i := range value {
		value[i] = block
	}
	var want, have countingWriter
	std = allocated(func() { werr = jsonv2.MarshalWrite(&want, value) })
	got = allocated(func() { gerr = ours.MarshalWrite(&have, value) })
	if werr != nil || gerr != nil || have.n != want.n {
		t.Fatalf("MarshalWrite: %v, %d bytes; standard library %v, %d bytes", gerr, have.n, werr, want.n)
	}
	if got > std+slack {
		t.Errorf("MarshalWrite of %d MiB allocated %d MiB; the standard library %d MiB", size>>20, got>>20, std>>20)
	}
}
