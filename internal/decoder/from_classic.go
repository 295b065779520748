//go:build !goexperiment.jsonv2 || !go1.27

package decoder

import (
	"reflect"

	"github.com/safejson/safejson/internal/mem"
)

// transformForeign leaves a method's error as it is.
func transformForeign(_ reflect.Type, err error) error { return err }

// fromState is empty: no UnmarshalJSONFrom method is called.
type fromState struct{}

// callUnmarshalJSONFrom is never called in this build.
func (d *decodeState) callUnmarshalJSONFrom(_ reflect.Type, p mem.Ptr, errType reflect.Type, fallback targetFn) error {
	return fallback(d, p, errType)
}
