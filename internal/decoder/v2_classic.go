//go:build !(goexperiment.jsonv2 && go1.27)

package decoder

// The v2 preset exists only where encoding/json/v2 does; the structs of
// every build embed its parts.

//lint:ignore U1000 decodeState embeds it in every build
type v2State struct{}

//lint:ignore U1000 decodeState embeds it in every build
type v2Strings struct{}

//lint:ignore U1000 typeDec embeds it in every build
type typeDecV2 struct{}

//lint:ignore U1000 compiler embeds it in every build
type compilerV2 struct{}
