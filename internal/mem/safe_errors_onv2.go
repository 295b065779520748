//go:build safejson_safe && goexperiment.jsonv2 && go1.27

package mem

import "encoding/json/jsontext"

// failingV2Method is failingMethod for the methods that only Go 1.27's
// encoding/json calls.
func failingV2Method(method string, err error) any {
	if method == "AppendText" {
		return failingAppend{err}
	}
	return failingJSONTo{err}
}

type failingJSONTo struct{ err error }

func (f failingJSONTo) MarshalJSONTo(*jsontext.Encoder) error { return f.err }

type failingAppend struct{ err error }

func (f failingAppend) AppendText(b []byte) ([]byte, error) { return b, f.err }
