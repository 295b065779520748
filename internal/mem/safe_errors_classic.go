//go:build safejson_safe && !(goexperiment.jsonv2 && go1.27)

package mem

// failingV2Method is failingMethod for the methods that only Go 1.27's
// encoding/json calls: none in this build.
func failingV2Method(method string, err error) any {
	panic("mem: encoding/json calls no " + method)
}
