//go:build goexperiment.jsonv2 && go1.27

// Package v2opts reads the encoding/json/v2 options of a call, for the
// calls that safejson's v2 encoder and decoder run themselves: those whose
// options are only ones they apply.
package v2opts

import jsonv2 "encoding/json/v2"

// Engine is what safejson's v2 engine makes of a call's options.
type Engine struct {
	Sorted        bool // Deterministic, which only marshaling reads
	RejectUnknown bool // RejectUnknownMembers, which only unmarshaling reads
}

// The options the engine runs. They are comparable values, so a call's
// options are compared with them; an interface holding another type never
// equals them.
var (
	deterministic    = jsonv2.Deterministic(true)
	nonDeterministic = jsonv2.Deterministic(false)
	rejectUnknown    = jsonv2.RejectUnknownMembers(true)
	acceptUnknown    = jsonv2.RejectUnknownMembers(false)
)

// Of reports whether safejson's engine can run a call with opts, and what
// they set (the last setting of each wins, as in v2).
func Of(opts []jsonv2.Options) (Engine, bool) {
	var e Engine
	for _, opt := range opts {
		switch opt {
		case nil:
		case deterministic:
			e.Sorted = true
		case nonDeterministic:
			e.Sorted = false
		case rejectUnknown:
			e.RejectUnknown = true
		case acceptUnknown:
			e.RejectUnknown = false
		default:
			return Engine{}, false
		}
	}
	return e, true
}
