//go:build !goexperiment.jsonv2 || !go1.27

package grammar_test

// jsontextValid is jsontext's verdict on src, which this toolchain does not
// have: ok is false.
func jsontextValid(src []byte) (valid, ok bool) { return false, false }
