package doccheck

import (
	"go/build"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

const modulePath = "github.com/safejson/safejson"

// TestArchitectureImports holds the table of imports in
// docs/ARCHITECTURE.md to the packages' own imports, as the running
// toolchain builds them: a row's list, plus its "under Go 1.27 also" list
// where encoding/json runs on v2. Starred packages build only there.
func TestArchitectureImports(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join(moduleRoot, "docs", "ARCHITECTURE.md"))
	if err != nil {
		t.Fatal(err)
	}
	onV2 := buildsOnV2(t)
	row := regexp.MustCompile("(?m)^\\| (`[^|]*) \\| ([^|]*) \\|$")
	name := regexp.MustCompile("`([^`]+)`")
	rows := 0
	for _, m := range row.FindAllStringSubmatch(string(doc), -1) {
		rows++
		base, extra, _ := strings.Cut(m[2], "under Go 1.27 also")
		var want []string
		if !strings.HasPrefix(strings.TrimSpace(m[2]), "none") {
			for _, n := range name.FindAllStringSubmatch(base, -1) {
				want = append(want, n[1])
			}
		}
		if onV2 {
			for _, n := range name.FindAllStringSubmatch(extra, -1) {
				want = append(want, n[1])
			}
		}
		slices.Sort(want)
		for _, pkg := range name.FindAllStringSubmatch(m[1], -1) {
			starred := strings.Contains(m[1], pkg[0]+"*")
			got, ok := ownImports(t, pkg[1])
			switch {
			case !ok && starred && !onV2:
				continue
			case !ok:
				t.Errorf("docs/ARCHITECTURE.md: %s builds no package here", pkg[1])
				continue
			}
			if !slices.Equal(got, want) {
				t.Errorf("docs/ARCHITECTURE.md: %s imports %v, the table says %v", pkg[1], got, want)
			}
		}
	}
	if rows < 20 {
		t.Fatalf("found %d rows of the import table: has its layout changed?", rows)
	}
}

// TestTextLayerImports holds the text layer to what docs/ARCHITECTURE.md
// says of it: the grammar and syntax import neither reflect, unsafe nor
// encoding/json, and nothing outside the standard library but the module's
// own packages (which ones, TestArchitectureImports holds to the table).
func TestTextLayerImports(t *testing.T) {
	for _, rel := range []string{"internal/grammar", "internal/syntax"} {
		pkg, err := build.ImportDir(filepath.Join(moduleRoot, filepath.FromSlash(rel)), 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range pkg.Imports {
			first, _, _ := strings.Cut(imp, "/")
			switch {
			case imp == "reflect" || imp == "unsafe" || imp == "encoding/json":
				t.Errorf("%s imports %s", rel, imp)
			case strings.Contains(first, ".") && !strings.HasPrefix(imp, modulePath+"/"):
				t.Errorf("%s imports %s, from outside the standard library and the module", rel, imp)
			}
		}
	}
}

// buildsOnV2 reports whether encoding/json runs on encoding/json/v2 in
// this build: whether its v2 files are built.
func buildsOnV2(t *testing.T) bool {
	pkg, err := build.Import("encoding/json/v2", "", 0)
	return err == nil && len(pkg.GoFiles) > 0
}

// ownImports lists the module's packages that the package at path (relative
// to the module root) imports in this build, relative too; ok is false if
// no file of it builds here.
func ownImports(t *testing.T, rel string) (imports []string, ok bool) {
	pkg, err := build.ImportDir(filepath.Join(moduleRoot, filepath.FromSlash(rel)), 0)
	if err != nil {
		if _, noGo := err.(*build.NoGoError); noGo {
			return nil, false
		}
		t.Fatalf("%s: %v", rel, err)
	}
	for _, imp := range pkg.Imports {
		if own, found := strings.CutPrefix(imp, modulePath+"/"); found {
			imports = append(imports, own)
		}
	}
	slices.Sort(imports)
	return imports, true
}
