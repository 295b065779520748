package bench

import (
	"slices"

	"github.com/safejson/safejson/internal/randbench"
)

// RandomLibs returns safejson and the libraries of Libraries named in
// names, in that order, for randbench.
func RandomLibs(names []string) []randbench.Lib {
	var libs []randbench.Lib
	for _, l := range Libraries() {
		if l.Name == "safejson" || slices.Contains(names, l.Name) {
			libs = append(libs, randbench.Lib{Name: l.Name, Marshal: l.Marshal, Unmarshal: l.Unmarshal})
		}
	}
	return libs
}
