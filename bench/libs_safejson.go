//go:build !nosafejson

package bench

import (
	"io"

	"github.com/safejson/safejson/compat"
	"github.com/safejson/safejson/safe"
)

// safejsonLibraries returns safejson's compat package, which must match
// encoding/json exactly. Build with -tags nosafejson to leave it out, for
// example while compat does not build.
func safejsonLibraries() []Library {
	return []Library{{
		Name:       "safejson",
		Marshal:    compat.Marshal,
		NewEncoder: func(w io.Writer) Encoder { return compat.NewEncoder(w) },
		Unmarshal:  compat.Unmarshal,
		Compatible: true,
	}}
}

// policyLibraries returns safejson under its policies, for the tools that
// compare it with compat (cpucmp, icount): "safe" is safe.Marshal. It has
// no decoder of its own, so its Unmarshal is compat's.
func policyLibraries() []Library {
	return []Library{{Name: "safe", Marshal: safe.Marshal, Unmarshal: compat.Unmarshal}}
}
