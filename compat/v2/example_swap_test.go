//go:build goexperiment.jsonv2 && go1.27

package json_test

import (
	"fmt"

	"github.com/safejson/safejson/compat/jsontext"
	json "github.com/safejson/safejson/compat/v2"
)

// Code written for encoding/json/v2 and encoding/json/jsontext swaps its
// imports; options from both packages mix as they do in the standard library.
func Example_importSwap() {
	v := map[string][]int{"b": {2}, "a": nil}
	b, err := json.Marshal(v, json.Deterministic(true), jsontext.Multiline(true))
	fmt.Println(string(b), err)
	// Output:
	// {
	// 	"a": [],
	// 	"b": [
	// 		2
	// 	]
	// } <nil>
}
