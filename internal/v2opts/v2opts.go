//go:build goexperiment.jsonv2 && go1.27

// Package v2opts reads the encoding/json/v2 options of a call, for the
// calls that safejson's v2 encoder and decoder run themselves: those whose
// options are only ones they apply.
package v2opts

import (
	"encoding/json"
	"encoding/json/jsontext"
	jsonv2 "encoding/json/v2"
	"reflect"
)

// Flags are the settings of a call that safejson's v2 engines run, one
// bit each: the options Of reads, and the time settings of safejson's
// policies. The first four change a type's compiled encoder; the others
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
	OmitZeroFields // OmitZeroStructFields, which only marshaling reads
	Sorted         // Deterministic, which only marshaling reads
	RejectUnknown  // RejectUnknownMembers, which only unmarshaling reads
	// V1 is encoding/json's DefaultOptionsV1, with which Marshal and
	// Unmarshal are, by Go 1.27's definition, encoding/json's Marshal and
	// Unmarshal.
	V1
	// TimeFixed writes every time.Time with a fixed number of fraction
	// digits, and TimeUTC in UTC: safejson's policies, not v2 options.
	TimeFixed
	TimeUTC
	// Multiline is jsontext's Multiline, which WithIndent and
	// WithIndentPrefix set: the output is laid out as Layout says.
	Multiline
	// EscapeHTML and EscapeJS are jsontext's EscapeForHTML and
	// EscapeForJS.
	EscapeHTML
	EscapeJS
	// AllowInvalidUTF8 is jsontext's AllowInvalidUTF8: strings are
	// written with each byte of invalid UTF-8 as U+FFFD.
	AllowInvalidUTF8
)

// Text are the flags that change the text of a call's output after it is
// written compact, with v2's default escaping.
const Text = Multiline | EscapeHTML | EscapeJS

// PerType are the flags that change a type's compiled encoder.
const PerType = NilSliceNull | NilMapNull | Stringify | OmitZeroFields

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
	omitZeroFields   = jsonv2.OmitZeroStructFields(true)
	keepZeroFields   = jsonv2.OmitZeroStructFields(false)
	multiline        = jsontext.Multiline(true)
	singleLine       = jsontext.Multiline(false)
	escapeHTML       = jsontext.EscapeForHTML(true)
	noEscapeHTML     = jsontext.EscapeForHTML(false)
	escapeJS         = jsontext.EscapeForJS(true)
	noEscapeJS       = jsontext.EscapeForJS(false)
	allowInvalid     = jsontext.AllowInvalidUTF8(true)
	rejectInvalid    = jsontext.AllowInvalidUTF8(false)
)

// joinable are the settings with a bool the engine runs, as they are read
// from an option that joins several (see joined).
var joinable = [...]struct {
	setter func(bool) jsonv2.Options
	flag   Flags
}{
	{jsonv2.Deterministic, Sorted},
	{jsonv2.RejectUnknownMembers, RejectUnknown},
	{jsonv2.FormatNilSliceAsNull, NilSliceNull},
	{jsonv2.FormatNilMapAsNull, NilMapNull},
	{jsonv2.StringifyNumbers, Stringify},
	{jsonv2.OmitZeroStructFields, OmitZeroFields},
	{jsontext.Multiline, Multiline},
	{jsontext.EscapeForHTML, EscapeHTML},
	{jsontext.EscapeForJS, EscapeJS},
	{jsontext.AllowInvalidUTF8, AllowInvalidUTF8},
}

