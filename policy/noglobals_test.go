package policy_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/safejson/safejson/internal/apidiff"
)

const modulePath = "github.com/safejson/safejson"

// TestNoExportedPackageVariables scans the module's non-test Go source: an
// exported package-level variable would be process-wide configuration that
// any importer could change under every other one.
//
// One kind is allowed, because a drop-in must have it: a re-export of a
// standard library value under its own name (compat/jsontext's tokens
// Null, BeginObject and the rest, and the sentinel errors ErrUnknownName,
// ErrDuplicateName and ErrNonStringName), so that == and errors.Is work
// across the two imports. These are constants in all but syntax, and the
// test checks that nothing in safejson reads one: assigning to it cannot
// change safejson's behaviour.
func TestNoExportedPackageVariables(t *testing.T) {
	files := parseModule(t, "..")
	reexports := map[string]bool{} // "importpath.Name"
	for _, f := range files {
		for vs, i := range apidiff.ExportedVars(f.ast) {
			name := vs.Names[i].Name
			if !isStdReexport(f.ast, vs, i) {
				t.Errorf("%s: exported package-level variable %s", f.path, name)
				continue
			}
			reexports[f.importPath+"."+name] = true
		}
	}
	if len(reexports) == 0 {
		t.Error("found no re-exports of the standard library's values: is compat/jsontext still scanned?")
	}
	for _, f := range files {
		for _, use := range reads(f, reexports) {
			t.Errorf("%s: reads the re-exported %s; use the standard library's own value", f.path, use)
		}
	}
}

type sourceFile struct {
	path       string
	importPath string
	ast        *ast.File
}

// parseModule parses every non-test Go file of the module rooted at root,
// whatever its build constraints say.
func parseModule(t *testing.T, root string) []sourceFile {
	t.Helper()
	var files []sourceFile
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			name := d.Name()
			// bench and integrations are modules of their own; testdata holds no package.
			if p != root && (name == "bench" || name == "integrations" || name == "testdata" || strings.HasPrefix(name, ".")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(token.NewFileSet(), p, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(root, filepath.Dir(p))
		if err != nil {
			return err
		}
		files = append(files, sourceFile{path: p, importPath: path.Join(modulePath, filepath.ToSlash(rel)), ast: f})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 20 {
		t.Fatalf("scanned only %d files: is the module root %s?", len(files), root)
	}
	return files
}

// isStdReexport reports whether the i-th name of vs is declared as the
// value of the same name in a standard library package: X = pkg.X.
func isStdReexport(f *ast.File, vs *ast.ValueSpec, i int) bool {
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
	importPath := importedAs(f, pkg.Name)
	first, _, _ := strings.Cut(importPath, "/")
	return importPath != "" && !strings.Contains(first, ".")
}

// importedAs returns the path that f imports under name, or "".
func importedAs(f *ast.File, name string) string {
	for _, imp := range f.Imports {
		p, err := strconv.Unquote(imp.Path.Value)
		if err != nil {
			continue
		}
		local := path.Base(p)
		if imp.Name != nil {
			local = imp.Name.Name
		}
		if local == name {
			return p
		}
	}
	return ""
}

// reads lists the re-exported variables that f refers to, other than in
// their own declarations: as pkg.Name from another package, or as a bare
// Name inside the declaring one.
func reads(f sourceFile, reexports map[string]bool) []string {
	var uses []string
	declared := map[*ast.Ident]bool{}
	for _, decl := range f.ast.Decls {
		if gd, ok := decl.(*ast.GenDecl); ok && gd.Tok == token.VAR {
			for _, spec := range gd.Specs {
				for _, n := range spec.(*ast.ValueSpec).Names {
					declared[n] = true
				}
			}
		}
	}
	var visit func(n ast.Node) bool
	visit = func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.SelectorExpr:
			if pkg, ok := n.X.(*ast.Ident); ok {
				if p := importedAs(f.ast, pkg.Name); reexports[p+"."+n.Sel.Name] {
					uses = append(uses, p+"."+n.Sel.Name)
				}
			}
			// n.Sel names a member of n.X, never a variable of this package.
			ast.Inspect(n.X, visit)
			return false
		case *ast.Ident:
			if !declared[n] && reexports[f.importPath+"."+n.Name] {
				uses = append(uses, f.importPath+"."+n.Name)
			}
		}
		return true
	}
	ast.Inspect(f.ast, visit)
	return uses
}
