package conformance

import (
	"encoding/json"
	"math"
	"strings"
	"testing"

	"github.com/safejson/safejson/internal/semantics"
)

// foldKey writes its text in lower case, so that keys "A" and "a" tie
// under every toolchain.
type foldKey struct{ S string }

func (k foldKey) MarshalText() ([]byte, error) { return []byte(strings.ToLower(k.S)), nil }

// TestCheckAcceptsTiedOrders: where encoding/json's order of members with
// tied names varies from call to call, and with it which error it reports,
// Check accepts any it can give, every time.
func TestCheckAcceptsTiedOrders(t *testing.T) {
	values := []any{
		map[textKey]int{"\xfe": 1, "\uFFFD": 2},
		map[textKey]failingJSON{"\xfe": {"one"}, "\uFFFD": {"two"}},
		map[foldKey]int{{"A"}: 1, {"a"}: 2, {"b"}: 3},
		map[foldKey]any{{"X"}: "</script>", {"x"}: []any{1.5, "\u2028"}},
		struct{ M map[textKey]string }{map[textKey]string{"\xff": "a/b", "\xfe": "a<b", "\uFFFD": ""}},
		map[float64]int{math.Inf(1): 1, math.Inf(-1): 2, 0: 3},
	}
	for range 20 {
		r := &recorder{}
		Check(r, values...)
		if len(r.msgs) > 0 {
			t.Fatalf("Check reported:\n%s", strings.Join(r.msgs, "\n"))
		}
	}
}

// fixedMarshal is compat with a Marshal that writes out whatever the case.
func fixedMarshal(out string) Impl {
	impl := Compat()
	impl.Name = "fixed Marshal"
	impl.Marshal = func(any) ([]byte, error) { return []byte(out), nil }
	return impl
}

// TestTiesAcceptOnlyTiedOrders: of the orders of a map's members, those
// encoding/json can write are accepted, and no other: a Marshal that moves
// a member past one of another name is reported, and so, under Go 1.26,
// is one that swaps keys that only tie once invalid UTF-8 is replaced.
func TestTiesAcceptOnlyTiedOrders(t *testing.T) {
	marshal := encodeProperties()[0]
	o := newOracle(0, 0)
	accepts := func(v any, out string) bool {
		m := marshal.checkSafely(o, fixedMarshal(out), encodeInput{V: v})
		return m == nil
	}
	folded := map[foldKey]int{{"A"}: 1, {"a"}: 2, {"b"}: 3}
	for _, out := range []string{`{"a":1,"a":2,"b":3}`, `{"a":2,"a":1,"b":3}`} {
		if !accepts(folded, out) {
			t.Errorf("%s: an order encoding/json writes was reported", out)
		}
	}
	for _, out := range []string{`{"a":1,"b":3,"a":2}`, `{"b":3,"a":1,"a":2}`, `{"a":1,"a":3,"b":2}`, `{"a":1,"a":1,"b":3}`} {
		if accepts(folded, out) {
			t.Errorf("%s: accepted", out)
		}
	}

	// "k:\xfe" and "k:\uFFFD" tie only where invalid UTF-8 is replaced
	// before sorting (Go 1.27's v1 on v2).
	replaced := map[textKey]int{"\xfe": 1, "\uFFFD": 2}
	std, err := json.Marshal(replaced)
	if err != nil {
		t.Fatal(err)
	}
	first := string(std)
	i := strings.Index(first, ",")
	swapped := "{" + first[i+1:len(first)-1] + "," + first[1:i] + "}"
	if !accepts(replaced, first) {
		t.Errorf("%s, encoding/json's own output, was reported", first)
	}
	if got := accepts(replaced, swapped); got != semantics.OnV2 {
		t.Errorf("%s, its members swapped: accepted %v, want %v (%s)", swapped, got, semantics.OnV2, Oracle())
	}

	// Plain string keys are sorted by their bytes, under every toolchain.
	plain := map[string]int{"\xfe": 1, "\uFFFD": 2}
	if std, err = json.Marshal(plain); err != nil {
		t.Fatal(err)
	}
	first = string(std)
	i = strings.Index(first, ",")
	swapped = "{" + first[i+1:len(first)-1] + "," + first[1:i] + "}"
	if !accepts(plain, first) || accepts(plain, swapped) {
		t.Errorf("string keys: %s accepted %v, %s accepted %v", first, accepts(plain, first), swapped, accepts(plain, swapped))
	}
}

// TestTieOrderText: runs of adjacent members with a tied name are sorted,
// at any depth and in indented text with any prefix; members with other
// names, runs of names that do not tie, and texts it cannot read stay as
// they are.
func TestTieOrderText(t *testing.T) {
	tied := map[string]bool{"\uFFFD": true, "k": true}
	for _, tc := range []struct {
		in, prefix, indent, want string
	}{
		{`{"k":2,"k":1}`, "", "", `{"k":1,"k":2}`},
		{`[{"b":0,"k":[{"k":"y","k":"x"}],"k":1},{"�":1,"\ufffd":2}]`, "", "", `[{"b":0,"k":1,"k":[{"k":"x","k":"y"}]},{"\ufffd":2,"�":1}]`},
		{`{"k":2,"a":0,"k":1}`, "", "", `{"k":2,"a":0,"k":1}`},
		{`{"a":2,"a":1}`, "", "", `{"a":2,"a":1}`},
		{"{\n>--\"k\": 2,\n>--\"k\": 1\n>}", ">", "--", "{\n>--\"k\": 1,\n>--\"k\": 2\n>}"},
		{"{\"k\":2,\"k\":1}\n{\"k\":4,\"k\":3}\n", "", "", "{\"k\":1,\"k\":2}\n{\"k\":3,\"k\":4}\n"},
		{`{"k":2,"k":1`, "", "", `{"k":2,"k":1`},
		{`{"k":2,"k" 1}`, "", "", `{"k":2,"k" 1}`},
	} {
		got := tieOrder{tied: tied, prefix: tc.prefix, indent: tc.indent}.text([]byte(tc.in))
		if string(got) != tc.want {
			t.Errorf("%q: got %q, want %q", tc.in, got, tc.want)
		}
	}
}
