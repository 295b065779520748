package conformance

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"
)

type recorder struct {
	testing.TB
	msgs []string
}

func (r *recorder) Helper() {}

func (r *recorder) Errorf(format string, args ...any) {
	r.msgs = append(r.msgs, fmt.Sprintf(format, args...))
}

func checkSamples() []any {
	type row struct {
		A string    `json:"a,omitempty"`
		T time.Time `json:"t"`
		N json.Number
		P *int `json:",string"`
	}
	return []any{
		nil, 1.5e21, "</script>\u2028\xff", []row{{A: "<!--"}}, map[textKey]row{"k": {}}, &row{},
		map[string]any{"x": []any{1.0, "y", nil}}, jsonText(`{"a" : 1}`), failingJSON{"no"},
	}
}

// TestCheckAgrees: compat agrees on the samples, so Check says nothing.
func TestCheckAgrees(t *testing.T) {
	r := &recorder{}
	Check(r, checkSamples()...)
	if len(r.msgs) > 0 {
		t.Errorf("Check reported:\n%s", strings.Join(r.msgs, "\n"))
	}
}

// TestCheckReports: against a broken implementation every call Check
// makes is caught and reported with value, kind and diff.
func TestCheckReports(t *testing.T) {
	for name, impl := range broken() {
		if name == "Valid" || name == "Compact" || name == "Indent" || name == "HTMLEscape" {
			continue // Check does not call the text functions
		}
		r := &recorder{}
		// encoding/json cannot decode its own text of the last value:
		// a json.Marshaler field takes no JSON number.
		check(r, impl, newOracle(0, 0), "<a>", map[string]int{"b": 1}, struct{ M json.Marshaler }{jsonText("1")})
		if len(r.msgs) == 0 {
			t.Errorf("%s: nothing reported", name)
			continue
		}
		for _, want := range []string{"conformance.Check: value", "differs from " + Oracle() + " in", "(-want +got)"} {
			if !strings.Contains(r.msgs[0], want) {
				t.Errorf("%s: report lacks %q:\n%s", name, want, r.msgs[0])
			}
		}
	}
}
