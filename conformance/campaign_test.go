package conformance

import "testing"

// TestCampaignMatchesRun: chunking changes neither the cases nor which
// failure comes first.
func TestCampaignMatchesRun(t *testing.T) {
	impl := broken()["Valid"]
	props := syntaxProperties()[:1]
	whole := props[0].Run(impl, Config{Cases: 120, Seed: 11})
	var calls int
	res := Campaign(props, impl, Config{Cases: 120, Seed: 11}, func(int, int) { calls++ })
	if len(res) != 1 || res[0].Cases != whole.Cases || res[0].Failures != whole.Failures {
		t.Fatalf("campaign %+v, run %+v", res, whole)
	}
	if whole.First == nil || res[0].First.Seed != whole.First.Seed {
		t.Errorf("first failing seed: campaign %v, run %v", res[0].First, whole.First)
	}
	if calls == 0 {
		t.Error("progress never called")
	}
}

// TestCampaignStops: with no case limit, Stop ends the campaign.
func TestCampaignStops(t *testing.T) {
	left := 3
	res := Campaign(Properties(), Compat(), Config{Seed: 1, Stop: func() bool { left--; return left < 0 }}, nil)
	total := 0
	for _, r := range res {
		total += r.Cases
	}
	if total == 0 || total > 3*chunk {
		t.Errorf("ran %d cases, want between 1 and %d", total, 3*chunk)
	}
}
