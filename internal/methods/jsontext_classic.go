//go:build !(goexperiment.jsonv2 && go1.27)

package methods

import "reflect"

// Go 1.26's encoding/json calls no method that streams through jsontext.
var marshalerTo, unmarshalerFrom reflect.Type
