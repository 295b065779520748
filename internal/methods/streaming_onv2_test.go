//go:build goexperiment.jsonv2 && go1.27

package methods

import (
	"encoding/json/jsontext"
	"reflect"
	"testing"
)

type streaming struct{}

func (*streaming) MarshalJSONTo(*jsontext.Encoder) error     { return nil }
func (*streaming) UnmarshalJSONFrom(*jsontext.Decoder) error { return nil }

func TestOfStreaming(t *testing.T) {
	if got := Of(reflect.TypeFor[*streaming]()); got != MarshalJSONTo|UnmarshalJSONFrom {
		t.Errorf("Of(*streaming) = %#x", got)
	}
}
