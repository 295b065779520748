package compat_test

import (
	"fmt"
	"testing"
	"time"

	json "github.com/safejson/safejson/compat"
	"github.com/safejson/safejson/conformance"
)

// The whole migration from encoding/json is the import line.
func Example_importSwap() {
	v := map[string]any{"html": "<b>", "n": 1.5, "at": time.Date(2024, 3, 5, 7, 8, 9, 0, time.UTC)}
	b, err := json.Marshal(v) // the same bytes and errors as encoding/json
	fmt.Println(string(b), err)
	// Output: {"at":"2024-03-05T07:08:09Z","html":"\u003cb\u003e","n":1.5} <nil>
}

// Order stands for a type of the program that switches to safejson.
type Order struct {
	ID     int64             `json:"id,string"`
	Note   string            `json:"note,omitempty"`
	Placed time.Time         `json:"placed"`
	Tags   map[string]string `json:"tags"`
}

// countingT stands in for a test's *testing.T and counts the differences
// conformance.Check reports.
type countingT struct {
	testing.TB
	differences int
}

func (t *countingT) Helper() {}

func (t *countingT) Errorf(string, ...any) { t.differences++ }

// conformance.Check is the test to write before switching: it encodes and
// decodes each value through compat and through encoding/json and reports
// every difference.
func Example_checkBeforeSwitching() {
	t := &countingT{}
	order := Order{ID: 7, Note: "</script>\u2028", Placed: time.Date(2024, 3, 5, 7, 8, 9, 123, time.UTC),
		Tags: map[string]string{"b": "2", "a": "1"}}
	// In a test of your own, t is its *testing.T.
	conformance.Check(t, order, &order, []Order{{}, order})
	fmt.Println("differences:", t.differences)
	// Output: differences: 0
}
