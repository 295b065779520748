package grammar_test

import (
	"go/build"
	"slices"
	"strings"
	"testing"
)

// TestImports keeps the grammar a leaf of the text layer: no reflection, no
// unsafe, no encoding/json, and none of the module's packages but the
// semantics it reports errors in and internal/mem, whose one use is the
// conversion to encoding/json's error type (AsJSON).
func TestImports(t *testing.T) {
	pkg, err := build.ImportDir(".", 0)
	if err != nil {
		t.Fatal(err)
	}
	allowed := []string{
		"github.com/safejson/safejson/internal/mem",
		"github.com/safejson/safejson/internal/semantics",
	}
	for _, imp := range pkg.Imports {
		switch {
		case imp == "reflect" || imp == "unsafe" || imp == "encoding/json":
			t.Errorf("package grammar imports %s", imp)
		case strings.HasPrefix(imp, "github.com/") && !slices.Contains(allowed, imp):
			t.Errorf("package grammar imports %s: it may import only %v of the module", imp, allowed)
		}
	}
}
