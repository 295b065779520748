package randbench

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/safejson/safejson/compat"
	"github.com/safejson/safejson/internal/randtypes"
)

func testCases(t *testing.T, n int) []Case {
	t.Helper()
	cases, err := Prepare(randtypes.Generate(2, n))
	if err != nil {
		t.Fatal(err)
	}
	return cases
}

func TestRunReports(t *testing.T) {
	libs := []Lib{
		{Name: "safejson", Marshal: compat.Marshal, Unmarshal: compat.Unmarshal},
		{Name: "std", Marshal: json.Marshal, Unmarshal: json.Unmarshal},
	}
	var out bytes.Buffer
	if !Run(&out, testCases(t, 4), libs, Options{Ours: "safejson", Passes: 1, Budget: 100_000, Worst: "std"}) {
		t.Fatalf("Run failed:\n%s", &out)
	}
	for _, want := range []string{"safejson equals encoding/json on all 4 type sets", "std  Unmarshal", "slowest against std", "Heap objects per call"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("the report lacks %q:\n%s", want, &out)
		}
	}
}

// TestRunFailsLoudly checks that a library that differs from
// encoding/json fails the run before anything is timed, and that a peer
// that differs is reported and left out of the ratios.
func TestRunFailsLoudly(t *testing.T) {
	spaced := func(v any) ([]byte, error) {
		b, err := json.Marshal(v)
		return append(b, ' '), err
	}
	broken := Lib{Name: "broken", Marshal: spaced, Unmarshal: json.Unmarshal}
	std := Lib{Name: "std", Marshal: json.Marshal, Unmarshal: json.Unmarshal}
	cases := testCases(t, 2)

	var out bytes.Buffer
	if Run(&out, cases, []Lib{broken, std}, Options{Ours: "broken", Passes: 1, Budget: 100_000}) {
		t.Fatalf("Run passed a library that adds a space:\n%s", &out)
	}
	if !strings.Contains(out.String(), "FAIL: broken Marshal differs") || strings.Contains(out.String(), "Per type set") {
		t.Errorf("want a failure and no timings:\n%s", &out)
	}

	out.Reset()
	if !Run(&out, cases, []Lib{std, broken}, Options{Ours: "std", Passes: 1, Budget: 100_000}) {
		t.Fatalf("Run failed on a peer's difference:\n%s", &out)
	}
	if !strings.Contains(out.String(), "broken Marshal differs on 2 of 2 sets") {
		t.Errorf("the peer's difference is not reported:\n%s", &out)
	}
}
