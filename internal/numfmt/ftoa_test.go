package numfmt

import (
	"encoding/json"
	"flag"
	"math"
	"math/rand/v2"
	"runtime"
	"sync"
	"testing"
)

var every32 = flag.Bool("every32", false, "TestEveryFloat32 checks all 2^32 float32 bit patterns (about ten minutes on two cores)")

// want is encoding/json's text for f: the oracle.
func want(t testing.TB, f float64) string {
	b, err := json.Marshal(f)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func check(t *testing.T, f float64) {
	t.Helper()
	if got, w := string(AppendFloat64(nil, f)), want(t, f); got != w {
		t.Fatalf("AppendFloat64(%b) = %s, want %s", math.Float64bits(f), got, w)
	}
}

func TestTable(t *testing.T) {
	cases := []float64{
		0, math.Copysign(0, -1), 1, -1, 0.1, 0.2, 0.3, 1.5, 123.456, -65.613616999999977,
		1e21, 1e20, 999999999999999900000, 1e-6, 1e-7, 9.999999999999999e-7, 1e22, 1e100, 1e-100,
		math.MaxFloat64, math.SmallestNonzeroFloat64, 2 * math.SmallestNonzeroFloat64, 3 * math.SmallestNonzeroFloat64,
		math.Nextafter(1, 2), math.Nextafter(1, 0), 1 << 53, 1<<53 + 2, 1 << 60, -(1 << 63), 9007199254740993,
		2.2250738585072014e-308, 2.225073858507201e-308, 5e-324, 1.7976931348623157e308, 4.35, 0.000001234,
		123456789012345680000, 1.2345678901234567e-5,
	}
	for e := -1074; e <= 1023; e++ {
		cases = append(cases, math.Ldexp(1, e), math.Ldexp(1.5, e), math.Nextafter(math.Ldexp(1, e), 0))
	}
	for e := -323; e <= 308; e++ {
		cases = append(cases, math.Pow(10, float64(e)))
	}
	for _, f := range cases {
		check(t, f)
		check(t, -f)
	}
}

func TestRandomBits(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for range 1_000_000 {
		f := math.Float64frombits(r.Uint64())
		if math.IsNaN(f) || math.IsInf(f, 0) {
			continue
		}
		check(t, f)
	}
}

func TestRandomDecimals(t *testing.T) {
	// Short decimals are where the shortest-digit choice matters most.
	r := rand.New(rand.NewPCG(5, 6))
	for range 300_000 {
		f := float64(r.Int64N(1_000_000_000)) * math.Pow(10, float64(r.IntN(60)-30))
		check(t, f)
	}
}

func FuzzAppendFloat64(f *testing.F) {
	f.Add(uint64(0))
	f.Add(math.Float64bits(0.1))
	f.Add(math.Float64bits(1e21))
	f.Fuzz(func(t *testing.T, b uint64) {
		x := math.Float64frombits(b)
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return
		}
		check(t, x)
	})
}

func BenchmarkAppendFloat64(b *testing.B) {
	r := rand.New(rand.NewPCG(7, 8))
	fs := make([]float64, 1024)
	for i := range fs {
		fs[i] = (r.Float64() - 0.5) * 360 // coordinates, as in canada_geometry
	}
	buf := make([]byte, 0, 64)
	b.Run("ftoa", func(b *testing.B) {
		for i := 0; b.Loop(); i++ {
			buf = AppendFloat64(buf[:0], fs[i%len(fs)])
		}
	})
	b.Run("strconv", func(b *testing.B) {
		for i := 0; b.Loop(); i++ {
			buf = appendStrconv(buf[:0], fs[i%len(fs)], 64)
		}
	})
}

