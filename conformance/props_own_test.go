package conformance

import (
	"testing"
	"time"
)

// TestScriptHazardCatches: each invariant of ScriptSafe output, broken
// once, is reported; safe text passes.
func TestScriptHazardCatches(t *testing.T) {
	for _, tc := range []struct {
		in   string
		safe bool
	}{
		{`{"a":"\u003c\/script\u003e"}`, true},
		{`"\\\/"`, true},
		{`{"a":"</script>"}`, false},
		{`"a/b"`, false},
		{`"a\\/b"`, false},
		{`"&amp;"`, false},
		{"\"\u2028\"", false},
		{"\"\u2029\"", false},
		{"\"\xff\"", false},
		{`{"a":`, false},
	} {
		if got := scriptHazard([]byte(tc.in)); (got == "") != tc.safe {
			t.Errorf("scriptHazard(%q) = %q, want safe %v", tc.in, got, tc.safe)
		}
	}
}

// TestTimeCheckCatches: the TimePrecision oracle accepts the right text
// and rejects wrong digits, rounding, zones and widths.
func TestTimeCheckCatches(t *testing.T) {
	tm := time.Date(2024, 3, 5, 7, 8, 9, 123456789, time.FixedZone("", -1800))
	std, _ := tm.MarshalText()
	for _, tc := range []struct {
		digits int
		utc    bool
		got    string
		ok     bool
	}{
		{3, false, "2024-03-05T07:08:09.123-00:30", true},
		{3, true, "2024-03-05T07:38:09.123Z", true},
		{0, false, "2024-03-05T07:08:09-00:30", true},
		{9, false, "2024-03-05T07:08:09.123456789-00:30", true},
		{3, false, "2024-03-05T07:08:09.124-00:30", false},
		{3, false, "2024-03-05T07:08:09.12-00:30", false},
		{3, false, "2024-03-05T07:38:09.123Z", false},
		{3, true, "2024-03-05T07:08:09.123-00:30", false},
		{0, false, "2024-03-05T07:08:09.-00:30", false},
	} {
		c := timeCheck{digits: tc.digits, utc: tc.utc, times: map[string]time.Time{string(std): tm}}
		what := c.same(map[string]any{"t": string(std), "x": "2024"}, map[string]any{"t": tc.got, "x": "2024"}, "$")
		if (what == "") != tc.ok {
			t.Errorf("digits %d utc %v: %q judged %q, want ok %v", tc.digits, tc.utc, tc.got, what, tc.ok)
		}
	}
}

// TestMapKeysInOrder: the key-order check sees an unsorted map.
func TestMapKeysInOrder(t *testing.T) {
	if what := mapKeysInOrder([]byte(`{"K":{"a":1,"b":{"z":0,"c":1}}}`), "K"); what != "" {
		t.Errorf("sorted keys judged %q", what)
	}
	if what := mapKeysInOrder([]byte(`{"K":{"b":1,"a":2}}`), "K"); what == "" {
		t.Error("unsorted keys passed")
	}
}
