package compat_test

import (
	"encoding/json"
	"errors"
	"maps"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/safejson/safejson/compat"
	"github.com/safejson/safejson/internal/apidiff"
	"github.com/safejson/safejson/internal/semantics"
)

// Shared types are aliases: values and errors cross between the two packages
// without conversion. Each line fails to compile if compat's type is a
// distinct type.
var (
	_ *json.Delim = (*compat.Delim)(nil)
	//lint:ignore SA1019 compat must alias every exported type, deprecated ones included
	_ *json.InvalidUTF8Error      = (*compat.InvalidUTF8Error)(nil)
	_ *json.InvalidUnmarshalError = (*compat.InvalidUnmarshalError)(nil)
	_ *json.Marshaler             = (*compat.Marshaler)(nil)
	_ *json.MarshalerError        = (*compat.MarshalerError)(nil)
	_ *json.Number                = (*compat.Number)(nil)
	_ *json.RawMessage            = (*compat.RawMessage)(nil)
	_ *json.SyntaxError           = (*compat.SyntaxError)(nil)
	_ *json.Token                 = (*compat.Token)(nil)
	//lint:ignore SA1019 compat must alias every exported type, deprecated ones included
	_ *json.UnmarshalFieldError   = (*compat.UnmarshalFieldError)(nil)
	_ *json.UnmarshalTypeError    = (*compat.UnmarshalTypeError)(nil)
	_ *json.Unmarshaler           = (*compat.Unmarshaler)(nil)
	_ *json.UnsupportedTypeError  = (*compat.UnsupportedTypeError)(nil)
	_ *json.UnsupportedValueError = (*compat.UnsupportedValueError)(nil)
)

// apiType pairs an exported type of encoding/json with compat's type of the
// same name.
type apiType struct {
	json, compat reflect.Type
	alias        bool // compat's type must be encoding/json's
}

// apiTypes lists every exported type of encoding/json. TestAPINames checks
// that this list is complete.
var apiTypes = withOnV2(map[string]apiType{
	"Decoder": {reflect.TypeFor[json.Decoder](), reflect.TypeFor[compat.Decoder](), false},
	"Delim":   {reflect.TypeFor[json.Delim](), reflect.TypeFor[compat.Delim](), true},
	"Encoder": {reflect.TypeFor[json.Encoder](), reflect.TypeFor[compat.Encoder](), false},
	//lint:ignore SA1019 compat must alias every exported type, deprecated ones included
	"InvalidUTF8Error":      {reflect.TypeFor[json.InvalidUTF8Error](), reflect.TypeFor[compat.InvalidUTF8Error](), true},
	"InvalidUnmarshalError": {reflect.TypeFor[json.InvalidUnmarshalError](), reflect.TypeFor[compat.InvalidUnmarshalError](), true},
	"Marshaler":             {reflect.TypeFor[json.Marshaler](), reflect.TypeFor[compat.Marshaler](), true},
	"MarshalerError":        {reflect.TypeFor[json.MarshalerError](), reflect.TypeFor[compat.MarshalerError](), true},
	"Number":                {reflect.TypeFor[json.Number](), reflect.TypeFor[compat.Number](), true},
	"RawMessage":            {reflect.TypeFor[json.RawMessage](), reflect.TypeFor[compat.RawMessage](), true},
	"SyntaxError":           {reflect.TypeFor[json.SyntaxError](), reflect.TypeFor[compat.SyntaxError](), true},
	"Token":                 {reflect.TypeFor[json.Token](), reflect.TypeFor[compat.Token](), true},
	//lint:ignore SA1019 compat must alias every exported type, deprecated ones included
	"UnmarshalFieldError":   {reflect.TypeFor[json.UnmarshalFieldError](), reflect.TypeFor[compat.UnmarshalFieldError](), true},
	"UnmarshalTypeError":    {reflect.TypeFor[json.UnmarshalTypeError](), reflect.TypeFor[compat.UnmarshalTypeError](), true},
	"Unmarshaler":           {reflect.TypeFor[json.Unmarshaler](), reflect.TypeFor[compat.Unmarshaler](), true},
	"UnsupportedTypeError":  {reflect.TypeFor[json.UnsupportedTypeError](), reflect.TypeFor[compat.UnsupportedTypeError](), true},
	"UnsupportedValueError": {reflect.TypeFor[json.UnsupportedValueError](), reflect.TypeFor[compat.UnsupportedValueError](), true},
}, onV2Types)

