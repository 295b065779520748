//go:build goexperiment.jsonv2 && go1.27

package stdsuite

// Stand-ins for the standard library's internal packages that the v2 suites
// import.

import (
	"fmt"
	"go/ast"
	"go/build"
	"go/parser"
	"go/token"
	"path/filepath"
	"strings"

	"github.com/safejson/safejson/internal/apidiff"
)

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
