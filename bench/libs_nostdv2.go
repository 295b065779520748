//go:build !goexperiment.jsonv2 || !go1.27

package bench

// stdV2Libraries is empty where the toolchain has no encoding/json/v2 (Go
// 1.26) or it is switched off (GOEXPERIMENT=nojsonv2).
func stdV2Libraries() []Library { return nil }
