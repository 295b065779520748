//go:build goexperiment.jsonv2 && go1.27

package stdsuite

import (
	"bytes"
	"encoding/json"
	"go/build"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// stdVar matches the variables of encoding/json/v2 and jsontext, which the
// drop-ins do not export (safejson exports no variables).
var stdVar = regexp.MustCompile(`\b(jsontext\.(?:Null|False|True|BeginObject|EndObject|BeginArray|EndArray|ErrDuplicateName|ErrNonStringName)|json\.ErrUnknownName)\b`)

// stdVariables makes the swapped source src take those variables from the
// standard packages, which hold the same values of the same types.
func stdVariables(src string) []byte {
	if !stdVar.MatchString(src) {
		return []byte(src)
	}
	src = stdVar.ReplaceAllString(src, "std$1")
	src = strings.Replace(src, "import (", "import (\n\tstdjson \"encoding/json/v2\"\n\tstdjsontext \"encoding/json/jsontext\"\n", 1)
	// Both imports are added; one the file does not use is used here.
	return []byte(src + "\nvar _, _ = stdjson.ErrUnknownName, stdjsontext.Null\n")
}

// TestV2Examples runs the toolchain's external tests of encoding/json/v2
// and encoding/json/jsontext (their examples, with their Output) against
// compat/v2 and compat/jsontext, with the imports swapped and the
// standard packages' variables read from them (the drop-ins export none). Their
// internal tests use the packages' unexported names and cannot run
// against another package.
func TestV2Examples(t *testing.T) {
	root := moduleRoot(t)
	swap := strings.NewReplacer(
		strconv.Quote("encoding/json/v2"), `json `+strconv.Quote("github.com/safejson/safejson/compat/v2"),
		strconv.Quote("encoding/json/jsontext"), strconv.Quote("github.com/safejson/safejson/compat/jsontext"),
	)
	replace := map[string]string{}
	dir := t.TempDir()
	var pkgs []string
	for _, std := range []string{"encoding/json/v2", "encoding/json/jsontext"} {
		pkg, err := build.Default.Import(std, "", 0)
		if err != nil {
			t.Fatal(err)
		}
		virtual := "internal/stdsuite/" + filepath.Base(std) + "examples"
		n := 0
		for _, name := range pkg.XTestGoFiles {
			if name == "bench_test.go" {
				continue // benchmarks of the standard library's own corpora
			}
			src, err := os.ReadFile(filepath.Join(pkg.Dir, name))
			if err != nil {
				t.Fatal(err)
			}
			file := filepath.Join(dir, filepath.Base(std)+"_"+name)
			if err := os.WriteFile(file, stdVariables(swap.Replace(string(src))), 0o644); err != nil {
				t.Fatal(err)
			}
			replace[filepath.Join(root, virtual, name)] = file
			n++
		}
		if n == 0 {
			t.Fatalf("%s has no external test files", std)
		}
		pkgs = append(pkgs, "./"+virtual)
	}
	overlay, err := json.Marshal(map[string]any{"Replace": replace})
	if err != nil {
		t.Fatal(err)
	}
	overlayFile := filepath.Join(dir, "overlay.json")
	if err := os.WriteFile(overlayFile, overlay, 0o644); err != nil {
		t.Fatal(err)
	}
	passed := 0
	for _, pkg := range pkgs {
		// Built, then run from the temporary directory: the package's
		// own directory exists only in the overlay.
		bin := filepath.Join(dir, filepath.Base(pkg)+".test")
		build := exec.Command("go", "test", "-c", "-vet=off", "-tags="+buildTags, "-overlay", overlayFile, "-o", bin, pkg)
		build.Dir = root
		if out, err := build.CombinedOutput(); err != nil {
			t.Fatalf("building %s: %v\n%s", pkg, err, out)
		}
		run, err := suiteCommand(bin, []string{"-test.v", "-test.count=1"})
		if err != nil {
			t.Fatal(err)
		}
		run.Dir = dir
		out, err := run.CombinedOutput()
		n := bytes.Count(out, []byte("--- PASS"))
		t.Logf("%s: %d examples and tests passed", pkg, n)
		if err != nil || n == 0 {
			t.Errorf("%s: %v\n%s", pkg, err, out)
		}
		passed += n
	}
	if passed == 0 {
		t.Fatal("no example ran")
	}
}
