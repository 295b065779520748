//go:build nosafejson

package bench

func safejsonLibraries() []Library { return nil }
