//go:build goexperiment.jsonv2 && go1.27

package methods

import (
	jsonv2 "encoding/json/v2"
	"reflect"
)

// Go 1.27's encoding/json, and encoding/json/v2, call the methods that
// stream through jsontext.
var (
	marshalerTo     = reflect.TypeFor[jsonv2.MarshalerTo]()
	unmarshalerFrom = reflect.TypeFor[jsonv2.UnmarshalerFrom]()
)