func TestSixteenths(t *testing.T) {
	// The fast path for multiples of 1/16 below 1e11, and the values
	// around its edges.
	for i := int64(-40000); i <= 40000; i++ {
		check(t, float64(i)/16)
	}
	r := rand.New(rand.NewPCG(7, 8))
	for range 300_000 {
		check(t, float64(r.Int64N(1_600_000_000_000))/16)
		check(t, float64(r.Int64N(1<<53))/float64(int64(1)<<r.IntN(12)))
	}
	for _, f := range []float64{1e11, math.Nextafter(1e11, 0), 1e11 - 1.0/16, 99999999999.9375, 1e11 + 0.5, 0.0625, 1.0 / 32, 1.0 / 1024,
		1 << 53, 1<<53 - 1, 1<<53 + 2, 1 << 60, 1<<52 + 0.5, 1<<51 + 0.25, 1<<50 + 0.125, 1<<49 + 0.0625, 1<<48 + 1.0/32,
		1e11 * 16, 1e11*16 + 0.5} {
		check(t, f)
		check(t, -f)
	}
}

// want32 is encoding/json's text for the float32 f.
func want32(t testing.TB, f float32) string {
	b, err := json.Marshal(f)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func check32(t *testing.T, f float32) {
	t.Helper()
	if got, w := string(AppendFloat(nil, float64(f), 32)), want32(t, f); got != w {
		t.Fatalf("AppendFloat(%b, 32) = %s, want %s", math.Float32bits(f), got, w)
	}
}

func TestTable32(t *testing.T) {
	cases := []float32{
		0, float32(math.Copysign(0, -1)), 1, 0.1, 0.2, 0.3, 1.5, 123.456, 0.36873543, 3.4028235e38,
		1e21, 1e20, 999999950000000000000, 1e-6, 1e-7, 9.999999e-7, 1.0000001e-6, 1e22, 1e-38,
		math.SmallestNonzeroFloat32, 2 * math.SmallestNonzeroFloat32, 1.1754942e-38, 1.17549435e-38,
		1 << 23, 1<<24 - 1, 1 << 24, 1<<24 + 2, 1 << 30, 16777217, 8388607.5, 4.35, 0.000001234,
	}
	for e := -149; e <= 127; e++ {
		p := float32(math.Ldexp(1, e))
		cases = append(cases, p, float32(math.Ldexp(1.5, e)), math.Nextafter32(p, 0), math.Nextafter32(p, float32(math.Inf(1))))
	}
	for e := -45; e <= 38; e++ {
		p := float32(math.Pow(10, float64(e)))
		cases = append(cases, p, math.Nextafter32(p, 0), math.Nextafter32(p, float32(math.Inf(1))))
	}
	for _, f := range cases {
		if math.IsInf(float64(f), 0) {
			continue
		}
		check32(t, f)
		check32(t, -f)
	}
}

func TestRandomBits32(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	for range 1_000_000 {
		f := math.Float32frombits(r.Uint32())
		if math.IsNaN(float64(f)) || math.IsInf(float64(f), 0) {
			continue
		}
		check32(t, f)
	}
}

func TestRandomDecimals32(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	for range 300_000 {
		check32(t, float32(float64(r.Int64N(100_000_000))*math.Pow(10, float64(r.IntN(50)-25))))
	}
}

// TestEveryFloat32 holds every finite float32 to encoding/json, with
// -every32: a run outside CI (see docs/HARDENING.md). Without it, every
// 4099th bit pattern.
func TestEveryFloat32(t *testing.T) {
	step := uint64(4099)
	if *every32 {
		step = 1
	}
	workers := runtime.GOMAXPROCS(0)
	var wg sync.WaitGroup
	var mu sync.Mutex
	var failures []string
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			buf := make([]byte, 0, 32)
			for b := uint64(w) * step; b < 1<<32; b += uint64(workers) * step {
				f := math.Float32frombits(uint32(b))
				if math.IsNaN(float64(f)) || math.IsInf(float64(f), 0) {
					continue
				}
				buf = AppendFloat(buf[:0], float64(f), 32)
				if want, _ := json.Marshal(f); string(buf) != string(want) {
					mu.Lock()
					failures = append(failures, string(buf)+" want "+string(want))
					mu.Unlock()
					return
				}
			}
		}()
	}
	wg.Wait()
	if len(failures) > 0 {
		t.Fatalf("AppendFloat(_, 32) differs from encoding/json: %v", failures)
	}
}
