//go:build safejson_safe

package mem

// Boxes makes interface values that hold float64s, strings and []any; the safe
// build converts each on its own.
type Boxes struct{}

// Float returns f as an interface value.
func (b *Boxes) Float(f float64) any { return f }

// String returns s as an interface value.
func (b *Boxes) String(s string) any { return s }

// Anys returns a as an interface value.
func (b *Boxes) Anys(a []any) any { return a }
