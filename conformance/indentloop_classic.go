//go:build !goexperiment.jsonv2 || !go1.27

package conformance

// indentLoops reports whether encoding/json.Indent never returns on src:
// the classic implementation always returns.
func indentLoops(src []byte, prefix, indent string) bool { return false }