// apiFuncs lists every exported function of encoding/json. TestAPINames
// checks that this list is complete.
var apiFuncs = withOnV2(map[string][2]any{
	"Compact":       {json.Compact, compat.Compact},
	"HTMLEscape":    {json.HTMLEscape, compat.HTMLEscape},
	"Indent":        {json.Indent, compat.Indent},
	"Marshal":       {json.Marshal, compat.Marshal},
	"MarshalIndent": {json.MarshalIndent, compat.MarshalIndent},
	"NewDecoder":    {json.NewDecoder, compat.NewDecoder},
	"NewEncoder":    {json.NewEncoder, compat.NewEncoder},
	"Unmarshal":     {json.Unmarshal, compat.Unmarshal},
	"Valid":         {json.Valid, compat.Valid},
}, onV2Funcs)

// withOnV2 adds the names that encoding/json exports only on encoding/json/v2
// (nil in the classic build) to the common ones.
func withOnV2[V any](common, onV2 map[string]V) map[string]V {
	maps.Copy(common, onV2)
	return common
}

// exports is the exported surface of a package as written in its source.
type exports struct {
	names   map[string]string
	methods map[string][]string
	files   []string
}

func parseExports(t *testing.T, dir string) exports {
	t.Helper()
	ex, err := apidiff.Parse(dir)
	if err != nil {
		t.Fatalf("reading package in %s: %v", dir, err)
	}
	return exports{ex.Names, ex.Methods, ex.Files}
}

func stdJSONDir(t *testing.T) string {
	t.Helper()
	dir, err := apidiff.StdDir("encoding/json")
	if err != nil {
		t.Fatalf("finding encoding/json source: %v", err)
	}
	return dir
}

