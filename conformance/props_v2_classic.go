//go:build !goexperiment.jsonv2 || !go1.27

package conformance

// v2Properties is empty where encoding/json/v2 does not exist.
func v2Properties() []Property { return nil }
