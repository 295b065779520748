package compat_test

// Table tests for encoding. Each case is only a Go value: its expected output,
// in every mode of encodeModes, is what encoding/json produces at test time.
// This file holds the runner and the helpers that build cases; the tables are
// in the encode_*_test.go files, one topic each.

import (
	"reflect"
	"testing"
)

type encodeCase struct {
	name string
	in   any
}

func runEncodeCases(t *testing.T, cases []encodeCase) {
	t.Helper()
	runEncodeCasesModes(t, cases, encodeModes)
}

// compactModes leaves out indentation, whose output grows with the square of
// the nesting depth, for the very deep cases.
var compactModes = modesNamed("Marshal", "Encoder", "Encoder/noEscapeHTML")

func runEncodeCasesModes(t *testing.T, cases []encodeCase, modes []encodeMode) {
	t.Helper()
	seen := map[string]bool{}
	for _, tc := range cases {
		if seen[tc.name] {
			t.Fatalf("duplicate case name %q", tc.name)
		}
		seen[tc.name] = true
		t.Run(tc.name, func(t *testing.T) {
			for _, d := range encodeDiffsModes(tc.in, modes) {
				t.Errorf("%T %s", tc.in, d)
			}
		})
	}
}

func ptr[T any](v T) *T { return &v }

var intType = reflect.TypeFor[int]()

// newStruct builds a value of a struct type made with reflect.StructOf, for
// tags that go vet rejects in source and for names too long to write out.
func newStruct(fields []reflect.StructField, values ...any) any {
	v := reflect.New(reflect.StructOf(fields)).Elem()
	for i, x := range values {
		v.Field(i).Set(reflect.ValueOf(x))
	}
	return v.Interface()
}

func intField(name, tag string) reflect.StructField {
	return reflect.StructField{Name: name, Type: intType, Tag: reflect.StructTag(tag)}
}
