//go:build goexperiment.jsonv2 && !go1.27

package compat_test

import "testing"

// Go 1.26 with GOEXPERIMENT=jsonv2 builds a preview of v1 on v2 that compat
// does not follow (see internal/semantics).
func TestOracleIsNotJSONv2Preview(t *testing.T) {
	t.Fatal("the oracle is Go 1.26's GOEXPERIMENT=jsonv2 preview, which compat does not follow; use Go 1.27, or Go 1.26 without the experiment")
}
