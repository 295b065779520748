//go:build amd64 && !safejson_safe

package mem

// scansWhole says IndexDirty scans up to the last 16 bytes (the SSE2 scan).
const scansWhole = true
