//go:build goexperiment.jsonv2 && go1.27

package compat_test

import (
	"encoding/json"
	"reflect"

	"github.com/safejson/safejson/compat"
)

// The names encoding/json exports only when it runs on encoding/json/v2.
var (
	_ *json.Options = (*compat.Options)(nil)

	onV2Types = map[string]apiType{
		"Options": {reflect.TypeFor[json.Options](), reflect.TypeFor[compat.Options](), true},
	}
	onV2Funcs = map[string][2]any{
		"CallMethodsWithLegacySemantics":  {json.CallMethodsWithLegacySemantics, compat.CallMethodsWithLegacySemantics},
		"DefaultOptionsV1":                {json.DefaultOptionsV1, compat.DefaultOptionsV1},
		"FormatByteArrayAsArray":          {json.FormatByteArrayAsArray, compat.FormatByteArrayAsArray},
		"FormatBytesWithLegacySemantics":  {json.FormatBytesWithLegacySemantics, compat.FormatBytesWithLegacySemantics},
		"FormatDurationAsNano":            {json.FormatDurationAsNano, compat.FormatDurationAsNano},
		"MatchCaseSensitiveDelimiter":     {json.MatchCaseSensitiveDelimiter, compat.MatchCaseSensitiveDelimiter},
		"MergeWithLegacySemantics":        {json.MergeWithLegacySemantics, compat.MergeWithLegacySemantics},
		"OmitEmptyWithLegacySemantics":    {json.OmitEmptyWithLegacySemantics, compat.OmitEmptyWithLegacySemantics},
		"ParseBytesWithLooseRFC4648":      {json.ParseBytesWithLooseRFC4648, compat.ParseBytesWithLooseRFC4648},
		"ParseTimeWithLooseRFC3339":       {json.ParseTimeWithLooseRFC3339, compat.ParseTimeWithLooseRFC3339},
		"ReportErrorsWithLegacySemantics": {json.ReportErrorsWithLegacySemantics, compat.ReportErrorsWithLegacySemantics},
		"StringifyWithLegacySemantics":    {json.StringifyWithLegacySemantics, compat.StringifyWithLegacySemantics},
		"UnmarshalArrayFromAnyLength":     {json.UnmarshalArrayFromAnyLength, compat.UnmarshalArrayFromAnyLength},
	}
)
