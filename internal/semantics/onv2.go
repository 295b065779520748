//go:build goexperiment.jsonv2 && go1.27

package semantics

// OnV2 reports whether encoding/json is v1 implemented on encoding/json/v2.
const OnV2 = true

// Name names the encoding/json implementation this build follows, for reports.
const Name = "v1 on encoding/json/v2"
