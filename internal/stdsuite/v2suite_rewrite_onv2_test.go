//go:build goexperiment.jsonv2 && go1.27

package stdsuite

// The rewriting of the v2 suites' test files on the syntax tree.

import (
	"go/ast"
	"go/token"
	"reflect"
	"slices"
	"strconv"
)

// withUnexported are the exported types of the two packages whose fields
// include unexported ones a literal in the tests sets.
var withUnexported = map[string]string{"SemanticError": "action"}

// rewriteV2Test makes to one test file the changes listed in
// v2suite_onv2_test.go.
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
