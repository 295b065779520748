//go:build goexperiment.jsonv2 && go1.27

package encoder

import (
	"time"

	"github.com/safejson/safejson/internal/mem"
	"github.com/safejson/safejson/internal/v2opts"
	"github.com/safejson/safejson/internal/wirev2"
	"github.com/safejson/safejson/timefmt"
)

func stringEncV2(st *state, b []byte, p mem.Ptr) ([]byte, bool) {
	return st.quoteV2(b, mem.Load[string](p))
}

// quotedEnc writes what fn writes within quotes.
func quotedEnc(fn encFn) encFn {
	return func(st *state, b []byte, p mem.Ptr) ([]byte, bool) {
		b, ok := fn(st, append(b, '"'), p)
		return append(b, '"'), ok
	}
}

// quoteV2 appends s quoted as v2 quotes it, or fails where v2 does (on
// invalid UTF-8, without AllowInvalidUTF8).
func (st *state) quoteV2(b []byte, s string) ([]byte, bool) {
	n := len(b)
	b, ok := wirev2.AppendQuote(b, s)
	if !ok {
		return st.quoteInvalidV2(b[:n], s)
	}
	return b, true
}

// quoteInvalidV2 is quoteV2 for a string AppendQuote refused, invalid
// UTF-8: with AllowInvalidUTF8, v2 writes each byte of it as U+FFFD.
func (st *state) quoteInvalidV2(b []byte, s string) ([]byte, bool) {
	if st.Flags&v2opts.AllowInvalidUTF8 == 0 {
		return b, false
	}
	return wirev2.AppendQuote(b, wirev2.ReplaceInvalid(s))
}

// timeEncV2 writes RFC 3339 with nanoseconds, as v2 does by default, or as
// the time options say (see AppendTimeV2). The years and zone offsets that
// RFC 3339 cannot hold are v2 errors, left to v2; timefmt refuses them, and
// truncates a zone's seconds as v2 does.
func timeEncV2(st *state, b []byte, p mem.Ptr) ([]byte, bool) {
	return AppendTimeV2(b, mem.Load[time.Time](p), st.OptionsV2)
}

// AppendTimeV2 appends t as a JSON string under o's time options: RFC 3339
// with exactly o.TimeDigits fraction digits (truncated) with
// v2opts.TimeFixed, else with v2's nanoseconds, trailing zeros dropped; in
// UTC with v2opts.TimeUTC.
// It reports false for an instant timefmt cannot write.
func AppendTimeV2(b []byte, t time.Time, o OptionsV2) ([]byte, bool) {
	n := len(b)
	b = append(b, '"')
	var err error
	utc := o.Flags&v2opts.TimeUTC != 0
	if o.Flags&v2opts.TimeFixed != 0 {
		b, err = timefmt.Append(b, t, o.TimeDigits, utc)
	} else {
		b, err = timefmt.AppendTrimmed(b, t, utc)
	}
	if err != nil {
		return b[:n], false
	}
	return append(b, '"'), true
}
