//go:build !safejson_safe

package mem

import "unsafe"

// Rebasable says a pointer into an array can be moved along with the
// array's elements (Rebase). The safe build's locations cannot.
const Rebasable = true

// Rebase returns where p points once the span bytes at from have been
// copied to to, and whether p pointed into them.
func Rebase(p, from, to Ptr, span uintptr) (Ptr, bool) {
	off := uintptr(p) - uintptr(from)
	if off >= span {
		return p, false
	}
	return unsafe.Add(to, off), true
}

// Within reports whether b is a part of the memory of data.
func Within(b, data []byte) bool {
	return len(b) > 0 && cap(data) > 0 &&
		uintptr(unsafe.Pointer(&b[0]))-uintptr(unsafe.Pointer(&data[:1][0])) < uintptr(len(data))
}
