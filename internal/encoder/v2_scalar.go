//go:build goexperiment.jsonv2 && go1.27

package encoder

import (
	"time"

	"github.com/safejson/safejson/internal/mem"
	"github.com/safejson/safejson/internal/wirev2"
	"github.com/safejson/safejson/timefmt"
)

func stringEncV2(_ *state, b []byte, p mem.Ptr) ([]byte, error) {
	return quoteV2(b, mem.Load[string](p))
}

// quotedEnc writes what fn writes within quotes.
func quotedEnc(fn encFn) encFn {
	return func(st *state, b []byte, p mem.Ptr) ([]byte, error) {
		b, err := fn(st, append(b, '"'), p)
		return append(b, '"'), err
	}
}

// quoteV2 appends s quoted as v2 quotes it, or fails where v2 does (on
// invalid UTF-8).
func quoteV2(b []byte, s string) ([]byte, error) {
	b, ok := wirev2.AppendQuote(b, s)
	return b, leftToStd(ok)
}

// leftToStd is errToStd where ok is false.
func leftToStd(ok bool) error {
	if ok {
		return nil
	}
	return errToStd
}

// timeEncV2 writes RFC 3339 with nanoseconds, as v2 does by default, or as
// the time options say (see AppendTimeV2). The years and zone offsets that
// RFC 3339 cannot hold are v2 errors, left to v2; timefmt refuses them, and
// truncates a zone's seconds as v2 does.
func timeEncV2(st *state, b []byte, p mem.Ptr) ([]byte, error) {
	b, ok := AppendTimeV2(b, mem.Load[time.Time](p), st.OptionsV2)
	return b, leftToStd(ok)
}

// AppendTimeV2 appends t as a JSON string under o's time options: RFC 3339
// with exactly o.TimeDigits fraction digits (truncated) if o.TimeFixed,
// else with v2's nanoseconds, trailing zeros dropped; in UTC if o.TimeUTC.
// It reports false for an instant timefmt cannot write.
func AppendTimeV2(b []byte, t time.Time, o OptionsV2) ([]byte, bool) {
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
