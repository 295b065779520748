//go:build goexperiment.jsonv2 && go1.27 && !nosafejson

package bench

import (
	"encoding/json/jsontext"

	jsonv2 "github.com/safejson/safejson/compat/v2"
)

// safejsonV2Libraries returns safejson's compat/v2 with its default options,
// which must match stdv2 (map members in sorted order, one of the orders
// stdv2 may write).
func safejsonV2Libraries() []Library {
	return []Library{v2APILibrary("safejsonv2", jsonv2.Marshal, jsontext.NewEncoder, jsonv2.MarshalEncode, jsonv2.Unmarshal)}
}
