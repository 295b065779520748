//go:build goexperiment.jsonv2 && go1.27

package bench

import (
	"encoding/json/jsontext"
	jsonv2 "encoding/json/v2"
)

// stdV2Libraries returns Go 1.27's encoding/json/v2 with its default
// options (no HTML escaping, unsorted map keys, nil slices and maps as []
// and {}). Under Go 1.27 "std" is encoding/json's v1 running on it.
func stdV2Libraries() []Library {
	return []Library{v2APILibrary("stdv2", jsonv2.Marshal, jsontext.NewEncoder, jsonv2.MarshalEncode, jsonv2.Unmarshal)}
}
