//go:build !amd64 || safejson_safe

package mem

// AppendClean is the portable stand-in for the AVX2 copy: it appends
// nothing and leaves all of s to the caller.
func AppendClean(dst []byte, s string, mode int, seqs *[128]uint64) ([]byte, int) {
	return dst, 0
}

// AppendCleanShort is AppendClean's stand-in for short strings.
func AppendCleanShort(dst []byte, s string, mode int, seqs *[128]uint64) ([]byte, int) {
	return dst, 0
}

// SkipPlain is the portable stand-in for the AVX2 scan: it takes nothing
// and leaves all of b to the caller.
func SkipPlain(b []byte) int { return 0 }

// SkipScriptText is the portable stand-in for the AVX2 scan: it takes
// nothing and leaves all of b to the caller.
func SkipScriptText(b []byte) int { return 0 }
