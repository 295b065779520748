//go:build !(goexperiment.jsonv2 && go1.27)

package encoder

import "reflect"

// The v2 preset exists only where encoding/json/v2 does.

//lint:ignore U1000 state embeds it in every build
type v2State struct{}

func (c *compiler) fillV2(reflect.Type, flags, *typeEnc) {}
