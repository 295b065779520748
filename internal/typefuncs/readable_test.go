//go:build goexperiment.jsonv2 && go1.27 && !safejson_safe

package typefuncs_test

import "reflect"

// readable returns the types that a build with package unsafe reads.
func readable(types ...reflect.Type) []reflect.Type { return types }
