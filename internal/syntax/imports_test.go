package syntax_test

import (
	"go/build"
	"slices"
	"testing"
)

// TestImports keeps the text layer free of reflection, unsafe and the
// implementation it replaces; its one conversion to encoding/json's error
// type (AsJSON) goes through internal/mem.
func TestImports(t *testing.T) {
	pkg, err := build.ImportDir(".", 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, banned := range []string{"reflect", "unsafe", "encoding/json"} {
		if slices.Contains(pkg.Imports, banned) {
			t.Errorf("package syntax imports %s", banned)
		}
	}
}
