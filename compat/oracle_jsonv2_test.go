//go:build goexperiment.jsonv2

package compat_test

import "testing"

// With GOEXPERIMENT=jsonv2, encoding/json is v1 emulated on top of v2, which
// differs from the Go 1.26 default build that compat must match.
func TestOracleIsNotJSONv2(t *testing.T) {
	t.Fatal("the oracle is encoding/json built with GOEXPERIMENT=jsonv2; compat targets the default Go 1.26 build")
}
