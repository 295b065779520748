//go:build goexperiment.jsonv2 && go1.27

// Package v2opts reads the encoding/json/v2 options of a call, for the
// calls that safejson's v2 encoder and decoder run themselves: those whose
// options are only ones they apply.
package v2opts

import (
	"encoding/json"
	jsonv2 "encoding/json/v2"
)

// Flags are the settings of a call that safejson's v2 engines run, one
// bit each: the options Of reads, and the time settings of safejson's
// policies. The first three change a type's compiled encoder; the others
// are read as the call runs.
type Flags uint16

const (
	// NilSliceNull and NilMapNull are FormatNilSliceAsNull and
	// FormatNilMapAsNull, which only marshaling reads.
	NilSliceNull Flags = 1 << iota
	NilMapNull
	// Stringify is StringifyNumbers, which unmarshaling reads too: the
	// v2 decoder does not run with it.
	Stringify
	Sorted        // Deterministic, which only marshaling reads
	RejectUnknown // RejectUnknownMembers, which only unmarshaling reads
	// V1 is encoding/json's DefaultOptionsV1, with which Marshal and
	// Unmarshal are, by Go 1.27's definition, encoding/json's Marshal and
	// Unmarshal.
	V1
	// TimeFixed writes every time.Time with a fixed number of fraction
	// digits, and TimeUTC in UTC: safejson's policies, not v2 options.
	TimeFixed
	TimeUTC
)

// PerType are the flags that change a type's compiled encoder.
const PerType = NilSliceNull | NilMapNull | Stringify

// The options the engine runs. They are comparable values, so a call's
// options are compared with them; an interface holding another type never
// equals them.
var (
	deterministic    = jsonv2.Deterministic(true)
	nonDeterministic = jsonv2.Deterministic(false)
	rejectUnknown    = jsonv2.RejectUnknownMembers(true)
	acceptUnknown    = jsonv2.RejectUnknownMembers(false)
	v1               = json.DefaultOptionsV1()
	nilSliceNull     = jsonv2.FormatNilSliceAsNull(true)
	nilSliceEmpty    = jsonv2.FormatNilSliceAsNull(false)
	nilMapNull       = jsonv2.FormatNilMapAsNull(true)
	nilMapEmpty      = jsonv2.FormatNilMapAsNull(false)
	stringify        = jsonv2.StringifyNumbers(true)
	noStringify      = jsonv2.StringifyNumbers(false)
)

// Of reports whether safejson's engine can run a call with opts, and what
// they set (the last setting of each wins, as in v2). DefaultOptionsV1
// runs on the v1 engines only where the options leave encoding/json's
// defaults: no other setting of the flags it sets may follow it, and
// RejectUnknownMembers and StringifyNumbers, which it does not set, must
// be off.
func Of(opts []jsonv2.Options) (Flags, bool) {
	if len(opts) == 0 {
		return 0, true // the usual call, without a call of of
	}
	return of(opts)
}

func of(opts []jsonv2.Options) (Flags, bool) {
	var f Flags
	for _, opt := range opts {
		switch opt {
		case nil:
		case v1:
			// It sets the flags of encoding/json's defaults, and leaves
			// the others (RejectUnknownMembers, StringifyNumbers) be.
			f |= Sorted | NilSliceNull | NilMapNull | V1
		case stringify:
			f |= Stringify
		case noStringify:
			f &^= Stringify
		case nilSliceNull:
			f |= NilSliceNull
		case nilMapNull:
			f |= NilMapNull
		case nilSliceEmpty, nilMapEmpty, nonDeterministic:
			// Each undoes a flag DefaultOptionsV1 sets.
			if f&V1 != 0 {
				return 0, false
			}
			switch opt {
			case nilSliceEmpty:
				f &^= NilSliceNull
			case nilMapEmpty:
				f &^= NilMapNull
			default:
				f &^= Sorted
			}
		case deterministic:
			f |= Sorted
		case rejectUnknown:
			f |= RejectUnknown
		case acceptUnknown:
			f &^= RejectUnknown
		default:
			return 0, false
		}
	}
	if f&V1 != 0 && f&(RejectUnknown|Stringify) != 0 {
		return 0, false // not encoding/json's Marshal and Unmarshal
	}
	return f, true
}
