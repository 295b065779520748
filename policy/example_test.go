package policy_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"time"

	"github.com/safejson/safejson/policy"
)

type logEntry struct {
	Name string    `json:"name"`
	At   time.Time `json:"at"`
}

func sample() logEntry {
	return logEntry{
		Name: "</script>",
		At:   time.Date(2024, 3, 5, 7, 8, 9, 123456789, time.FixedZone("", 3600)),
	}
}

func ExampleNew() {
	p := policy.New(policy.ScriptSafe(), policy.TimePrecision(3), policy.TimeUTC())
	fmt.Println(p)
	b, err := p.Marshal(sample())
	if err != nil {
		panic(err)
	}
	fmt.Println(string(b))
	// Output:
	// policy.New(ScriptSafe(), TimePrecision(3), TimeUTC())
	// {"name":"\u003c\/script\u003e","at":"2024-03-05T06:08:09.123Z"}
}

// The zero Policy is encoding/json.
func ExamplePolicy_zero() {
	var p policy.Policy
	b, err := p.Marshal(sample())
	if err != nil {
		panic(err)
	}
	fmt.Println(p)
	fmt.Println(string(b))
	// Output:
	// policy.New()
	// {"name":"\u003c/script\u003e","at":"2024-03-05T07:08:09.123456789+01:00"}
}

// With derives a policy and leaves the original as it was.
func ExamplePolicy_With() {
	api := policy.New(policy.TimePrecision(0))
	page := api.With(policy.ScriptSafe())
	fmt.Println(api)
	fmt.Println(page)
	// Output:
	// policy.New(TimePrecision(0))
	// policy.New(ScriptSafe(), TimePrecision(0))
}

func ExamplePolicy_AppendMarshal() {
	buf := make([]byte, 0, 64)
	p := policy.New(policy.TimePrecision(6))
	buf = append(buf, "data: "...)
	buf, err := p.AppendMarshal(buf, sample())
	if err != nil {
		panic(err)
	}
	fmt.Println(string(buf))
	// Output: data: {"name":"\u003c/script\u003e","at":"2024-03-05T07:08:09.123456+01:00"}
}

func ExamplePolicy_NewEncoder() {
	enc := policy.New(policy.TimePrecision(3), policy.TimeUTC()).NewEncoder(os.Stdout)
	for _, ns := range []int{0, 120000000} {
		if err := enc.Encode(time.Date(2024, 3, 5, 7, 8, 9, ns, time.UTC)); err != nil {
			panic(err)
		}
	}
	// Output:
	// "2024-03-05T07:08:09.000Z"
	// "2024-03-05T07:08:09.120Z"
}

// ScriptSafe escapes '/' and the line separators too, in every string:
// here in a map key and in RawMessage text.
func ExampleScriptSafe() {
	v := map[string]any{
		"</a>": "line\u2028break",
		"raw":  json.RawMessage("\"a/b\""), // pre-encoded text, escaped again
	}
	b, err := policy.New(policy.ScriptSafe()).Marshal(v)
	if err != nil {
		panic(err)
	}
	fmt.Println(string(b))
	// Output: {"\u003c\/a\u003e":"line\u2028break","raw":"a\/b"}
}

func ExampleEscapeHTML() {
	v := map[string]string{"q": "a < b && c"}
	off, _ := policy.New(policy.EscapeHTML(false)).Marshal(v)
	safe, _ := policy.New(policy.EscapeHTML(false), policy.ScriptSafe()).Marshal(v)
	fmt.Println(string(off))
	fmt.Println(string(safe))
	// Output:
	// {"q":"a < b && c"}
	// {"q":"a \u003c b \u0026\u0026 c"}
}

// Time map keys are sorted after formatting; keys that truncate to the same
// text are an error rather than a duplicate name.
func ExampleTimePrecision() {
	t := time.Date(2024, 3, 5, 7, 8, 9, 0, time.UTC)
	p := policy.New(policy.TimePrecision(0))
	b, err := p.Marshal(map[time.Time]int{t: 1, t.Add(time.Hour): 2})
	fmt.Println(string(b), err)
	_, err = p.Marshal(map[time.Time]int{t: 1, t.Add(time.Millisecond): 2})
	fmt.Println(err != nil)
	// Output:
	// {"2024-03-05T07:08:09Z":1,"2024-03-05T08:08:09Z":2} <nil>
	// true
}

func ExampleIndent() {
	b, err := policy.New(policy.Indent("", "  ")).Marshal(map[string][]int{"a": {1, 2}})
	if err != nil {
		panic(err)
	}
	fmt.Println(string(b))
	// Output:
	// {
	//   "a": [
	//     1,
	//     2
	//   ]
	// }
}

// Under ScriptSafe, an indent that is not JSON whitespace would reach the
// page unescaped, so Marshal refuses it.
func ExampleOptionError() {
	_, err := policy.New(policy.ScriptSafe(), policy.Indent("<!--", "\t")).Marshal(1)
	var oe *policy.OptionError
	fmt.Println(errors.As(err, &oe))
	// Output: true
}

func ExamplePolicy_Marshal() {
	v := sample()
	p := policy.New(policy.ScriptSafe(), policy.TimePrecision(3), policy.TimeUTC())
	b, err := p.Marshal(v) // or p.AppendMarshal(dst, v), p.NewEncoder(w).Encode(v)
	fmt.Println(p)         // policy.New(ScriptSafe(), TimePrecision(3), TimeUTC())
	fmt.Println(string(b), err)
	// Output:
	// policy.New(ScriptSafe(), TimePrecision(3), TimeUTC())
	// {"name":"\u003c\/script\u003e","at":"2024-03-05T06:08:09.123Z"} <nil>
}
