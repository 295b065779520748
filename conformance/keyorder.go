package conformance

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// mapKeysInOrder checks the order of the keys of the object that is the
// value of member field of the top-level object in b: a map's keys, which
// encoding/json sorts, and the policy sorts after formatting times.
func mapKeysInOrder(b []byte, field string) string {
	var top map[string]json.RawMessage
	if json.Unmarshal(b, &top) != nil || top[field] == nil {
		return ""
	}
	dec := json.NewDecoder(bytes.NewReader(top[field]))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return ""
	}
	var last string
	for i := 0; dec.More(); i++ {
		tok, err := dec.Token()
		if err != nil {
			return err.Error()
		}
		k := tok.(string)
		if i > 0 && last >= k {
			return fmt.Sprintf("map %s: keys %q and %q out of order", field, last, k)
		}
		last = k
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			return err.Error()
		}
	}
	return ""
}
