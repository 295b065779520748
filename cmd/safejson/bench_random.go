package main

import (
	"encoding/json"
	"fmt"
	"os"
	"time"

	"github.com/safejson/safejson/compat"
	"github.com/safejson/safejson/internal/randbench"
	"github.com/safejson/safejson/internal/randtypes"
)

// benchRandom runs bench -random: compat against encoding/json on n type
// sets drawn from seed.
func benchRandom(c *command, n int, seed uint64, passes int, round time.Duration) int {
	cases, err := randbench.Prepare(randtypes.Generate(seed, n))
	if err != nil {
		return c.fail("%v", err)
	}
	libs := []randbench.Lib{
		{Name: "safejson", Marshal: compat.Marshal, Unmarshal: compat.Unmarshal},
		{Name: "std", Marshal: json.Marshal, Unmarshal: json.Unmarshal},
	}
	fmt.Fprintf(c.stdout, "%d random type sets from seed %d\n", n, seed)
	opt := randbench.Options{Ours: "safejson", Passes: passes, Budget: round, Worst: "std", Progress: c.stderr}
	if !randbench.Run(c.stdout, cases, libs, opt) {
		return 1
	}
	if _, err := os.Stat("bench/go.mod"); err == nil {
		fmt.Fprintf(c.stdout, "\nTo compare the peer libraries on the same sets: cd bench && go run ./cmd/random -n %d -seed %d\n", n, seed)
	}
	return 0
}
