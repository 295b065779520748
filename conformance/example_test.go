package conformance_test

import (
	"encoding/json"
	"fmt"
	"reflect"
	"testing"
	"time"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/prop"
	"github.com/safejson/safejson/compat"
	"github.com/safejson/safejson/conformance"
)

// Order stands for a user's own type.
type Order struct {
	ID       int64             `json:"id,string"`
	Customer string            `json:"customer"`
	Note     string            `json:"note,omitempty"`
	Placed   time.Time         `json:"placed"`
	Lines    []Line            `json:"lines"`
	Tags     map[string]string `json:"tags,omitempty"`
}

// Line is part of Order.
type Line struct {
	SKU   string  `json:"sku"`
	Price float64 `json:"price"`
}

// reporter stands in for the *testing.T of a real test.
type reporter struct {
	testing.TB
	failures int
}

func (r *reporter) Helper() {}

func (r *reporter) Errorf(format string, args ...any) { r.failures++ }

// Check is the test to write before switching imports from encoding/json
// to safejson: in a real test, pass the test's t.
func ExampleCheck() {
	t := &reporter{}
	conformance.Check(t,
		Order{ID: 7, Customer: "</script><script>alert(1)</script>", Placed: time.Date(2024, 3, 5, 7, 8, 9, 123456789, time.UTC),
			Lines: []Line{{"A-1", 9.99}, {"B\u2028", 1e21}}},
		&Order{Tags: map[string]string{"b": "2", "a": "1"}},
		Order{},
	)
	fmt.Println("differences:", t.failures)
	// Output: differences: 0
}

// ValueOf generates hostile values of a user's own type for gopter
// properties of their own.
func ExampleValueOf() {
	params := gopter.DefaultTestParametersWithSeed(1)
	params.MinSuccessfulTests = 300
	properties := gopter.NewProperties(params)
	properties.Property("compat marshals an Order as encoding/json does", prop.ForAll(
		func(o Order) bool {
			want, wantErr := json.Marshal(o)
			got, gotErr := compat.Marshal(o)
			return string(got) == string(want) && fmt.Sprint(gotErr) == fmt.Sprint(wantErr)
		},
		conformance.ValueOf(reflect.TypeFor[Order]()),
	))
	properties.Run(gopter.ConsoleReporter(false))
	// Output: + compat marshals an Order as encoding/json does: OK, passed 300 tests.
}
