//go:build goexperiment.jsonv2 && go1.27

package stdsuite

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/build"
	"go/parser"
	"go/printer"
	"go/token"
	"maps"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
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

// v2Facts writes the declarations of the standard package that the tests
// use as facts about it rather than as internals under test: its
// constants, its sentinel errors (errors.New of a constant text, equal to
// the package's own under reflect.DeepEqual), its reflect.Type values, its
// interface types, and two helpers written here (len64, and
// newDuplicateNameError, which builds jsontext's error for a repeated
// name). Each is added only when the tests use the name and do not declare
// it; what does not compile outside the package is dropped as a test
// declaration would be.
func v2Facts(std *build.Package, tests [][]byte) ([]byte, error) {
	wanted := func(name string) bool { return !ast.IsExported(name) && uses(tests, name) && !declares(tests, name) }
	var decls bytes.Buffer
	imports := map[string]string{}
	for _, name := range std.GoFiles {
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, filepath.Join(std.Dir, name), nil, parser.SkipObjectResolution)
		if err != nil {
			return nil, err
		}
		fileImports := map[string]string{}
		for _, imp := range f.Imports {
			path, _ := strconv.Unquote(imp.Path.Value)
			local := filepath.Base(path)
			if imp.Name != nil {
				local = imp.Name.Name
			}
			fileImports[local] = path
		}
		var keep []ast.Node
		for _, d := range f.Decls {
			g, ok := d.(*ast.GenDecl)
			if !ok {
				continue
			}
			switch g.Tok {
			case token.CONST:
				// A block whole: its iota counts from its first spec.
				if slices.ContainsFunc(g.Specs, func(spec ast.Spec) bool {
					return slices.ContainsFunc(spec.(*ast.ValueSpec).Names, func(id *ast.Ident) bool { return wanted(id.Name) })
				}) {
					keep = append(keep, g)
				}
			case token.VAR:
				for _, spec := range g.Specs {
					vs := spec.(*ast.ValueSpec)
					if len(vs.Names) == 1 && len(vs.Values) == 1 && wanted(vs.Names[0].Name) && factValue(vs.Values[0]) {
						keep = append(keep, &ast.GenDecl{Tok: token.VAR, Specs: []ast.Spec{vs}})
					}
				}
			case token.TYPE:
				for _, spec := range g.Specs {
					ts := spec.(*ast.TypeSpec)
					if _, isIface := ts.Type.(*ast.InterfaceType); isIface && wanted(ts.Name.Name) {
						keep = append(keep, &ast.GenDecl{Tok: token.TYPE, Specs: []ast.Spec{ts}})
					}
				}
			}
		}
		for _, n := range keep {
			printer.Fprint(&decls, fset, n)
			decls.WriteString("\n\n")
			for local := range selectorPackages(n) {
				if path, ok := fileImports[local]; ok && !strings.Contains(path, "/internal") {
					imports[local] = path
				}
			}
		}
	}
	for name, fact := range v2Helpers {
		if wanted(name) {
			decls.WriteString(fact + "\n")
			imports["jsontext"] = "encoding/json/jsontext"
		}
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, "// Code generated by stdsuite's test. DO NOT EDIT.\n\npackage %s\n\nimport (\n", std.Name)
	for _, local := range slices.Sorted(maps.Keys(imports)) {
		fmt.Fprintf(&b, "\t%s %q\n", local, imports[local])
	}
	b.WriteString(")\n\n")
	b.Write(decls.Bytes())
	return b.Bytes(), nil
}

// selectorPackages returns the names before the dots of n's selectors,
// among which are the packages it uses.
func selectorPackages(n ast.Node) map[string]bool {
	names := map[string]bool{}
	ast.Inspect(n, func(c ast.Node) bool {
		if sel, ok := c.(*ast.SelectorExpr); ok {
			if id, ok := sel.X.(*ast.Ident); ok {
				names[id.Name] = true
			}
		}
		return true
	})
	return names
}

// factValue reports whether a variable's value is a fact: errors.New of a
// constant text, or reflect.TypeFor of a type.
func factValue(e ast.Expr) bool {
	call, ok := e.(*ast.CallExpr)
	if !ok {
		return false
	}
	switch fun := call.Fun.(type) {
	case *ast.SelectorExpr:
		_, lit := func() (ast.Expr, bool) {
			if len(call.Args) != 1 {
				return nil, false
			}
			l, ok := call.Args[0].(*ast.BasicLit)
			return l, ok
		}()
		return fmt.Sprint(fun.X) == "errors" && fun.Sel.Name == "New" && lit
	case *ast.IndexExpr:
		sel, ok := fun.X.(*ast.SelectorExpr)
		return ok && fmt.Sprint(sel.X) == "reflect" && sel.Sel.Name == "TypeFor"
	}
	return false
}