// Of reports whether safejson's engine can run a call with opts, and what
// they set (the last setting of each wins, as in v2). DefaultOptionsV1
// runs on the v1 engines only where the options leave encoding/json's
// defaults: no other setting of the flags it sets may follow it, and
// RejectUnknownMembers, StringifyNumbers and Multiline, which it does not
// set, must be off (OmitZeroStructFields too). Options that join several settings (JoinOptions,
// WithIndent, WithIndentPrefix) run where each of their settings does.
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
			// It sets the flags of encoding/json's defaults, escaping
			// among them, and leaves the others (RejectUnknownMembers,
			// StringifyNumbers) be. The v1 engines escape as it does.
			f = f&^(EscapeHTML|EscapeJS|AllowInvalidUTF8) | Sorted | NilSliceNull | NilMapNull | V1
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
		case omitZeroFields:
			f |= OmitZeroFields
		case keepZeroFields:
			f &^= OmitZeroFields
		case multiline:
			f |= Multiline
		case singleLine:
			f &^= Multiline
		case escapeHTML, noEscapeHTML, escapeJS, noEscapeJS, allowInvalid, rejectInvalid:
			if f&V1 != 0 {
				return 0, false // a change to encoding/json's strings
			}
			switch opt {
			case escapeHTML:
				f |= EscapeHTML
			case noEscapeHTML:
				f &^= EscapeHTML
			case escapeJS:
				f |= EscapeJS
			case noEscapeJS:
				f &^= EscapeJS
			case allowInvalid:
				f |= AllowInvalidUTF8
			default:
				f &^= AllowInvalidUTF8
			}
		default:
			set, clear, ok := joined(opt)
			if !ok || f&V1 != 0 {
				return 0, false
			}
			f = f&^clear | set
		}
	}
	if f&V1 != 0 && f&(RejectUnknown|Stringify|OmitZeroFields|Multiline) != 0 {
		return 0, false // not encoding/json's Marshal and Unmarshal
	}
	return f, true
}

// joined reads an option other than the comparable values above, such as
// WithIndent, WithIndentPrefix and JoinOptions return: the flags it sets
// and clears, and whether everything it holds is a setting of joinable's
// or the layout's. It rebuilds the option from what it reads and compares
// the two, so that a setting it does not know makes it report false.
func joined(opt jsonv2.Options) (set, clear Flags, ok bool) {
	if reflect.ValueOf(opt).Kind() != reflect.Pointer {
		// One setting: the comparable ones are in Of's switch, so this
		// is WithIndent or WithIndentPrefix (which set Multiline), or
		// one the engine does not run.
		if s, ok := jsonv2.GetOption(opt, jsontext.WithIndent); ok {
			return Multiline, 0, opt == jsontext.WithIndent(s)
		}
		if s, ok := jsonv2.GetOption(opt, jsontext.WithIndentPrefix); ok {
			return Multiline, 0, opt == jsontext.WithIndentPrefix(s)
		}
		return 0, 0, false
	}
	var parts [len(joinable) + 2]jsonv2.Options
	n := 0
	// The layout first: WithIndent sets Multiline, which a later setting
	// in opt may have cleared.
	if s, ok := jsonv2.GetOption(opt, jsontext.WithIndentPrefix); ok {
		parts[n] = jsontext.WithIndentPrefix(s)
		n++
	}
	if s, ok := jsonv2.GetOption(opt, jsontext.WithIndent); ok {
		parts[n] = jsontext.WithIndent(s)
		n++
	}
	for _, j := range joinable {
		b, ok := jsonv2.GetOption(opt, j.setter)
		if !ok {
			continue
		}
		parts[n] = j.setter(b)
		n++
		if b {
			set |= j.flag
		} else {
			clear |= j.flag
		}
	}
	if n == 0 {
		return 0, 0, false
	}
	v := reflect.ValueOf(opt)
	rebuilt := reflect.ValueOf(jsonv2.JoinOptions(parts[:n]...))
	return set, clear, !v.IsNil() && rebuilt.Type() == v.Type() && rebuilt.Elem().Equal(v.Elem())
}

// Layout returns the indent prefix and the indent of a call with opts
// whose flags have Multiline: jsontext's default indent is a tab.
func Layout(opts []jsonv2.Options) (prefix, indent string) {
	indent = "\t"
	// The last setting of each wins; reading option by option joins none.
	for _, opt := range opts {
		if opt == nil {
			continue
		}
		if s, ok := jsonv2.GetOption(opt, jsontext.WithIndentPrefix); ok {
			prefix = s
		}
		if s, ok := jsonv2.GetOption(opt, jsontext.WithIndent); ok {
			indent = s
		}
	}
	return prefix, indent
}
