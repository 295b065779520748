package encoder

import "reflect"

// Field is one JSON object member of a struct type, as the decoder needs it.
type Field struct {
	Name   string
	Index  []int // path of field indexes from the outer struct
	Quoted bool  // the `,string` option applies
}

// Fields lists the members of struct type t in encoding/json's order, after
// its rules for tags, embedding and dominance. The decoder matches object
// keys against the same fields the encoder writes.
func Fields(t reflect.Type) []Field {
	fs := structFields(t)
	out := make([]Field, len(fs))
	for i, f := range fs {
		out[i] = Field{Name: f.name, Index: f.index, Quoted: f.quoted}
	}
	return out
}
