//go:build !(goexperiment.jsonv2 && go1.27)

package encoder

import "reflect"

// The v2 preset exists only where encoding/json/v2 does.

type v2State struct{}

func (c *compiler) fillV2(reflect.Type, flags, *typeEnc) {}
