//go:build goexperiment.jsonv2 && go1.27

package compat

import "encoding/json"

// Options configure the encoding/json/v2 functions. Under Go 1.27, where
// encoding/json runs on encoding/json/v2, it exports these option
// constructors, so compat does too. They are encoding/json's own values:
// an option made here and one made there are the same option.
type Options = json.Options

// DefaultOptionsV1 is the full set of options that make encoding/json/v2
// behave as this package does; see encoding/json.DefaultOptionsV1.
func DefaultOptionsV1() Options { return json.DefaultOptionsV1() }

// CallMethodsWithLegacySemantics is encoding/json.CallMethodsWithLegacySemantics.
func CallMethodsWithLegacySemantics(v bool) Options { return json.CallMethodsWithLegacySemantics(v) }

// FormatByteArrayAsArray is encoding/json.FormatByteArrayAsArray.
func FormatByteArrayAsArray(v bool) Options { return json.FormatByteArrayAsArray(v) }

// FormatBytesWithLegacySemantics is encoding/json.FormatBytesWithLegacySemantics.
func FormatBytesWithLegacySemantics(v bool) Options { return json.FormatBytesWithLegacySemantics(v) }

// FormatDurationAsNano is encoding/json.FormatDurationAsNano.
func FormatDurationAsNano(v bool) Options { return json.FormatDurationAsNano(v) }

// MatchCaseSensitiveDelimiter is encoding/json.MatchCaseSensitiveDelimiter.
func MatchCaseSensitiveDelimiter(v bool) Options { return json.MatchCaseSensitiveDelimiter(v) }

// MergeWithLegacySemantics is encoding/json.MergeWithLegacySemantics.
func MergeWithLegacySemantics(v bool) Options { return json.MergeWithLegacySemantics(v) }

// OmitEmptyWithLegacySemantics is encoding/json.OmitEmptyWithLegacySemantics.
func OmitEmptyWithLegacySemantics(v bool) Options { return json.OmitEmptyWithLegacySemantics(v) }

// ParseBytesWithLooseRFC4648 is encoding/json.ParseBytesWithLooseRFC4648.
func ParseBytesWithLooseRFC4648(v bool) Options { return json.ParseBytesWithLooseRFC4648(v) }

// ParseTimeWithLooseRFC3339 is encoding/json.ParseTimeWithLooseRFC3339.
func ParseTimeWithLooseRFC3339(v bool) Options { return json.ParseTimeWithLooseRFC3339(v) }

// ReportErrorsWithLegacySemantics is encoding/json.ReportErrorsWithLegacySemantics.
func ReportErrorsWithLegacySemantics(v bool) Options { return json.ReportErrorsWithLegacySemantics(v) }

// StringifyWithLegacySemantics is encoding/json.StringifyWithLegacySemantics.
func StringifyWithLegacySemantics(v bool) Options { return json.StringifyWithLegacySemantics(v) }

// UnmarshalArrayFromAnyLength is encoding/json.UnmarshalArrayFromAnyLength.
func UnmarshalArrayFromAnyLength(v bool) Options { return json.UnmarshalArrayFromAnyLength(v) }