// v2Helpers are small functions of the standard package's that the tests
// use to state what they expect, written here to build the same values.
var v2Helpers = map[string]string{
	"len64": `func len64[Bytes ~[]byte | ~string](in Bytes) int64 { return int64(len(in)) }`,
	"newDuplicateNameError": `func newDuplicateNameError(ptr jsontext.Pointer, quotedName []byte, offset int64) error {
	if quotedName != nil {
		name, _ := jsontext.AppendUnquote(nil, quotedName)
		ptr = ptr.AppendToken(string(name))
	}
	return &jsontext.SyntacticError{ByteOffset: offset, JSONPointer: ptr, Err: jsontext.ErrDuplicateName}
}`,
}

// withUnexported are the exported types of the two packages whose fields
// include unexported ones a literal in the tests sets.
var withUnexported = map[string]string{"SemanticError": "action"}

// rewriteV2Test makes the changes described above to one test file.
// v1Funcs are encoding/json's exported functions.
func rewriteV2Test(f *ast.File, v1Funcs []string) {
	internal := map[string]string{
		"encoding/json/internal":           standInRoot + "internal",
		"encoding/json/internal/jsonflags": standInRoot + "jsonflags",
		"encoding/json/internal/jsonopts":  standInRoot + "jsonopts",
		"encoding/json/internal/jsonwire":  standInRoot + "jsonwire",
		"encoding/json/internal/jsontest":  jsontestPath,
	}
	for _, imp := range f.Imports {
		path, _ := strconv.Unquote(imp.Path.Value)
		if to, ok := internal[path]; ok {
			imp.Path.Value = strconv.Quote(to)
		}
	}
	// The tests' methods on the standard library's types: a package may
	// not declare methods on another's types, aliases or not.
	methods := map[string]string{}
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Recv == nil || len(fd.Recv.List) != 1 {
			continue
		}
		recv := fd.Recv.List[0]
		typ := recv.Type
		if star, ok := typ.(*ast.StarExpr); ok {
			typ = star.X
		}
		id, ok := typ.(*ast.Ident)
		if !ok || !id.IsExported() {
			continue
		}
		fn := "stdsuite" + id.Name + "_" + fd.Name.Name
		methods[fd.Name.Name] = fn
		fd.Name = ast.NewIdent(fn)
		if len(recv.Names) == 0 {
			recv.Names = []*ast.Ident{ast.NewIdent("_")}
		}
		fd.Type.Params.List = append([]*ast.Field{recv}, fd.Type.Params.List...)
		fd.Recv = nil
	}
	usesV1 := false
	replace(f, func(n ast.Node) ast.Node {
		switch n := n.(type) {
		case *ast.CallExpr:
			if sel, ok := n.Fun.(*ast.SelectorExpr); ok {
				if pkg, ok := sel.X.(*ast.Ident); ok && pkg.Name == "errors" && sel.Sel.Name == "Is" {
					n.Fun = ast.NewIdent("stdsuiteErrorsIs")
					return n
				}
				if fn, ok := methods[sel.Sel.Name]; ok {
					return &ast.CallExpr{Fun: ast.NewIdent(fn), Args: append([]ast.Expr{sel.X}, n.Args...), Ellipsis: n.Ellipsis}
				}
			}
		case *ast.BinaryExpr:
			// jsonflags.X | 1 is the option encoding/json sets with X(true).
			sel, ok := n.X.(*ast.SelectorExpr)
			lit, isLit := n.Y.(*ast.BasicLit)
			if n.Op != token.OR || !ok || !isLit || (lit.Value != "0" && lit.Value != "1") {
				break
			}
			if pkg, ok := sel.X.(*ast.Ident); ok && pkg.Name == "jsonflags" && slices.Contains(v1Funcs, sel.Sel.Name) {
				usesV1 = true
				arg := ast.NewIdent(strconv.FormatBool(lit.Value == "1"))
				return &ast.CallExpr{Fun: &ast.SelectorExpr{X: ast.NewIdent("stdsuitejsonv1"), Sel: sel.Sel}, Args: []ast.Expr{arg}}
			}
		case *ast.UnaryExpr:
			if lit, ok := n.X.(*ast.CompositeLit); ok && n.Op == token.AND {
				if call := literalCall(lit); call != nil {
					return call
				}
			}
		case *ast.CompositeLit:
			if call := literalCall(n); call != nil {
				return &ast.StarExpr{X: call}
			}
		}
		return nil
	})
	if usesV1 {
		addImport(f, "stdsuitejsonv1", "encoding/json")
	}
}

