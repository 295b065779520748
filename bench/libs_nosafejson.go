//go:build nosafejson

package bench

func safejsonLibraries() []Library { return nil }

func policyLibraries() []Library { return nil }
