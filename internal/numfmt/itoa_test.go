package numfmt

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
	"testing"
)

func TestAppendInt(t *testing.T) {
	vals := []int64{0, 1, -1, 9, 10, 11, 99, 100, 101, 999, 1000, math.MaxInt64, math.MinInt64, math.MinInt64 + 1}
	for p := int64(1); p > 0 && p < math.MaxInt64/10; p *= 10 {
		vals = append(vals, p-1, p, p+1, -p)
	}
	r := rand.New(rand.NewPCG(1, 1))
	for range 100000 {
		vals = append(vals, int64(r.Uint64()), r.Int64N(100000))
	}
	for _, v := range vals {
		if got, want := string(AppendInt(nil, v)), strconv.FormatInt(v, 10); got != want {
			t.Fatalf("AppendInt(%d) = %s", v, got)
		}
		if got, want := string(AppendUint(nil, uint64(v))), strconv.FormatUint(uint64(v), 10); got != want {
			t.Fatalf("AppendUint(%d) = %s", uint64(v), got)
		}
	}
}

func TestPut8(t *testing.T) {
	// Every 4-digit value in each half, and random ones.
	check := func(r uint32) {
		var b [8]byte
		put8(b[:], r)
		if want := fmt.Sprintf("%08d", r); string(b[:]) != want {
			t.Fatalf("put8(%d) = %q, want %q", r, b[:], want)
		}
	}
	for v := range uint32(10000) {
		check(v)
		check(v * 10000)
		check(v*10000 + 9999 - v)
	}
	r := rand.New(rand.NewPCG(1, 1))
	for range 1_000_000 {
		check(r.Uint32N(1e8))
	}
}