// literalCall turns a literal of a type in withUnexported into a call of
// the constructor the API file declares, or returns nil.
func literalCall(lit *ast.CompositeLit) *ast.CallExpr {
	id, ok := lit.Type.(*ast.Ident)
	if !ok {
		return nil
	}
	field, ok := withUnexported[id.Name]
	if !ok {
		return nil
	}
	var value ast.Expr // set only where the literal sets the field
	rest := &ast.CompositeLit{Type: lit.Type}
	for _, e := range lit.Elts {
		if kv, ok := e.(*ast.KeyValueExpr); ok {
			if key, ok := kv.Key.(*ast.Ident); ok && key.Name == field {
				value = kv.Value
				continue
			}
		}
		rest.Elts = append(rest.Elts, e)
	}
	if value == nil {
		return nil
	}
	return &ast.CallExpr{
		Fun:  ast.NewIdent("stdsuiteNew" + id.Name),
		Args: []ast.Expr{value, &ast.UnaryExpr{Op: token.AND, X: rest}},
	}
}

// replace walks n, putting what fn returns in place of each expression
// for which it returns one, and walking on into what it put there.
func replace(n ast.Node, fn func(ast.Node) ast.Node) {
	swap := func(e ast.Expr) ast.Expr {
		if r := fn(e); r != nil {
			e = r.(ast.Expr)
		}
		replace(e, fn)
		return e
	}
	v := reflect.ValueOf(n)
	if v.Kind() != reflect.Pointer || v.IsNil() || v.Elem().Kind() != reflect.Struct {
		return
	}
	v = v.Elem()
	for i := range v.NumField() {
		f := v.Field(i)
		switch {
		case f.Type() == exprType:
			if e, ok := f.Interface().(ast.Expr); ok && e != nil && !f.IsNil() {
				f.Set(reflect.ValueOf(swap(e)))
			}
		case f.Kind() == reflect.Slice && f.Type().Elem() == exprType:
			for k := range f.Len() {
				if e, ok := f.Index(k).Interface().(ast.Expr); ok && e != nil {
					f.Index(k).Set(reflect.ValueOf(swap(e)))
				}
			}
		case f.Type().Implements(nodeType) && f.Kind() != reflect.Interface || f.Kind() == reflect.Interface && f.Type().Implements(nodeType):
			if !f.IsNil() {
				replace(f.Interface().(ast.Node), fn)
			}
		case f.Kind() == reflect.Slice && f.Type().Elem().Implements(nodeType):
			for k := range f.Len() {
				if !f.Index(k).IsNil() {
					replace(f.Index(k).Interface().(ast.Node), fn)
				}
			}
		}
	}
}

var (
	exprType = reflect.TypeFor[ast.Expr]()
	nodeType = reflect.TypeFor[ast.Node]()
)

func addImport(f *ast.File, name, path string) {
	spec := &ast.ImportSpec{Name: ast.NewIdent(name), Path: &ast.BasicLit{Kind: token.STRING, Value: strconv.Quote(path)}}
	for _, d := range f.Decls {
		if g, ok := d.(*ast.GenDecl); ok && g.Tok == token.IMPORT {
			g.Specs = append(g.Specs, spec)
			if !g.Lparen.IsValid() {
				g.Lparen = g.Pos()
			}
			return
		}
	}
	f.Decls = append([]ast.Decl{&ast.GenDecl{Tok: token.IMPORT, Specs: []ast.Spec{spec}}}, f.Decls...)
}

