package fields

import (
	"reflect"
	"time"
)

// MapKey is how encoding/json/v2 writes a map's keys as member names, and
// reads names back into keys, for the key kinds safejson's v2 engine
// takes; the caller first rules out key types with methods v2 calls.
type MapKey uint8

const (
	MapKeyOther  MapKey = iota // any other kind, or time.Duration
	MapKeyString               // the string itself
	MapKeyInt                  // a signed integer, as decimal digits
	MapKeyUint                 // an unsigned integer, as decimal digits
)

// MapKeyOf returns the MapKey of key type t. time.Duration is MapKeyOther:
// v2 has no default representation for it, and fails.
func MapKeyOf(t reflect.Type) MapKey {
	if t == reflect.TypeFor[time.Duration]() {
		return MapKeyOther
	}
	return KeyKind(t)
}

// KeyKind returns the MapKey of t's kind, as encoding/json v1 reads keys:
// time.Duration is an integer like any other.
func KeyKind(t reflect.Type) MapKey {
	switch t.Kind() {
	case reflect.String:
		return MapKeyString
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return MapKeyInt
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return MapKeyUint
	}
	return MapKeyOther
}
