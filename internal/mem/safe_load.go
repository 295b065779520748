//go:build safejson_safe

package mem

import (
	"fmt"
	"reflect"
)

// Load reads a value of type T at p: the value there if it has type T, or
// the value converted to T (a named type read as its underlying type, a
// slice of a named byte type as []byte, or a bool or integer read as an
// unsigned integer of its size).
func Load[T any](p Ptr) T {
	t := reflect.TypeFor[T]()
	v := p.find(like(t))
	if v.Type() != t {
		v = convert(v, t)
	}
	if !v.CanInterface() {
		v = copyScalar(v, t)
	}
	x, _ := v.Interface().(T)
	return x
}

func convert(v reflect.Value, t reflect.Type) reflect.Value {
	if v.Kind() == reflect.Bool && isUint(t.Kind()) {
		n := reflect.New(t).Elem()
		if v.Bool() {
			n.SetUint(1)
		}
		return n
	}
	if t.Kind() == reflect.Slice && t.Elem().Kind() == reflect.Uint8 && v.Kind() == reflect.Slice && v.Type().Elem().Kind() == reflect.Uint8 {
		// A slice of a named byte type, read as []byte.
		return reflect.ValueOf(v.Bytes()).Convert(t)
	}
	if !v.CanConvert(t) || v.Type().Size() != t.Size() {
		panic(fmt.Sprintf("mem: cannot read a %v as %v", v.Type(), t))
	}
	return v.Convert(t)
}

func isUint(k reflect.Kind) bool {
	switch k {
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return true
	}
	return false
}

// copyScalar copies a value that reflect will not hand out as an interface
// because it was reached through an unexported field.
func copyScalar(v reflect.Value, t reflect.Type) reflect.Value {
	c := reflect.New(t).Elem()
	switch t.Kind() {
	case reflect.Bool:
		c.SetBool(v.Bool())
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		c.SetInt(v.Int())
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		c.SetUint(v.Uint())
	case reflect.Float32, reflect.Float64:
		c.SetFloat(v.Float())
	case reflect.String:
		c.SetString(v.String())
	default:
		panic(fmt.Sprintf("mem: cannot read a %v reached through an unexported field", t))
	}
	return c
}

// ReadType returns the reflect.Type that v holds, v being a value of type
// reflect.Type. Without package unsafe only an exported one can be read.
func ReadType(v reflect.Value) (reflect.Type, bool) {
	if !v.IsValid() || !v.CanInterface() {
		return nil, false
	}
	t, ok := v.Interface().(reflect.Type)
	return t, ok
}
