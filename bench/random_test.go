package bench

import (
	"testing"

	"github.com/safejson/safejson/internal/randbench"
	"github.com/safejson/safejson/internal/randtypes"
)

// TestRandomTypeSets runs cmd/random's check, without its timings, on a
// few random type sets: safejson must equal encoding/json on each; the
// peers' differences are logged, as cmd/random reports them.
func TestRandomTypeSets(t *testing.T) {
	cases, err := randbench.Prepare(randtypes.Generate(1, 24))
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range RandomLibs([]string{"std", "goccy", "sonic", "sonicfast", "segmentio", "jsoniter"}) {
		for i := range cases {
			c := &cases[i]
			for op, err := range randbench.Check(c, l, l.Name == "safejson" || l.Name == "std") {
				switch {
				case err == nil:
				case l.Name == "safejson" || l.Name == "std":
					t.Errorf("%s %s, set %d (%s: %s): %v", l.Name, randbench.Op(op), c.Index, c.Class, c.Shape, err)
				case testing.Verbose():
					t.Logf("%s %s, set %d: %v", l.Name, randbench.Op(op), c.Index, err)
				}
			}
		}
	}
}
