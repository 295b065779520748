package encoder

import (
	"errors"
	"fmt"
	"reflect"
	"time"

	"github.com/safejson/safejson/internal/mem"
	"github.com/safejson/safejson/internal/semantics"
	"github.com/safejson/safejson/timefmt"
)

// Wherever encoding/json would call time.Time's MarshalJSON or MarshalText,
// the encoder writes the time itself: with no time options the bytes are
// the method's (RFC 3339, trailing zeros of the nanoseconds dropped); with
// them, fixed digits and or UTC. Either way it allocates nothing.

// timeMethodEnc wraps the method encoder call of a type whose method
// (MarshalJSON or MarshalText) is time.Time's. call runs where the path
// meets a nil pointer, so that the result (null, or a panic) is
// encoding/json's. Errors carry the method's own wording.
func timeMethodEnc(t reflect.Type, method string, tp timePath, call encFn) encFn {
	prefix := "Time." + method + ": "
	et := errorType(t)
	if semantics.OnV2 && isTime(t) {
		// v2 writes time.Time itself, not through its method, and its
		// errors say so.
		prefix, et, method = "", reflect.PointerTo(timeType), "MarshalJSON"
	}
	return func(st *state, b []byte, p mem.Ptr) ([]byte, bool) {
		tm := tp.resolve(p)
		if tm == nil {
			return call(st, b, p)
		}
		n := len(b)
		b, err := st.appendTime(append(b, '"'), mem.Load[time.Time](tm))
		if err != nil {
			return b[:n], st.fail(mem.NewMarshalerError(et, errors.New(prefix+err.Error()), method))
		}
		return append(b, '"'), true
	}
}

// isTime reports whether t is time.Time or a pointer to it (through any
// number of pointers).
func isTime(t reflect.Type) bool {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return t == timeType
}

// appendTime writes the time text under the call's options. Its characters
// never need escaping.
func (st *state) appendTime(b []byte, t time.Time) ([]byte, error) {
	if st.timeFixed {
		return timefmt.Append(b, t, st.timeDigits, st.timeUTC)
	}
	return timefmt.AppendTrimmed(b, t, st.timeUTC)
}

// timeKeyError is encoding/json's error for a map key whose MarshalText
// fails, for the failure of a time key.
func timeKeyError(mapType reflect.Type, err error) error {
	if semantics.OnV2 {
		return mem.NewMarshalerError(reflect.PointerTo(timeType), errors.New(err.Error()), "MarshalJSON")
	}
	return fmt.Errorf("json: encoding error for type %q: %q", mapType.String(), "Time.MarshalText: "+err.Error())
}
