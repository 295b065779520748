package conformance

import (
	"flag"
	"testing"
)

var (
	flagCases = flag.Int("conform.n", 1000, "cases per property")
	flagSeed  = flag.Int64("conform.seed", 1, "seed of the first case")
)

// TestCompat holds compat to encoding/json on a fixed budget of cases. The
// seed is fixed so that a run is reproducible; -conform.seed explores.
func TestCompat(t *testing.T) {
	cases := *flagCases
	if testing.Short() && cases > 200 {
		cases = 200 // the -race pass
	}
	for _, p := range Properties() {
		t.Run(p.Name, func(t *testing.T) {
			res := p.Run(Compat(), Config{Cases: cases, Seed: *flagSeed})
			if res.Cases != cases {
				t.Fatalf("ran %d cases, want %d", res.Cases, cases)
			}
			if res.First != nil {
				t.Errorf("%d of %d cases failed; first:\n%s", res.Failures, res.Cases, res.First)
			}
		})
	}
}
