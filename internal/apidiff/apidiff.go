// Package apidiff reads the exported surface of a Go package from its
// source, for the tests that hold safejson's drop-in packages to the
// standard library's API.
package apidiff

import (
	"go/ast"
	"go/build"
	"go/parser"
	"go/token"
	"iter"
	"path/filepath"
	"slices"
)

// Exports is the exported surface of a package as written in its source.
type Exports struct {
	Names   map[string]string   // top-level name -> "func", "type", "alias", "var" or "const"
	Methods map[string][]string // type name -> sorted exported method names declared on it
	Files   []string            // the files read
}

// Parse reads the non-test Go files of the package in dir that the default
// build context selects: the files the running toolchain builds, so
// encoding/json's v2_*.go files exactly when it runs on encoding/json/v2.
func Parse(dir string) (Exports, error) {
	pkg, err := build.Default.ImportDir(dir, 0)
	if err != nil {
		return Exports{}, err
	}
	ex := Exports{Names: map[string]string{}, Methods: map[string][]string{}, Files: pkg.GoFiles}
	fset := token.NewFileSet()
	for _, name := range pkg.GoFiles {
		f, err := parser.ParseFile(fset, filepath.Join(dir, name), nil, parser.SkipObjectResolution)
		if err != nil {
			return Exports{}, err
		}
		for _, decl := range f.Decls {
			ex.add(decl)
		}
	}
	for _, ms := range ex.Methods {
		slices.Sort(ms)
	}
	return ex, nil
}

func (ex Exports) add(decl ast.Decl) {
	switch d := decl.(type) {
	case *ast.FuncDecl:
		if !d.Name.IsExported() {
			return
		}
		if d.Recv == nil {
			ex.Names[d.Name.Name] = "func"
			return
		}
		if recv := receiverName(d.Recv.List[0].Type); ast.IsExported(recv) {
			ex.Methods[recv] = append(ex.Methods[recv], d.Name.Name)
		}
	case *ast.GenDecl:
		for _, spec := range d.Specs {
			switch s := spec.(type) {
			case *ast.TypeSpec:
				if !s.Name.IsExported() {
					continue
				}
				ex.Names[s.Name.Name] = "type"
				if s.Assign.IsValid() {
					ex.Names[s.Name.Name] = "alias"
				}
			case *ast.ValueSpec:
				for _, n := range s.Names {
					if n.IsExported() {
						ex.Names[n.Name] = d.Tok.String()
					}
				}
			}
		}
	}
}

// ExportedVars yields each exported package-level variable that f
// declares, as its spec and its index among the spec's names.
func ExportedVars(f *ast.File) iter.Seq2[*ast.ValueSpec, int] {
	return func(yield func(*ast.ValueSpec, int) bool) {
		for _, decl := range f.Decls {
			gd, ok := decl.(*ast.GenDecl)
			if !ok || gd.Tok != token.VAR {
				continue
			}
			for _, spec := range gd.Specs {
				vs := spec.(*ast.ValueSpec)
				for i, name := range vs.Names {
					if name.IsExported() && !yield(vs, i) {
						return
					}
				}
			}
		}
	}
}

func receiverName(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.StarExpr:
		return receiverName(e.X)
	case *ast.IndexExpr:
		return receiverName(e.X)
	case *ast.IndexListExpr:
		return receiverName(e.X)
	case *ast.Ident:
		return e.Name
	}
	return ""
}

// StdDir returns the directory of the standard library package path.
func StdDir(path string) (string, error) {
	pkg, err := build.Default.Import(path, "", build.FindOnly)
	if err != nil {
		return "", err
	}
	return pkg.Dir, nil
}

// Reexports reads the names that a package re-exporting the standard
// library package path should export, and those it does, from its source
// in dir: want is path's names less those in leftOut, with every type an
// alias of the standard library's; got is dir's names.
func Reexports(path, dir string, leftOut map[string]string) (want, got map[string]string, err error) {
	stdDir, err := StdDir(path)
	if err != nil {
		return nil, nil, err
	}
	std, err := Parse(stdDir)
	if err != nil {
		return nil, nil, err
	}
	ours, err := Parse(dir)
	if err != nil {
		return nil, nil, err
	}
	want = map[string]string{}
	for name, kind := range std.Names {
		if _, ok := leftOut[name]; ok {
			continue
		}
		if kind == "type" {
			kind = "alias"
		}
		want[name] = kind
	}
	return want, ours.Names, nil
}
