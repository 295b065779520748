//go:build goexperiment.jsonv2 && go1.27

// Package v2opts reads the encoding/json/v2 options of a call, for the
// calls that safejson's v2 encoder and decoder run themselves: those whose
// options are only ones they apply.
package v2opts

import (
	"encoding/json"
	jsonv2 "encoding/json/v2"
)

// Engine is what safejson's v2 engine makes of a call's options.
type Engine struct {
	Sorted        bool // Deterministic, which only marshaling reads
	RejectUnknown bool // RejectUnknownMembers, which only unmarshaling reads
	// NilSliceNull and NilMapNull are FormatNilSliceAsNull and
	// FormatNilMapAsNull, which only marshaling reads.
	NilSliceNull, NilMapNull bool
	// Stringify is StringifyNumbers, which unmarshaling reads too: the
	// v2 decoder does not run with it.
	Stringify bool
	// V1 is encoding/json's DefaultOptionsV1, with which Marshal and
	// Unmarshal are, by Go 1.27's definition, encoding/json's Marshal and
	// Unmarshal.
	V1 bool
}

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
func Of(opts []jsonv2.Options) (Engine, bool) {
	if len(opts) == 0 {
		return Engine{}, true // the usual call, without a call of of
	}
	return of(opts)
}

func of(opts []jsonv2.Options) (Engine, bool) {
	var e Engine
	for _, opt := range opts {
		switch opt {
		case nil:
		case v1:
			// It sets the flags of encoding/json's defaults, and leaves
			// the others (RejectUnknownMembers, StringifyNumbers) be.
			e.Sorted, e.NilSliceNull, e.NilMapNull, e.V1 = true, true, true, true
		case stringify:
			e.Stringify = true
		case noStringify:
			e.Stringify = false
		case nilSliceNull:
			e.NilSliceNull = true
		case nilMapNull:
			e.NilMapNull = true
		case nilSliceEmpty, nilMapEmpty:
			if e.V1 {
				return Engine{}, false
			}
			if opt == nilSliceEmpty {
				e.NilSliceNull = false
			} else {
				e.NilMapNull = false
			}
		case deterministic:
			e.Sorted = true
		case nonDeterministic:
			if e.V1 {
				return Engine{}, false
			}
			e.Sorted = false
		case rejectUnknown:
			e.RejectUnknown = true
		case acceptUnknown:
			e.RejectUnknown = false
		default:
			return Engine{}, false
		}
	}
	if e.V1 && (e.RejectUnknown || e.Stringify) {
		return Engine{}, false // not encoding/json's Marshal and Unmarshal
	}
	return e, true
}
