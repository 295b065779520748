package mem

import "reflect"

// ZeroWord returns the IsEmpty offset, plus one, of the one word that
// reflect.Value.IsZero judges a value of type t by, or 0 if no one word
// does: a pointer, interface, map or slice is zero when nil (a slice's
// data word; an empty slice is not nil), a string when empty, and a
// word-sized integer when 0. It knows nothing of IsZero methods: callers
// check for those first.
func ZeroWord(t reflect.Type) uint8 {
	switch t.Kind() {
	case reflect.Pointer, reflect.Interface, reflect.Map, reflect.Slice:
		return 1
	case reflect.String:
		return 1 + uint8(LenOffset)
	case reflect.Int, reflect.Int64, reflect.Uint, reflect.Uint64, reflect.Uintptr:
		if t.Size() == WordSize {
			return 1
		}
	}
	return 0
}
