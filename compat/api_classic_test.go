//go:build !goexperiment.jsonv2 || !go1.27

package compat_test

// The classic encoding/json exports nothing beyond the common API.
var (
	onV2Types map[string]apiType
	onV2Funcs map[string][2]any
)
