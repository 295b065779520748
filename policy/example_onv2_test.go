//go:build goexperiment.jsonv2 && go1.27

package policy_test

import (
	jsonv2 "encoding/json/v2"
	"fmt"
	"time"

	"github.com/safejson/safejson/policy"
)

// A policy under encoding/json/v2's semantics and options: v2 writes nil
// slices as [] and escapes no HTML by default; the policy adds its escapes
// and fixes the times' precision.
func ExamplePolicy_MarshalV2() {
	type event struct {
		Name string
		At   time.Time
		Tags []string
	}
	e := event{"</script>", time.Date(2024, 3, 5, 7, 8, 9, 123456789, time.UTC), nil}
	p := policy.New(policy.ScriptSafe(), policy.TimePrecision(3))
	b, err := p.MarshalV2(e, jsonv2.Deterministic(true))
	if err != nil {
		panic(err)
	}
	fmt.Println(string(b))
	// Output: {"Name":"\u003c\/script\u003e","At":"2024-03-05T07:08:09.123Z","Tags":[]}
}
