//go:build goexperiment.jsonv2 && go1.27

package typefuncs

import (
	jsonv2 "encoding/json/v2"
	"reflect"

	"github.com/safejson/safejson/internal/mem"
)

// Marshalers returns the types that the functions of the last
// WithMarshalers among opts apply to. Where it holds nil, v2 fails on it
// (Go 1.27.3 panics) as soon as it looks a function up, so it returns
// everything then, and the call goes to the standard library.
func Marshalers(opts []jsonv2.Options) []reflect.Type { return funcTypes(opts, jsonv2.WithMarshalers) }

// Unmarshalers is Marshalers for WithUnmarshalers.
func Unmarshalers(opts []jsonv2.Options) []reflect.Type {
	return funcTypes(opts, jsonv2.WithUnmarshalers)
}

// funcTypes returns the types of the functions in the last option among
// opts that setter makes: WithMarshalers or WithUnmarshalers.
func funcTypes[T any](opts []jsonv2.Options, setter func(*T) jsonv2.Options) []reflect.Type {
	var last *T
	for _, opt := range opts {
		if opt == nil {
			continue
		}
		if v, ok := jsonv2.GetOption(opt, setter); ok {
			last = v
		}
	}
	if last == nil {
		return everything
	}
	return typesOf(reflect.ValueOf(last).Elem())
}

// everything is what Marshalers and Unmarshalers return where no type may
// be left to the engine: a function for the empty interface would apply
// to every type.
var everything = []reflect.Type{reflect.TypeFor[any]()}

// typesOf reads the types of the functions that v, a Marshalers or
// Unmarshalers, holds: v2 keeps each function with its type in the
// unexported list fncVals, in a field typ. A build that cannot read them
// (no package unsafe), or a v2 that keeps them otherwise, gets
// everything, and its calls go to the standard library.
func typesOf(v reflect.Value) []reflect.Type {
	list := v.FieldByName("fncVals")
	if list.Kind() != reflect.Slice || list.Len() == 0 || list.Type().Elem().Kind() != reflect.Struct {
		return everything
	}
	types := make([]reflect.Type, list.Len())
	for i := range types {
		t, ok := mem.ReadType(list.Index(i).FieldByName("typ"))
		if !ok || t == nil {
			return everything
		}
		types[i] = t
	}
	return types
}
