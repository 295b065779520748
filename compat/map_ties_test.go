package compat_test

import (
	"bytes"
	"encoding/json"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/safejson/safejson/compat"
	"github.com/safejson/safejson/internal/semantics"
)

// tiedKey writes the keys 1 and 3 (and any two of one parity) as the same
// name.
type tiedKey int

func (k tiedKey) MarshalText() ([]byte, error) { return []byte(strconv.Itoa(int(k) % 2)), nil }

// textKey is a string key written through its method: under Go 1.27,
// "\xfe" and "\uFFFD" are then the same name once invalid UTF-8 is
// replaced.
type textKey string

func (k textKey) MarshalText() ([]byte, error) { return []byte(k), nil }

// members returns the members of the JSON object text b in order, each as
// its name and value text.
func members(t *testing.T, b []byte) []string {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(b))
	if _, err := dec.Token(); err != nil {
		t.Fatal(err)
	}
	var out []string
	for dec.More() {
		name, err := dec.Token()
		if err != nil {
			t.Fatal(err)
		}
		var value json.RawMessage
		if err := dec.Decode(&value); err != nil {
			t.Fatal(err)
		}
		out = append(out, name.(string)+"\x00"+string(value))
	}
	return out
}

// tiesInOrder returns ms with each run of equal names put in the byte order
// of the values: the order compat gives tied members.
func tiesInOrder(ms []string) []string {
	out := slices.Clone(ms)
	for i := 0; i < len(out); {
		j := i + 1
		name, _, _ := strings.Cut(out[i], "\x00")
		for j < len(out) && strings.HasPrefix(out[j], name+"\x00") {
			j++
		}
		slices.Sort(out[i:j])
		i = j
	}
	return out
}

// copyMap returns a new map with m's entries, inserted in another order.
func copyMap(m any) any {
	rv := reflect.ValueOf(m)
	keys := rv.MapKeys()
	c := reflect.MakeMapWithSize(rv.Type(), len(keys))
	for i := len(keys) - 1; i >= 0; i-- {
		c.SetMapIndex(keys[i], rv.MapIndex(keys[i]))
	}
	return c.Interface()
}

// TestTiedNamesOneOrder: where two map keys are written as one name,
// encoding/json's order varies from call to call (it writes tied members
// in a rotation of the order the map's entries were inserted in). compat
// writes them in one order, the byte order of their values' text, every
// time; the rest of the output is encoding/json's.
func TestTiedNamesOneOrder(t *testing.T) {
	values := map[string]any{
		"method text": map[tiedKey]string{1: "b", 3: "a", 2: "c", 5: "d"},
		"slices":      map[tiedKey][]int{1: {2}, 3: {1}},
	}
	if semantics.OnV2 {
		values["replaced UTF-8"] = map[textKey]int{"\xfe": 2, "\uFFFD": 1, "a": 0}
	}
	for name, v := range values {
		t.Run(name, func(t *testing.T) {
			ours, err := compat.Marshal(v)
			if err != nil {
				t.Fatal(err)
			}
			for range 20 {
				if again, _ := compat.Marshal(copyMap(v)); string(again) != string(ours) {
					t.Fatalf("Marshal wrote %s, then %s", ours, again)
				}
			}
			if got := members(t, ours); !slices.Equal(tiesInOrder(got), got) {
				t.Fatalf("Marshal = %s: tied members are not in the order of their values", ours)
			}
			std, err := json.Marshal(v)
			if err != nil {
				t.Fatalf("encoding/json: %v", err)
			}
			if want, got := tiesInOrder(members(t, std)), members(t, ours); !slices.Equal(want, got) {
				t.Errorf("Marshal = %s, encoding/json wrote %s: they differ in more than the order of tied members", ours, std)
			}
		})
	}
}
