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
type Flags uint32

const (
	// NilSliceNull and NilMapNull are FormatNilSliceAsNull and
	// FormatNilMapAsNull, which only marshaling reads.
	NilSliceNull Flags = 1 << iota
	NilMapNull
	// Stringify is StringifyNumbers, which unmarshaling reads too: the
	// decoder compiles types apart under it.
	Stringify
	OmitZeroFields // OmitZeroStructFields, which only marshaling reads
	Sorted         // Deterministic, which only marshaling reads
	RejectUnknown  // RejectUnknownMembers, which only unmarshaling reads
	// V1 is encoding/json's DefaultOptionsV1, with which Marshal and
	// Unmarshal are, by Go 1.27's definition, encoding/json's Marshal and
	// Unmarshal.
	V1
	// TimeFixed writes every time.Time with a fixed number of fraction
	// digits, TimeUTC in UTC, and ScriptSafe makes the text's strings
	// script-safe: safejson's policies, not v2 options.
	TimeFixed
	TimeUTC
	ScriptSafe
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
	// SpaceColon and SpaceComma write a space after each colon and each
	// comma: jsontext's SpaceAfterColon and SpaceAfterComma, with the
	// default that Multiline gives the first (see Of).
	SpaceColon
	SpaceComma
	// MatchCase is MatchCaseInsensitiveNames: a member whose name no
	// field has exactly goes to the fields whose names it matches up to
	// case, dashes and underscores.
	MatchCase
	// AllowDuplicates is jsontext's AllowDuplicateNames. Both engines
	// still meet every repeated name, and leave the call then to the
	// standard library, which decides what the option makes of it.
	AllowDuplicates
	// RawText says one of jsontext's options that rewrite raw text is on:
	// CanonicalizeRawInts, CanonicalizeRawFloats, PreserveRawStrings or
	// ReorderRawObjects. They change only what WriteValue makes of the
	// text of MarshalJSON methods and json.Number, which the encoder then
	// leaves to v2; decoding ignores them.
	RawText
	// MarshalFuncs and UnmarshalFuncs say the call has WithMarshalers or
	// WithUnmarshalers: the engines run it only where none of the last
	// one's functions applies to a type the value reaches (see
	// typefuncs).
	MarshalFuncs
	UnmarshalFuncs

	// While Of reads the options: colonSet says SpaceAfterColon was
	// given (Multiline sets SpaceColon only where it was not),
	// legacyGiven that one of encoding/json's legacy options was and no
	// DefaultOptionsV1 came after it, and the last four are the raw-text
	// options, which RawText sums up.
	colonSet
	legacyGiven
	canonInts
	canonFloats
	preserveRaw
	reorderRaw
)

// rawOptions are the flags of the options that RawText sums up.
const rawOptions = canonInts | canonFloats | preserveRaw | reorderRaw

// Text are the flags that change the text of a call's output after it is
// written compact, with v2's default escaping.
const Text = Multiline | EscapeHTML | EscapeJS | SpaceColon | SpaceComma

// Whitespace are the flags of the layout: the text is written compact and
// then laid out, under DefaultOptionsV1 as under any other options.
const Whitespace = Multiline | SpaceColon | SpaceComma

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
	spaceColon       = jsontext.SpaceAfterColon(true)
	noSpaceColon     = jsontext.SpaceAfterColon(false)
	spaceComma       = jsontext.SpaceAfterComma(true)
	noSpaceComma     = jsontext.SpaceAfterComma(false)
	matchCase        = jsonv2.MatchCaseInsensitiveNames(true)
	exactCase        = jsonv2.MatchCaseInsensitiveNames(false)
	allowDuplicates  = jsontext.AllowDuplicateNames(true)
	rejectDuplicates = jsontext.AllowDuplicateNames(false)
	preserveStrings  = jsontext.PreserveRawStrings(true)
	rewriteStrings   = jsontext.PreserveRawStrings(false)
)

// legacySetters are encoding/json's options of its legacy semantics, all
// of which DefaultOptionsV1 sets to true.
var legacySetters = [...]func(bool) jsonv2.Options{
	json.CallMethodsWithLegacySemantics,
	json.FormatByteArrayAsArray,
	json.FormatBytesWithLegacySemantics,
	json.FormatDurationAsNano,
	json.MatchCaseSensitiveDelimiter,
	json.MergeWithLegacySemantics,
	json.OmitEmptyWithLegacySemantics,
	json.ParseBytesWithLooseRFC4648,
	json.ParseTimeWithLooseRFC3339,
	json.ReportErrorsWithLegacySemantics,
	json.StringifyWithLegacySemantics,
	json.UnmarshalArrayFromAnyLength,
}

