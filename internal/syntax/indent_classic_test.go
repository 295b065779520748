//go:build !goexperiment.jsonv2 || !go1.27

package syntax_test

import "github.com/safejson/safejson/internal/syntax"

// indentedByV2 is never called where encoding/json is Go 1.26's (see
// oracleIndentHangs).
func indentedByV2(src []byte, n int) []byte { return nil }

// formattedByV2 has no oracle where encoding/json is Go 1.26's: there is
// no jsontext.
func formattedByV2(src []byte, l syntax.Layout) ([]byte, bool) { return nil, false }
