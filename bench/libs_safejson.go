//go:build !nosafejson

package bench

import (
	"io"

	"github.com/safejson/safejson/compat"
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