func TestAPINames(t *testing.T) {
	std := parseExports(t, stdJSONDir(t))
	// Make sure the oracle's source is the implementation this build follows.
	onV2 := slices.ContainsFunc(std.files, func(f string) bool { return strings.HasPrefix(f, "v2_") })
	if onV2 != semantics.OnV2 || onV2 == slices.Contains(std.files, "encode.go") {
		t.Fatalf("encoding/json build selected %v; want the files of %s", std.files, semantics.Name)
	}
	ours := parseExports(t, ".")

	if diff := cmp.Diff(namesOf(std.names, nil), namesOf(ours.names, nil)); diff != "" {
		t.Errorf("exported names of compat differ from encoding/json (-want +got):\n%s", diff)
	}

	// Every name must be the same kind of thing; a type may be an alias.
	for name, kind := range std.names {
		got, ok := ours.names[name]
		if !ok {
			continue
		}
		if kind == "type" && got == "alias" {
			got = "type"
		}
		if got != kind {
			t.Errorf("compat.%s is a %s; encoding/json's is a %s", name, got, kind)
		}
	}

	// The reflection tables below must cover the whole API, so that a type or
	// function added to encoding/json shows up here.
	wantTypes := namesOf(std.names, []string{"type", "alias"})
	if diff := cmp.Diff(wantTypes, mapKeys(apiTypes)); diff != "" {
		t.Errorf("apiTypes does not list encoding/json's types (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(namesOf(std.names, []string{"func"}), mapKeys(apiFuncs)); diff != "" {
		t.Errorf("apiFuncs does not list encoding/json's functions (-want +got):\n%s", diff)
	}

	// Types that must be aliases are declared as aliases, and types compat
	// defines itself declare exactly encoding/json's methods.
	for name, at := range apiTypes {
		kind := ours.names[name]
		if at.alias && kind != "alias" {
			t.Errorf("compat.%s is declared as %q; want an alias of json.%s", name, kind, name)
		}
		if kind == "type" {
			if diff := cmp.Diff(std.methods[name], ours.methods[name]); diff != "" {
				t.Errorf("methods declared on compat.%s differ from encoding/json (-want +got):\n%s", name, diff)
			}
		}
	}
	// No exported methods on types that encoding/json does not have.
	for recv, ms := range ours.methods {
		if _, ok := std.names[recv]; !ok {
			t.Errorf("compat declares exported methods %v on %s, which encoding/json does not export", ms, recv)
		}
	}
}

func namesOf(m map[string]string, kinds []string) []string {
	var names []string
	for name, kind := range m {
		if kinds == nil || slices.Contains(kinds, kind) {
			names = append(names, name)
		}
	}
	slices.Sort(names)
	return names
}

func mapKeys[V any](m map[string]V) []string {
	var keys []string
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

func TestAPIAliases(t *testing.T) {
	for name, at := range apiTypes {
		if at.alias && at.json != at.compat {
			t.Errorf("reflect.TypeFor[compat.%s]() = %v; want %v", name, at.compat, at.json)
		}
	}
}

// signature writes a type the same way for both packages, so that
// *compat.Encoder and *json.Encoder compare equal.
func signature(t reflect.Type) string {
	return strings.ReplaceAll(t.String(), "compat.", "json.")
}

func methodSet(t reflect.Type) []string {
	var ms []string
	for m := range t.Methods() {
		ms = append(ms, m.Name+" "+signature(m.Type))
	}
	return ms
}

func exportedFields(t reflect.Type) []string {
	if t.Kind() != reflect.Struct {
		return nil
	}
	var fs []string
	for f := range t.Fields() {
		if f.IsExported() {
			fs = append(fs, f.Name+" "+signature(f.Type)+" "+string(f.Tag))
		}
	}
	return fs
}

func TestAPIMethodSets(t *testing.T) {
	for name, at := range apiTypes {
		if diff := cmp.Diff(at.json.Kind(), at.compat.Kind()); diff != "" {
			t.Errorf("kind of compat.%s (-want +got):\n%s", name, diff)
		}
		if diff := cmp.Diff(methodSet(at.json), methodSet(at.compat)); diff != "" {
			t.Errorf("method set of compat.%s (-want +got):\n%s", name, diff)
		}
		if diff := cmp.Diff(methodSet(reflect.PointerTo(at.json)), methodSet(reflect.PointerTo(at.compat))); diff != "" {
			t.Errorf("method set of *compat.%s (-want +got):\n%s", name, diff)
		}
		if diff := cmp.Diff(exportedFields(at.json), exportedFields(at.compat)); diff != "" {
			t.Errorf("exported fields of compat.%s (-want +got):\n%s", name, diff)
		}
	}
}

func TestAPIFuncSignatures(t *testing.T) {
	for name, fs := range apiFuncs {
		want, got := signature(reflect.TypeOf(fs[0])), signature(reflect.TypeOf(fs[1]))
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("signature of compat.%s (-want +got):\n%s", name, diff)
		}
	}
}

// TestAPIValuesCross checks that values made by one package are the other's:
// errors.As finds encoding/json's error types in compat's errors, and the
// other way round.
func TestAPIValuesCross(t *testing.T) {
	_, err := compat.Marshal(make(chan int))
	var jsonErr *json.UnsupportedTypeError
	if !errors.As(err, &jsonErr) {
		t.Errorf("compat.Marshal(chan) error %T does not match *json.UnsupportedTypeError", err)
	}
	//lint:ignore SA1026 the unsupported-type error is the case under test
	_, err = json.Marshal(make(chan int))
	var compatErr *compat.UnsupportedTypeError
	if !errors.As(err, &compatErr) {
		t.Errorf("json.Marshal(chan) error %T does not match *compat.UnsupportedTypeError", err)
	}

	var m json.Marshaler = compat.RawMessage(`{}`)
	//lint:ignore S1040 checks that the alias satisfies compat's interface, not only json's
	if _, ok := m.(compat.Marshaler); !ok {
		t.Errorf("compat.RawMessage is not a compat.Marshaler")
	}
}
