//go:build goexperiment.jsonv2 && go1.27 && safejson_safe

package typefuncs_test

import "reflect"

// readable returns what a build without package unsafe reads in place of
// types: none, so the empty interface, whose functions apply everywhere.
func readable(...reflect.Type) []reflect.Type { return []reflect.Type{reflect.TypeFor[any]()} }
