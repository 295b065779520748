//go:build goexperiment.jsonv2 && go1.27

package conformance

import (
	"bytes"
	"encoding/json/jsontext"
	jsonv2 "encoding/json/v2"

	compatv2 "github.com/safejson/safejson/compat/v2"
	"github.com/safejson/safejson/internal/encoderv2"
)

// v2Properties hold compat/v2 to encoding/json/v2, which exist only under
// Go 1.27.
func v2Properties() []Property {
	return []Property{{
		Name: "V2Marshal",
		Doc:  "compat/v2.Marshal against encoding/json/v2: the same bytes with Deterministic, the same members without it",
		gen:  genEncodeInput(),
		own:  true,
		check: func(_ Impl, x any) *Mismatch {
			v := x.(encodeInput).V
			engine := engineWrites(v)
			det := jsonv2.Deterministic(true)
			want := observe(func() (any, error) { b, err := jsonv2.Marshal(v, det); return bytesValue(b), err })
			got := observe(func() (any, error) { b, err := compatv2.Marshal(v, det); return bytesValue(b), err })
			if !engine {
				// The standard library ran both calls; its map order may
				// make another member's error the first, so only the
				// kind of outcome must agree.
				return sameKindOfOutcome("compat/v2.Marshal(Deterministic)", want, got)
			}
			if m := compare("compat/v2.Marshal(Deterministic)", want, got); m != nil {
				return m
			}
			std := func() (any, error) { b, err := jsonv2.Marshal(v); return canonicalValue(b), err }
			got = observe(func() (any, error) { b, err := compatv2.Marshal(v); return canonicalValue(b), err })
			m := compare("compat/v2.Marshal", observe(std), got)
			// Without Deterministic, v2 visits map members in random
			// order, so which of several failing or panicking members
			// it meets first varies from run to run: a few more runs
			// must give what compat/v2 gave.
			for i := 0; m != nil && i < 50; i++ {
				if compare("compat/v2.Marshal", observe(std), got) == nil {
					return nil
				}
			}
			return m
		},
	}, {
		Name: "V2Unmarshal",
		Doc:  "compat/v2.Unmarshal against encoding/json/v2: fitting, mutated and random texts into fresh or filled values of random types, a third with RejectUnknownMembers",
		gen:  genDecodeInput(),
		own:  true,
		check: func(_ Impl, x any) *Mismatch {
			in := x.(decodeInput)
			zones := &zoneCache{}
			// A third of the cases reject unknown members, which
			// compat/v2's engine runs too.
			var opts []jsonv2.Options
			if len(in.Text)%3 == 0 {
				opts = append(opts, jsonv2.RejectUnknownMembers(true))
			}
			std := func(b []byte, v any) error { return jsonv2.Unmarshal(b, v, opts...) }
			ours := func(b []byte, v any) error { return compatv2.Unmarshal(b, v, opts...) }
			want := observe(func() (any, error) { return unmarshal(std, in, zones) })
			got := observe(func() (any, error) { return unmarshal(ours, in, zones) })
			return compare("compat/v2.Unmarshal", want, got)
		},
	}}
}

// engineWrites reports whether compat/v2's engine writes v itself with
// Deterministic map order, rather than leaving it to the standard library;
// a method that panics there panics under the standard library too.
func engineWrites(v any) (ok bool) {
	defer func() {
		if recover() != nil {
			ok = true
		}
	}()
	_, ok = encoderv2.Append(nil, v, encoderv2.Options{Sorted: true})
	return ok
}

// canonicalValue is a JSON text with its object members sorted (RFC 8785),
// for comparing outputs whose member order v2 leaves random.
func canonicalValue(b []byte) any {
	if b == nil {
		return nil
	}
	v := jsontext.Value(bytes.Clone(b))
	if err := v.Canonicalize(); err != nil {
		return "not canonicalizable: " + err.Error()
	}
	return string(v)
}

// sameKindOfOutcome compares two outcomes by whether each wrote, failed
// (and with which type of error at the top of its chain) or panicked.
func sameKindOfOutcome(call string, want, got outcome) *Mismatch {
	top := func(o outcome) outcome {
		if len(o.Err) == 0 {
			return outcome{Panic: boolText(o.Panic != "")}
		}
		return outcome{Err: []errLink{{Type: o.Err[0].Type}}, Panic: boolText(o.Panic != "")}
	}
	return compare(call, top(want), top(got))
}

func boolText(b bool) string {
	if b {
		return "panicked"
	}
	return ""
}
