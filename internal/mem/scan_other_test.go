//go:build !amd64 || safejson_safe

package mem

// scansWhole says IndexDirty scans up to the last 16 bytes; the portable
// stand-in scans nothing.
const scansWhole = false
