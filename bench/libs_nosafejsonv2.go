//go:build !goexperiment.jsonv2 || !go1.27 || nosafejson

package bench

// safejsonV2Libraries is empty where compat/v2 does not exist (Go 1.26,
// GOEXPERIMENT=nojsonv2) or safejson is left out.
func safejsonV2Libraries() []Library { return nil }
