package conformance

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"
)

// broken returns compat with one call made wrong in each way the
// properties must notice.
func broken() map[string]Impl {
	withSpace := func(b []byte, err error) ([]byte, error) {
		if err != nil {
			return b, err
		}
		return append(b, ' '), nil
	}
	m := map[string]Impl{}
	add := func(property string, edit func(*Impl)) {
		impl := Compat()
		impl.Name = "broken " + property
		edit(&impl)
		m[property] = impl
	}
	add("Marshal", func(i *Impl) {
		i.Marshal = func(v any) ([]byte, error) { return withSpace(Std().Marshal(v)) }
	})
	add("MarshalIndent", func(i *Impl) {
		i.MarshalIndent = func(v any, p, ind string) ([]byte, error) { return Std().MarshalIndent(v, p, "") }
	})
	add("Encoder", func(i *Impl) {
		i.NewEncoder = func(w io.Writer) Encoder { return noHTMLEncoder{Std().NewEncoder(w)} }
	})
	add("Unmarshal", func(i *Impl) {
		i.Unmarshal = func(data []byte, v any) error {
			if err := Std().Unmarshal(data, v); err != nil {
				return errors.New(err.Error())
			}
			return nil
		}
	})
	add("Decoder", func(i *Impl) {
		i.NewDecoder = func(r io.Reader) Decoder { return alwaysMore{Std().NewDecoder(r)} }
	})
	add("Valid", func(i *Impl) {
		i.Valid = func(data []byte) bool { return Std().Valid(bytes.TrimSpace(data)) }
	})
	add("Compact", func(i *Impl) {
		i.Compact = func(dst *bytes.Buffer, src []byte) error {
			err := Std().Compact(dst, src)
			if err != nil {
				dst.WriteString("partial")
			}
			return err
		}
	})
	add("Indent", func(i *Impl) {
		i.Indent = func(dst *bytes.Buffer, src []byte, p, ind string) error { return Std().Indent(dst, src, "", ind) }
	})
	add("HTMLEscape", func(i *Impl) {
		i.HTMLEscape = func(dst *bytes.Buffer, src []byte) { dst.Write(src) }
	})
	return m
}

// alwaysMore claims there is always another value.
type alwaysMore struct{ Decoder }

func (alwaysMore) More() bool { return true }

// noHTMLEncoder ignores SetEscapeHTML(true): HTML escaping is always off.
type noHTMLEncoder struct{ Encoder }

func (e noHTMLEncoder) SetEscapeHTML(bool) { e.Encoder.SetEscapeHTML(false) }

// TestPropertiesCatchBreakage shows that every property can fail: each
// one, run against an implementation broken in its call, reports a
// shrunk failure with seed, type and diff, and the seed replays it.
func TestPropertiesCatchBreakage(t *testing.T) {
	impls := broken()
	for _, p := range Properties() {
		impl, ok := impls[p.Name]
		if !ok {
			continue
		}
		t.Run(p.Name, func(t *testing.T) {
			res := p.Run(impl, Config{Cases: 300, Seed: 7})
			if res.First == nil {
				t.Fatalf("%s: no failure found against %s", p.Name, impl.Name)
			}
			report := res.First.String()
			for _, want := range []string{"seed", "type: ", "(-want +got)", "-", "+"} {
				if !strings.Contains(report, want) {
					t.Errorf("report lacks %q:\n%s", want, report)
				}
			}
			again := p.Run(impl, Config{Cases: 1, Seed: res.First.Seed})
			if again.Failures != 1 {
				t.Errorf("seed %d does not replay the failure", res.First.Seed)
			}
		})
	}
}

// TestShrinkingMakesSmallCounterexamples: a bug that shows on every value
// shrinks to a trivial one.
func TestShrinkingMakesSmallCounterexamples(t *testing.T) {
	p := encodeProperties()[0]
	res := p.Run(broken()["Marshal"], Config{Cases: 50, Seed: 3})
	if res.First == nil {
		t.Fatal("no failure")
	}
	if len(res.First.Input) > 40 || res.First.Shrinks == 0 {
		t.Errorf("shrunk %d times to %s (type %s), want a small value", res.First.Shrinks, res.First.Input, res.First.Type)
	}
}

// TestMissingAPI: an implementation without a function is reported as
// missing, not as a crash.
func TestMissingAPI(t *testing.T) {
	for _, p := range Properties() {
		if p.own {
			continue
		}
		res := p.Run(Impl{Name: "empty"}, Config{Cases: 3, Seed: 1})
		if res.ByKind[KindMissing] != 3 {
			t.Errorf("%s: by kind %v, want 3 missing", p.Name, res.ByKind)
		}
	}
}

// TestCasesReplay: a case depends on its seed alone, not on the cases
// run before it.
func TestCasesReplay(t *testing.T) {
	for _, p := range Properties() {
		for seed := int64(100); seed < 110; seed++ {
			a, _ := describe(mustGen(t, p, seed))
			b, _ := describe(mustGen(t, p, seed))
			if a != b {
				t.Fatalf("%s seed %d: %s, then %s", p.Name, seed, a, b)
			}
		}
	}
}

func mustGen(t *testing.T, p Property, seed int64) any {
	t.Helper()
	v, ok := p.gen(caseParams(seed, 24)).Retrieve()
	if !ok {
		t.Fatalf("%s: seed %d generated nothing", p.Name, seed)
	}
	return v
}