// isLegacy reports whether opt sets one of legacySetters' options, and to
// what.
func isLegacy(opt jsonv2.Options) (legacy, value bool) {
	for _, setter := range legacySetters {
		if b, ok := jsonv2.GetOption(opt, setter); ok && opt == setter(b) {
			return true, b
		}
	}
	return false, false
}

// v1Defaults are the settings other than the legacy ones that
// DefaultOptionsV1 makes, each to true: after it, each changes nothing.
var v1Defaults = [...]jsonv2.Options{
	jsontext.AllowDuplicateNames(true),
	jsontext.AllowInvalidUTF8(true),
	jsontext.EscapeForHTML(true),
	jsontext.EscapeForJS(true),
	jsontext.PreserveRawStrings(true),
	jsonv2.Deterministic(true),
	jsonv2.FormatNilMapAsNull(true),
	jsonv2.FormatNilSliceAsNull(true),
	jsonv2.MatchCaseInsensitiveNames(true),
}

// isV1Default reports whether opt is one of v1Defaults.
func isV1Default(opt jsonv2.Options) bool {
	for _, d := range v1Defaults {
		if opt == d {
			return true
		}
	}
	return false
}

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
	{jsontext.SpaceAfterColon, SpaceColon},
	{jsontext.SpaceAfterComma, SpaceComma},
	{jsonv2.MatchCaseInsensitiveNames, MatchCase},
	{jsontext.AllowDuplicateNames, AllowDuplicates},
	{jsontext.CanonicalizeRawInts, canonInts},
	{jsontext.CanonicalizeRawFloats, canonFloats},
	{jsontext.PreserveRawStrings, preserveRaw},
	{jsontext.ReorderRawObjects, reorderRaw},
}

// Of reports whether safejson's engine can run a call with opts, and what
// they set (the last setting of each wins, as in v2). DefaultOptionsV1
// runs on the v1 engines only where the options leave encoding/json's
// defaults: after it, only its own settings (encoding/json's legacy
// options and the others it sets to true, which then change nothing) and
// the layout's may follow, and RejectUnknownMembers, StringifyNumbers and
// OmitZeroStructFields, which it does not set, must be off. Its text is
// laid out as any other. Options that join
// several settings (JoinOptions, WithIndent, WithIndentPrefix) run where
// each of their settings does. As in jsontext, Multiline puts a space
// after each colon unless SpaceAfterColon says otherwise, wherever that
// comes among the options.
func Of(opts []jsonv2.Options) (Flags, bool) {
	if len(opts) == 0 {
		return 0, true // the usual call, without a call of of
	}
	return of(opts)
}

func of(opts []jsonv2.Options) (Flags, bool) {
	var f Flags
	for _, opt := range opts {
		if f&V1 != 0 && isV1Default(opt) {
			continue // a setting DefaultOptionsV1 has made already
		}
		switch opt {
		case nil:
		case v1:
			// It sets the flags of encoding/json's defaults, escaping
			// and PreserveRawStrings among them, as the v1 engines
			// write; it leaves the others (RejectUnknownMembers,
			// StringifyNumbers, the layout) be.
			f = f&^(EscapeHTML|EscapeJS|AllowInvalidUTF8|preserveRaw|legacyGiven) | Sorted | NilSliceNull | NilMapNull | MatchCase | AllowDuplicates | V1
		case stringify:
			f |= Stringify
		case noStringify:
			f &^= Stringify
		case nilSliceNull:
			f |= NilSliceNull
		case nilMapNull:
			f |= NilMapNull
		case matchCase:
			f |= MatchCase
		case allowDuplicates:
			f |= AllowDuplicates
		case preserveStrings:
			if f&V1 == 0 {
				f |= preserveRaw
			}
		case nilSliceEmpty, nilMapEmpty, nonDeterministic, exactCase, rejectDuplicates, rewriteStrings:
			// Each undoes a flag DefaultOptionsV1 sets.
			if f&V1 != 0 {
				return 0, false
			}
			f &^= undone(opt)
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
		case spaceColon:
			f |= SpaceColon | colonSet
		case noSpaceColon:
			f = f&^SpaceColon | colonSet
		case spaceComma:
			f |= SpaceComma
		case noSpaceComma:
			f &^= SpaceComma
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
			if set, ok := funcs(opt); ok {
				f |= set
				continue
			}
			if legacy, value := isLegacy(opt); legacy {
				// Before DefaultOptionsV1, which overrides it, or after
				// it, where true changes nothing; else not one the
				// engines have.
				if f&V1 == 0 {
					f |= legacyGiven
				} else if !value {
					return 0, false
				}
				continue
			}
			set, clear, ok := joined(opt)
			if !ok || f&V1 != 0 && (set|clear)&^(Whitespace|colonSet) != 0 {
				return 0, false
			}
			f = f&^clear | set
		}
	}
	if f&legacyGiven != 0 {
		return 0, false // v2 with some of v1's semantics
	}
	if f&(Multiline|colonSet) == Multiline {
		f |= SpaceColon
	}
	if f&V1 != 0 && f&(RejectUnknown|Stringify|OmitZeroFields|rawOptions|MarshalFuncs|UnmarshalFuncs) != 0 {
		return 0, false // not encoding/json's Marshal and Unmarshal
	}
	if f&rawOptions != 0 {
		f |= RawText
	}
	return f &^ (colonSet | legacyGiven | rawOptions), true
}

