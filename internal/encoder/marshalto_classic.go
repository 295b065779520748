//go:build !(goexperiment.jsonv2 && go1.27)

package encoder

import "reflect"

// MarshalJSONTo methods take a jsontext.Encoder, which exists only where
// Go 1.27's encoding/json calls them (see marshalto_onv2.go).

func marshalToEnc(t reflect.Type, viaPointer bool, next encFn) encFn { return next }

func rawEmbedError([]byte) string { return "" }
