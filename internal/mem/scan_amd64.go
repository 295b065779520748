//go:build amd64 && !safejson_safe

package mem

import "unsafe"

//go:noescape
func indexDirty16(p *byte, n int, mode int) int

// VectorScan says IndexDirty scans whole strings of 16 bytes or more.
const VectorScan = true

// IndexDirty returns the index in s of the first byte that a JSON string
// writer in the given mode must look at, or len(s). Every mode flags
// control bytes, bytes >= 0x80, '"' and '\\'; mode 1 adds '<', '>' and
// '&', and mode 2 adds '/' to those. Strings shorter than 16 bytes are
// left to the caller: for them it returns 0.
func IndexDirty(s string, mode int) int {
	if len(s) < 16 {
		return 0
	}
	return indexDirty16(unsafe.StringData(s), len(s), mode)
}
