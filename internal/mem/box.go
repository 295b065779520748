//go:build !safejson_safe

package mem

import "unsafe"

// Boxes makes interface values that hold float64s, strings and []any. An
// interface holds such a value through a pointer, and converting one
// allocates that box each time; Boxes cuts the boxes out of shared arrays
// instead, so that a document decoded into any costs a few allocations
// for all its numbers and strings. A value kept keeps its array alive.
type Boxes struct {
	floats []float64
	strs   []string
	anys   [][]any
}

// Box arrays double from firstBoxes to maxBoxes values.
const (
	firstBoxes = 8
	maxBoxes   = 512
)

var (
	float64Type = typeWord(0.0)
	stringType  = typeWord("")
	anysType    = typeWord([]any(nil))
)

func typeWord(x any) Ptr { return (*eface)(unsafe.Pointer(&x)).typ }

// Float returns f as an interface value.
func (b *Boxes) Float(f float64) any { return box(&b.floats, f, float64Type) }

// String returns s as an interface value.
func (b *Boxes) String(s string) any {
	if s == "" {
		return s // no allocation: the runtime boxes "" statically
	}
	return box(&b.strs, s, stringType)
}

// Anys returns a as an interface value.
func (b *Boxes) Anys(a []any) any { return box(&b.anys, a, anysType) }

// box stores v in the array arr cuts boxes from, starting a new array when
// it is full, and returns an interface of type typ holding it there.
func box[T any](arr *[]T, v T, typ Ptr) any {
	if len(*arr) == cap(*arr) {
		*arr = make([]T, 0, min(max(2*cap(*arr), firstBoxes), maxBoxes))
	}
	*arr = append(*arr, v)
	var x any
	*(*eface)(unsafe.Pointer(&x)) = eface{typ, unsafe.Pointer(&(*arr)[len(*arr)-1])}
	return x
}
