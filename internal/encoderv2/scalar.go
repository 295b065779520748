//go:build goexperiment.jsonv2 && go1.27

package encoderv2

import (
	"math"
	"time"

	"github.com/safejson/safejson/internal/mem"
	"github.com/safejson/safejson/internal/numfmt"
	"github.com/safejson/safejson/internal/wirev2"
	"github.com/safejson/safejson/timefmt"
)

func boolEnc(_ *state, b []byte, p mem.Ptr) ([]byte, bool) {
	if mem.Load[bool](p) {
		return append(b, "true"...), true
	}
	return append(b, "false"...), true
}

func intEnc[T int | int8 | int16 | int32 | int64](_ *state, b []byte, p mem.Ptr) ([]byte, bool) {
	return numfmt.AppendInt(b, int64(mem.Load[T](p))), true
}

func uintEnc[T uint | uint8 | uint16 | uint32 | uint64 | uintptr](_ *state, b []byte, p mem.Ptr) ([]byte, bool) {
	return numfmt.AppendUint(b, uint64(mem.Load[T](p))), true
}

func float64Enc(_ *state, b []byte, p mem.Ptr) ([]byte, bool) {
	f := mem.Load[float64](p)
	if math.IsInf(f, 0) || math.IsNaN(f) {
		return b, false
	}
	return numfmt.AppendFloat(b, f, 64), true
}

func float32Enc(_ *state, b []byte, p mem.Ptr) ([]byte, bool) {
	f := float64(mem.Load[float32](p))
	if math.IsInf(f, 0) || math.IsNaN(f) {
		return b, false
	}
	return numfmt.AppendFloat(b, f, 32), true
}

func stringEnc(_ *state, b []byte, p mem.Ptr) ([]byte, bool) {
	return wirev2.AppendQuote(b, mem.Load[string](p))
}

// timeEnc writes RFC 3339 with nanoseconds, as v2 does by default, or as
// the time options say (see AppendTime). The years and zone offsets that
// RFC 3339 cannot hold are v2 errors, left to v2; timefmt refuses them, and
// truncates a zone's seconds as v2 does.
func timeEnc(st *state, b []byte, p mem.Ptr) ([]byte, bool) {
	return AppendTime(b, mem.Load[time.Time](p), st.Options)
}

// AppendTime appends t as a JSON string under o's time options: RFC 3339
// with exactly o.TimeDigits fraction digits (truncated) if o.TimeFixed,
// else with v2's nanoseconds, trailing zeros dropped; in UTC if o.TimeUTC.
// It reports false for an instant timefmt cannot write.
func AppendTime(b []byte, t time.Time, o Options) ([]byte, bool) {
	n := len(b)
	b = append(b, '"')
	var err error
	if o.TimeFixed {
		b, err = timefmt.Append(b, t, o.TimeDigits, o.TimeUTC)
	} else {
		b, err = timefmt.AppendTrimmed(b, t, o.TimeUTC)
	}
	if err != nil {
		return b[:n], false
	}
	return append(b, '"'), true
}