// v2API writes the generated package's non-test file: each exported type
// an alias of the drop-in's, each exported function one that calls the
// drop-in's (with the standard library's signature), each exported
// variable and constant the standard package's (the drop-ins export no
// variables), and the constructors that stand in for literals of the types
// in withUnexported.
func v2API(std *build.Package, dropIn string) ([]byte, error) {
	var b bytes.Buffer
	fmt.Fprintf(&b, "// Code generated by stdsuite's test. DO NOT EDIT.\n\npackage %s\n\n", std.Name)
	imports := map[string]string{"dropin": dropIn, "stdpkg": std.ImportPath, "unsafe": "unsafe", "reflect": "reflect", "errors": "errors"}
	var decls bytes.Buffer
	fset := token.NewFileSet()
	for _, name := range std.GoFiles {
		f, err := parser.ParseFile(fset, filepath.Join(std.Dir, name), nil, parser.SkipObjectResolution)
		if err != nil {
			return nil, err
		}
		for _, imp := range f.Imports {
			path, _ := strconv.Unquote(imp.Path.Value)
			if strings.Contains(path, "/internal") {
				continue
			}
			local := filepath.Base(path)
			if imp.Name != nil {
				local = imp.Name.Name
			}
			imports[local] = path
		}
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Recv != nil || !d.Name.IsExported() {
					continue
				}
				wrapper(&decls, fset, d)
			case *ast.GenDecl:
				for _, spec := range d.Specs {
					switch spec := spec.(type) {
					case *ast.TypeSpec:
						if spec.Name.IsExported() {
							fmt.Fprintf(&decls, "type %s = dropin.%s\n", spec.Name.Name, spec.Name.Name)
						}
					case *ast.ValueSpec:
						for _, id := range spec.Names {
							if id.IsExported() {
								fmt.Fprintf(&decls, "%s %s = stdpkg.%s\n", d.Tok, id.Name, id.Name)
							}
						}
					}
				}
			}
		}
	}
	if strings.Contains(decls.String(), "type SemanticError =") {
		decls.WriteString(v2Constructors)
	}
	decls.WriteString(errorsIs)
	// The imports the declarations use, as their text shows.
	b.WriteString("import (\n")
	for _, local := range slices.Sorted(maps.Keys(imports)) {
		if strings.Contains(decls.String(), local+".") {
			fmt.Fprintf(&b, "\t%s %q\n", local, imports[local])
		}
	}
	b.WriteString(")\n\n")
	b.Write(decls.Bytes())
	return b.Bytes(), nil
}

// wrapper writes a function with fd's signature that calls the drop-in's
// function of the same name.
func wrapper(b *bytes.Buffer, fset *token.FileSet, fd *ast.FuncDecl) {
	var sig bytes.Buffer
	printer.Fprint(&sig, fset, &ast.FuncType{TypeParams: fd.Type.TypeParams, Params: fd.Type.Params, Results: fd.Type.Results})
	var args, tparams []string
	ellipsis := ""
	for _, p := range fd.Type.Params.List {
		for _, n := range p.Names {
			args = append(args, n.Name)
		}
		if _, ok := p.Type.(*ast.Ellipsis); ok {
			ellipsis = "..."
		}
	}
	if fd.Type.TypeParams != nil {
		for _, p := range fd.Type.TypeParams.List {
			for _, n := range p.Names {
				tparams = append(tparams, n.Name)
			}
		}
	}
	call := "dropin." + fd.Name.Name
	if len(tparams) > 0 {
		call += "[" + strings.Join(tparams, ", ") + "]"
	}
	call += "(" + strings.Join(args, ", ") + ellipsis + ")"
	ret := ""
	if fd.Type.Results != nil {
		ret = "return "
	}
	fmt.Fprintf(b, "func %s%s { %s%s }\n", fd.Name.Name, strings.TrimPrefix(sig.String(), "func"), ret, call)
}

// v2Constructors build values of the types in withUnexported with their
// unexported field set, as the tests' literals do.
const v2Constructors = `
// stdsuiteNewSemanticError returns e with its action, a field no code
// outside the standard package can set but through its address.
func stdsuiteNewSemanticError(action string, e *SemanticError) *SemanticError {
	f, _ := reflect.TypeFor[SemanticError]().FieldByName("action")
	*(*string)(unsafe.Add(unsafe.Pointer(e), f.Offset)) = action
	return e
}
`

// errorsIs stands in for errors.Is in the tests: the package's own
// sentinel errors are stood in for by errors of the same type and text
// (see v2Facts), which errors.Is, comparing identities, would not find.
const errorsIs = `
func stdsuiteErrorsIs(err, target error) bool {
	if errors.Is(err, target) {
		return true
	}
	for e := err; e != nil && target != nil; e = errors.Unwrap(e) {
		if reflect.TypeOf(e) == reflect.TypeOf(target) && e.Error() == target.Error() {
			return true
		}
	}
	return false
}
`

// v2StandIns returns the stand-ins for the standard library's internal
// packages that the tests import.
func v2StandIns() (map[string][]byte, error) {
	errs := func(path string) (string, error) {
		return sentinelErrors(filepath.Join(build.Default.GOROOT, "src", path))
	}
	internal, err := errs("encoding/json/internal")
	if err != nil {
		return nil, err
	}
	wire, err := errs("encoding/json/internal/jsonwire")
	if err != nil {
		return nil, err
	}
	return map[string][]byte{
		"v2suite/internal/internal.go": []byte(internalStandIn + internal),
		"v2suite/jsonwire/jsonwire.go": []byte(jsonwireStandIn + wire),
		"v2suite/jsonflags/jsonflags.go": []byte("// Package jsonflags stands in for the standard library's, whose flags\n" +
			"// no code outside it can set but through the options encoding/json exports.\npackage jsonflags\n"),
		"v2suite/jsonopts/jsonopts.go": []byte(jsonoptsStandIn),
	}, nil
}

