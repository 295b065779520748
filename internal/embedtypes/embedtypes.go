// Package embedtypes holds the named types that the struct types of
// package conformance's generator embed: reflect.StructOf can embed only a
// named type. Their names are the embedded fields' names, and their field
// names overlap each other's and the generator's pool of names, so that
// generated types exercise encoding/json's rules of dominance and
// tagged-name precedence. None has methods, which StructOf cannot promote.
package embedtypes

// EmbA is embedded by value and by pointer, and by EmbC.
type EmbA struct {
	A int
	B string `json:"b"`
	X string
}

// EmbB is embedded by value and by pointer, and by EmbC through a pointer.
type EmbB struct {
	X int  `json:"X"`
	Y bool `json:",omitempty"`
	//lint:ignore U1000 an unexported field, which encoding/json skips
	b int
}

// EmbC nests the other two.
type EmbC struct {
	EmbA
	*EmbB
	Z float64 `json:"Z,omitempty"`
}

// Label is a named non-struct type, embedded as a field called Label.
type Label string
