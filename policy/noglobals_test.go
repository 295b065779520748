package policy_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"
)

// TestNoExportedPackageVariables scans the module's non-test Go source: an
// exported package-level variable would be process-wide configuration that
// any importer could change under every other one. The one exception is a
// drop-in's copy of the standard library's variable of the same name
// (jsontext.Null, json.ErrUnknownName), which the API it mirrors requires.
func TestNoExportedPackageVariables(t *testing.T) {
	root := ".."
	files := 0
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			name := d.Name()
			// bench is a module of its own; testdata holds no package.
			if path != root && (name == "bench" || name == "testdata" || strings.HasPrefix(name, ".")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		files++
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		for _, decl := range f.Decls {
			gd, ok := decl.(*ast.GenDecl)
			if !ok || gd.Tok != token.VAR {
				continue
			}
			for _, spec := range gd.Specs {
				vs := spec.(*ast.ValueSpec)
				for i, name := range vs.Names {
					if name.IsExported() && !stdCopy(f, vs, i) {
						t.Errorf("%s: exported package-level variable %s", path, name.Name)
					}
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if files < 20 {
		t.Fatalf("scanned only %d files: is the module root %s?", files, root)
	}
}

// stdCopy reports whether the i'th name of vs is set to the same-named
// variable of an encoding/json package: `Null = jsontext.Null`.
func stdCopy(f *ast.File, vs *ast.ValueSpec, i int) bool {
	if vs.Type != nil || len(vs.Values) != len(vs.Names) {
		return false
	}
	sel, ok := vs.Values[i].(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != vs.Names[i].Name {
		return false
	}
	pkg, ok := sel.X.(*ast.Ident)
	if !ok {
		return false
	}
	for _, imp := range f.Imports {
		path := strings.Trim(imp.Path.Value, `"`)
		name := filepath.Base(path)
		if imp.Name != nil {
			name = imp.Name.Name
		}
		if name == pkg.Name {
			return strings.HasPrefix(path, "encoding/json/")
		}
	}
	return false
}
