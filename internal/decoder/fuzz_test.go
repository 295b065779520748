package decoder

import (
	"testing"
)

// fuzzTargets are the destinations FuzzUnmarshal decodes into; the first
// byte of the input picks one and the options.
var fuzzTargets = []string{"any", "all", "allFilled", "deep", "deepFilled", "fold", "rec", "small", "sliceSmall", "ints", "map", "anyPtr", "mapText", "stringer", "mapStr", "mapAny", "flatPairs", "points", "ptrs", "deferred", "mapped"}

func FuzzUnmarshal(f *testing.F) {
	for i, in := range inputs {
		f.Add(byte(i), []byte(in))
	}
	for i, in := range deferInputs {
		f.Add(byte(len(fuzzTargets)-2+i%2), []byte(in)) // deferred, mapped
	}
	f.Fuzz(func(t *testing.T, pick byte, data []byte) {
		name := fuzzTargets[int(pick)%len(fuzzTargets)]
		o := Options{UseNumber: pick&0x40 != 0, DisallowUnknownFields: pick&0x80 != 0}
		diff := diffUnmarshal
		if o == (Options{}) {
			diff = func(data []byte, mk func() any, _ Options) string { return diffCalls(data, mk) }
		}
		if d := diff(data, targets[name], o); d != "" {
			t.Errorf("Unmarshal(%q) into %s with %+v: %s", data, name, o, d)
		}
	})
}
