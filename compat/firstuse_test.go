package compat_test

import (
	"encoding/json"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/safejson/safejson/compat"
)

// Types of a recursive cycle used by no other test, so that
// TestFirstUseConcurrent compiles them for the first time.
type (
	firstUseA struct {
		Name string
		B    *firstUseB `json:",omitempty"`
		List []firstUseA
		M    map[string]*firstUseC
	}
	firstUseB struct {
		A *firstUseA
		C firstUseC
	}
	firstUseC struct {
		B []*firstUseB
		T time.Time
	}
)

// TestFirstUseConcurrent marshals and unmarshals a cycle of recursive types
// for the first time from many goroutines at once. Under -race it finds a
// half-built encoder or decoder seen by another goroutine; without it, any
// goroutine whose result differs from encoding/json's.
func TestFirstUseConcurrent(t *testing.T) {
	at := time.Date(2026, 12, 1, 11, 0, 0, 5, time.UTC)
	v := firstUseA{
		Name: "root",
		B:    &firstUseB{A: &firstUseA{Name: "inner"}, C: firstUseC{T: at}},
		List: []firstUseA{{Name: "x", M: map[string]*firstUseC{"c": {B: []*firstUseB{{}}}}}},
	}
	inputs := []string{
		`{"Name":"a","B":{"A":{"List":[{"Name":"b"}]},"C":{"B":[{"C":{"T":"2026-12-01T11:00:00Z"}}]}}}`,
		`{"M":{"k":{"T":"not a time"}}}`,
		`{"List":[{"B":{"C":{"T":1}}}]}`,
		`{"B":{"A":{"Name":"x"}},"List":[{]}`,
	}
	type result struct {
		Out     string
		Err     string
		Decoded []string
	}
	run := func(marshal func(any) ([]byte, error), unmarshal func([]byte, any) error) result {
		out, err := marshal(v)
		r := result{Out: string(out), Err: fmt.Sprint(err)}
		for _, in := range inputs {
			var got firstUseA
			err := unmarshal([]byte(in), &got)
			// Shown by encoding/json, which follows the pointers.
			shown, _ := json.Marshal(got)
			r.Decoded = append(r.Decoded, fmt.Sprintf("%s %T %v", shown, err, err))
		}
		return r
	}

	const workers = 16
	results := make([]result, workers)
	start := make(chan struct{})
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			<-start
			results[w] = run(compat.Marshal, compat.Unmarshal)
		})
	}
	close(start)
	wg.Wait()
	want := run(json.Marshal, json.Unmarshal)
	for w, got := range results {
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("goroutine %d (-encoding/json +compat):\n%s", w, diff)
		}
	}
}
