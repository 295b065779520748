//go:build !goexperiment.jsonv2 || !go1.27

package syntax_test

// indentedByV2 is never called where encoding/json is Go 1.26's (see
// oracleIndentHangs).
func indentedByV2(src []byte, n int) []byte { return nil }
