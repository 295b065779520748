//go:build amd64 && !safejson_safe

package mem

import "unsafe"

//go:noescape
func indexDirty16(p *byte, n int, html, slash bool) int

// IndexDirty returns the index in s of the first byte that a JSON string
// writer must look at: a control byte, a byte >= 0x80, '"' or '\\', plus
// '<', '>' and '&' if html and '/' if slash. It may stop early, at the
// point where fewer than 16 bytes remain, so the caller must check the
// tail itself.
func IndexDirty(s string, html, slash bool) int {
	if len(s) < 16 {
		return 0
	}
	return indexDirty16(unsafe.StringData(s), len(s), html, slash)
}
