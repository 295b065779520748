//go:build goexperiment.jsonv2 && go1.27

package stdsuite

import (
	"bytes"
	"go/build"
	"go/parser"
	"go/printer"
	"go/token"
	"path/filepath"
	"strings"
	"testing"

	"github.com/safejson/safejson/internal/apidiff"
)

// The internal tests of encoding/json/v2 and encoding/json/jsontext are
// the package's own files, which use its unexported names and the standard
// library's internal packages. They are compiled here as a package of the
// same name whose exported API is the drop-in's, as encoding/json's are
// (see newSuite), with these changes, made on the syntax tree:
//
//   - the internal packages are stand-ins (v2StandIns): the sentinel
//     errors, with the standard library's texts; jsonwire's error
//     constructors, which build the standard library's own error type;
//     jsonopts.ExperimentalSupportFormatTag, as the marker it is; and an
//     empty jsonflags, whose flags a test sets through the option
//     functions encoding/json exports (jsonflags.X | 1 becomes
//     json.X(true)) or not at all;
//   - literals of the error types with unexported fields become calls that
//     build the same value, and the tests' methods on those types become
//     functions;
//   - what still needs the package's internals cannot compile: the
//     declaration, or in a table of test cases the case, is dropped and
//     logged.

// v2Suites are the standard packages whose internal tests run against the
// drop-ins: import path, the drop-in's, and the generated package's
// directory under internal/stdsuite.
var v2Suites = []struct{ std, dropIn, dir string }{
	// The directory's last element is the standard one's: error texts
	// name types by it.
	{"encoding/json/v2", "github.com/safejson/safejson/compat/v2", "v2suite/v2"},
	{"encoding/json/jsontext", "github.com/safejson/safejson/compat/jsontext", "v2suite/jsontext"},
}

const standInRoot = "github.com/safejson/safejson/internal/stdsuite/v2suite/"

func TestV2Suites(t *testing.T) {
	root := moduleRoot(t)
	for _, v := range v2Suites {
		t.Run(filepath.Base(v.std), func(t *testing.T) {
			std, err := build.Default.Import(v.std, "", 0)
			if err != nil {
				t.Fatal(err)
			}
			s, err := newV2Suite(std, v.dropIn, v.dir)
			if err != nil {
				t.Fatal(err)
			}
			runSuite(t, s, std, root, standInRoot+strings.TrimPrefix(v.dir, "v2suite/"))
		})
	}
}

// newV2Suite reads the internal test files of the standard package std
// and rewrites them to run against the drop-in at dropIn.
func newV2Suite(std *build.Package, dropIn, dir string) (*suite, error) {
	s := &suite{files: map[string][]byte{}, dir: dir, dropCases: true}
	standIns, err := v2StandIns()
	if err != nil {
		return nil, err
	}
	s.standIns = standIns
	v1Dir, err := apidiff.StdDir("encoding/json")
	if err != nil {
		return nil, err
	}
	v1, err := exportedByKind(v1Dir)
	if err != nil {
		return nil, err
	}
	var tests [][]byte
	for _, name := range std.TestGoFiles {
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, filepath.Join(std.Dir, name), nil, parser.SkipObjectResolution)
		if err != nil {
			return nil, err
		}
		rewriteV2Test(f, v1["func"])
		var b bytes.Buffer
		if err := printer.Fprint(&b, fset, f); err != nil {
			return nil, err
		}
		s.files[name] = b.Bytes()
		tests = append(tests, b.Bytes())
	}
	api, err := v2API(std, dropIn)
	if err != nil {
		return nil, err
	}
	s.files["zz_stdsuite_api.go"] = api
	facts, err := v2Facts(std, tests)
	if err != nil {
		return nil, err
	}
	s.files["zz_stdsuite_facts.go"] = facts
	return s, nil
}
