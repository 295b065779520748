//go:build !nosafejson

package bench

import (
	"bytes"
	"encoding/json"
	"slices"
	"testing"
)

// TestNamed checks that Named keeps Libraries' order, policy libraries
// after, and that "safe" is encoding/json's output with every '/' written
// as `\/` (the corpora are valid UTF-8, so nothing else differs).
func TestNamed(t *testing.T) {
	var names []string
	for _, l := range Named([]string{"safe", "goccy", "std"}) {
		names = append(names, l.Name)
	}
	if want := []string{"std", "goccy", "safe"}; !slices.Equal(names, want) {
		t.Fatalf("Named = %q, want %q", names, want)
	}
	safe := Named([]string{"safe"})[0]
	ins, err := Inputs()
	if err != nil {
		t.Fatal(err)
	}
	for _, in := range ins {
		if in.UnmarshalOnly {
			continue
		}
		want, err := json.Marshal(in.Value)
		if err != nil {
			t.Fatal(err)
		}
		got, err := safe.Marshal(in.Value)
		if err != nil {
			t.Fatalf("%s: %v", in.Name, err)
		}
		if want = bytes.ReplaceAll(want, []byte("/"), []byte(`\/`)); !bytes.Equal(got, want) {
			i := 0
			for i < len(got) && i < len(want) && got[i] == want[i] {
				i++
			}
			t.Errorf("%s: safe's output is not encoding/json's with '/' escaped: they part at byte %d", in.Name, i)
		}
	}
}
