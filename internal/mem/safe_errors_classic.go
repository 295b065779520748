//go:build safejson_safe && !(goexperiment.jsonv2 && go1.27)

package mem

import "encoding/json"

// failingV2Method is failingMethod for the methods that only Go 1.27's
// encoding/json calls: none in this build.
func failingV2Method(method string, err error) any {
	panic("mem: encoding/json calls no " + method)
}

// syntaxErrorV2 is nil: Go 1.26's encoding/json makes syntax errors only
// from its own scanner (see syntaxErrorSources).
func syntaxErrorV2(string, int64) *json.SyntaxError { return nil }