// sentinelErrors returns the declarations of the package in dir's
// variables that are errors.New of a constant text: the same texts make
// errors that compare equal to the package's own under reflect.DeepEqual,
// which is how the tests compare errors.
func sentinelErrors(dir string) (string, error) {
	pkg, err := build.ImportDir(dir, 0)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	for _, name := range pkg.GoFiles {
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, filepath.Join(dir, name), nil, parser.SkipObjectResolution)
		if err != nil {
			return "", err
		}
		for vs, i := range apidiff.ExportedVars(f) {
			if i >= len(vs.Values) {
				continue
			}
			call, ok := vs.Values[i].(*ast.CallExpr)
			if !ok || len(call.Args) != 1 {
				continue
			}
			fun, ok := call.Fun.(*ast.SelectorExpr)
			arg, isLit := call.Args[0].(*ast.BasicLit)
			if !ok || !isLit || fun.Sel.Name != "New" || fmt.Sprint(fun.X) != "errors" {
				continue
			}
			if name := vs.Names[i].Name; !sampled[name] {
				fmt.Fprintf(&b, "var %s = errors.New(%s)\n", name, arg.Value)
			}
		}
	}
	return b.String(), nil
}

// sampled are the sentinel errors the stand-ins take from errors the
// standard library returns, rather than make with the same text: tests
// that look for them with errors.Is need the standard library's own
// values.
var sampled = map[string]bool{"ErrInvalidUTF8": true, "ErrNonNilReference": true, "ErrCycle": true}

// internalStandIn takes internal's sentinel errors from what v2 returns.
const internalStandIn = `package internal

import (
	jsonv2 "encoding/json/v2"
	"errors"
)

// inner is the error a SemanticError from f wraps.
func inner(f func() error) error {
	var se *jsonv2.SemanticError
	errors.As(f(), &se)
	return se.Err
}

var ErrNonNilReference = inner(func() error { return jsonv2.Unmarshal([]byte("1"), nil) })

var ErrCycle = inner(func() error {
	type ring struct{ Next *ring }
	r := &ring{}
	r.Next = r
	_, err := jsonv2.Marshal(r)
	return err
})

`

// jsonwireStandIn builds jsonwire's error values as the standard
// library's constructors do, as values of its own error type, which a
// sample error of jsontext's shows.
const jsonwireStandIn = `package jsonwire

import (
	"encoding/json/jsontext"
	"errors"
	"reflect"
	"unicode/utf8"
)

// invalidTextError is the standard library's *jsonwire.InvalidTextError.
var invalidTextError = func() reflect.Type {
	_, err := jsontext.AppendFormat(nil, "x")
	var se *jsontext.SyntacticError
	errors.As(err, &se)
	return reflect.TypeOf(se.Err)
}()

func newInvalidTextError(label, what, where string) error {
	e := reflect.New(invalidTextError.Elem())
	e.Elem().FieldByName("Label").SetString(label)
	e.Elem().FieldByName("What").SetString(what)
	e.Elem().FieldByName("Where").SetString(where)
	return e.Interface().(error)
}

// ErrInvalidUTF8 is the error jsontext reports invalid UTF-8 with.
var ErrInvalidUTF8 = func() error {
	_, err := jsontext.AppendQuote(nil, "\xff")
	var se *jsontext.SyntacticError
	errors.As(err, &se)
	return se.Err
}()

func NewInvalidCharacterError[Bytes ~[]byte | ~string](prefix Bytes, where string) error {
	_, n := utf8.DecodeRune([]byte(prefix))
	return newInvalidTextError("character", string(prefix[:n]), where)
}

func NewInvalidEscapeSequenceError[Bytes ~[]byte | ~string](what Bytes) error {
	if len(what) > 6 {
		return newInvalidTextError("surrogate pair", string(what), "in string")
	}
	return newInvalidTextError("escape sequence", string(what), "in string")
}

`

// jsonoptsStandIn is the marker option encoding/json/v2 recognizes by its
// method, ExperimentalSupportFormatTag.
const jsonoptsStandIn = `package jsonopts

import jsonv2 "encoding/json/v2"

type supportFormatTag struct {
	jsonv2.Options
	v bool
}

func (o *supportFormatTag) ExperimentalSupportFormatTag() bool { return o.v }

func ExperimentalSupportFormatTag(v bool) jsonv2.Options { return &supportFormatTag{v: v} }
`
