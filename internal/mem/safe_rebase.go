//go:build safejson_safe

package mem

// Rebasable is false: a location here is a reflect.Value, which keeps the
// array it was taken from. Callers check Rebasable before they use Rebase.
const Rebasable = false

// Rebase is never called in the safe build (see Rebasable).
func Rebase(p, from, to Ptr, span uintptr) (Ptr, bool) {
	panic("mem: no rebasing in the safe build")
}

// Within is never called in the safe build (see Rebasable).
func Within(b, data []byte) bool { panic("mem: no addresses in the safe build") }
