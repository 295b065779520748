// Package jsontest is test support: it describes encoding/json's errors
// in full, so that tests compare them as values, with cmp.Diff, and
// measures the nesting of JSON texts.
package jsontest

import (
	"encoding/json"
	"errors"
	"fmt"
)

// ErrorInfo describes an error in full: its type, message and, for the
// types that have them, offsets and paths.
type ErrorInfo struct {
	Type   string
	Msg    string
	Offset int64
	Value  string
	GoType string
	Struct string
	Field  string
}

// Describe returns err in full, or nil for nil.
func Describe(err error) *ErrorInfo {
	if err == nil {
		return nil
	}
	e := &ErrorInfo{Type: fmt.Sprintf("%T", err), Msg: err.Error()}
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		e.Offset = se.Offset
	case errors.As(err, &te):
		e.Offset, e.Value, e.Struct, e.Field = te.Offset, te.Value, te.Struct, te.Field
		if te.Type != nil {
			e.GoType = te.Type.String()
		}
	}
	return e
}

// BracketDepth is the deepest nesting of brackets and braces in text,
// counting those inside strings too: exact for texts whose strings hold
// none.
func BracketDepth(text []byte) int {
	depth, deepest := 0, 0
	for _, c := range text {
		switch c {
		case '[', '{':
			depth++
			deepest = max(deepest, depth)
		case ']', '}':
			depth--
		}
	}
	return deepest
}
