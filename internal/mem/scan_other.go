//go:build !amd64 || safejson_safe

package mem

// IndexDirty is the portable stand-in for the SSE2 scan: it scans nothing
// and leaves all of s to the caller's word-at-a-time loop.
func IndexDirty(s string, html, slash bool) int { return 0 }
