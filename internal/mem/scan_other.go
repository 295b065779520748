//go:build !amd64 || safejson_safe

package mem

// VectorScan says IndexDirty scans whole strings; the portable build has
// no vector scan.
const VectorScan = false

// IndexDirty is the portable stand-in for the SSE2 scan: it scans nothing
// and leaves all of s to the caller's word-at-a-time loop.
func IndexDirty(s string, mode int) int { return 0 }
