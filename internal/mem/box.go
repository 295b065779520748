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
func (b *Boxes) Float(f float64) any {
	if len(b.floats) == cap(b.floats) {
		b.floats = make([]float64, 0, min(max(2*cap(b.floats), firstBoxes), maxBoxes))
	}
	b.floats = append(b.floats, f)
	return boxed(float64Type, unsafe.Pointer(&b.floats[len(b.floats)-1]))
}

// String returns s as an interface value.
func (b *Boxes) String(s string) any {
	if s == "" {
		return s // no allocation: the runtime boxes "" statically
	}
	if len(b.strs) == cap(b.strs) {
		b.strs = make([]string, 0, min(max(2*cap(b.strs), firstBoxes), maxBoxes))
	}
	b.strs = append(b.strs, s)
	return boxed(stringType, unsafe.Pointer(&b.strs[len(b.strs)-1]))
}

func boxed(typ, data Ptr) any {
	var x any
	*(*eface)(unsafe.Pointer(&x)) = eface{typ, data}
	return x
}

// Anys returns a as an interface value.
func (b *Boxes) Anys(a []any) any {
	if len(b.anys) == cap(b.anys) {
		b.anys = make([][]any, 0, min(max(2*cap(b.anys), firstBoxes), maxBoxes))
	}
	b.anys = append(b.anys, a)
	return boxed(anysType, unsafe.Pointer(&b.anys[len(b.anys)-1]))
}