// undone returns the flag that opt, one that undoes a flag of
// DefaultOptionsV1, clears.
func undone(opt jsonv2.Options) Flags {
	switch opt {
	case nilSliceEmpty:
		return NilSliceNull
	case nilMapEmpty:
		return NilMapNull
	case exactCase:
		return MatchCase
	case rejectDuplicates:
		return AllowDuplicates
	case rewriteStrings:
		return preserveRaw
	}
	return Sorted
}

// joined reads an option other than the comparable values above, such as
// WithIndent, WithIndentPrefix and JoinOptions return: the flags it sets
// and clears, and whether everything it holds is a setting of joinable's
// or the layout's. It rebuilds the option from what it reads and compares
// the two, so that a setting it does not know makes it report false.
func joined(opt jsonv2.Options) (set, clear Flags, ok bool) {
	if reflect.ValueOf(opt).Kind() != reflect.Pointer {
		// One setting: the most used are in Of's switch; this is
		// WithIndent or WithIndentPrefix (which set Multiline), another
		// of joinable's, or one the engine does not run.
		if s, ok := jsonv2.GetOption(opt, jsontext.WithIndent); ok {
			return Multiline, 0, opt == jsontext.WithIndent(s)
		}
		if s, ok := jsonv2.GetOption(opt, jsontext.WithIndentPrefix); ok {
			return Multiline, 0, opt == jsontext.WithIndentPrefix(s)
		}
		for _, j := range joinable {
			if b, ok := jsonv2.GetOption(opt, j.setter); ok && opt == j.setter(b) {
				set, clear = setting(j.flag, b)
				return set, clear, true
			}
		}
		return 0, 0, false
	}
	if v := reflect.ValueOf(opt); !v.IsNil() && v.Elem().IsZero() {
		return 0, 0, true // JoinOptions() of nothing
	}
	var parts [len(joinable) + 4]jsonv2.Options
	n := 0
	if m, ok := jsonv2.GetOption(opt, jsonv2.WithMarshalers); ok {
		parts[n] = jsonv2.WithMarshalers(m)
		n++
		set |= MarshalFuncs
	}
	if u, ok := jsonv2.GetOption(opt, jsonv2.WithUnmarshalers); ok {
		parts[n] = jsonv2.WithUnmarshalers(u)
		n++
		set |= UnmarshalFuncs
	}
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
		s, c := setting(j.flag, b)
		set, clear = set|s, clear|c
	}
	v := reflect.ValueOf(opt)
	rebuilt := reflect.ValueOf(jsonv2.JoinOptions(parts[:n]...))
	return set, clear, !v.IsNil() && rebuilt.Type() == v.Type() && rebuilt.Elem().Equal(v.Elem())
}

// funcs reads an option that WithMarshalers or WithUnmarshalers returns,
// and returns the flag it sets. One that holds nil sets it too: v2 fails
// on it where it looks a function up (see typefuncs.Marshalers).
func funcs(opt jsonv2.Options) (Flags, bool) {
	if m, ok := jsonv2.GetOption(opt, jsonv2.WithMarshalers); ok && opt == jsonv2.WithMarshalers(m) {
		return MarshalFuncs, true
	}
	if u, ok := jsonv2.GetOption(opt, jsonv2.WithUnmarshalers); ok && opt == jsonv2.WithUnmarshalers(u) {
		return UnmarshalFuncs, true
	}
	return 0, false
}

// setting returns the flags that a setting of flag to b sets and clears.
func setting(flag Flags, b bool) (set, clear Flags) {
	if flag == SpaceColon {
		set = colonSet // given, either way
	}
	if b {
		return set | flag, 0
	}
	return set, flag
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
