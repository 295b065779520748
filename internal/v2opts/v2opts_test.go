//go:build goexperiment.jsonv2 && go1.27

package v2opts_test

import (
	"encoding/json"
	"encoding/json/jsontext"
	jsonv2 "encoding/json/v2"
	"testing"

	"github.com/safejson/safejson/internal/v2opts"
)

// Functions for WithMarshalers and WithUnmarshalers.
var (
	funcs   = jsonv2.MarshalFunc(func(int) ([]byte, error) { return []byte("1"), nil })
	unfuncs = jsonv2.UnmarshalFunc(func([]byte, *int) error { return nil })
)

func TestOf(t *testing.T) {
	// What DefaultOptionsV1 sets of the flags, and what Multiline sets
	// unless SpaceAfterColon says otherwise.
	const (
		defaultsV1 = v2opts.Sorted | v2opts.NilSliceNull | v2opts.NilMapNull | v2opts.MatchCase | v2opts.AllowDuplicates | v2opts.V1
		multiline  = v2opts.Multiline | v2opts.SpaceColon
	)
	for _, c := range []struct {
		opts []jsonv2.Options
		want v2opts.Flags
		ok   bool
	}{
		{nil, 0, true},
		{[]jsonv2.Options{nil}, 0, true},
		{[]jsonv2.Options{jsonv2.Deterministic(true)}, v2opts.Sorted, true},
		{[]jsonv2.Options{jsonv2.Deterministic(true), jsonv2.Deterministic(false)}, 0, true},
		{[]jsonv2.Options{jsonv2.RejectUnknownMembers(true), jsonv2.Deterministic(true)}, v2opts.Sorted | v2opts.RejectUnknown, true},
		{[]jsonv2.Options{jsonv2.RejectUnknownMembers(true), jsonv2.RejectUnknownMembers(false)}, 0, true},
		{[]jsonv2.Options{jsonv2.JoinOptions(jsonv2.Deterministic(true))}, v2opts.Sorted, true},
		{[]jsonv2.Options{jsonv2.JoinOptions()}, 0, true},
		{[]jsonv2.Options{jsonv2.JoinOptions(jsonv2.JoinOptions()), jsonv2.Deterministic(true)}, v2opts.Sorted, true},
		{[]jsonv2.Options{jsonv2.JoinOptions(jsonv2.WithUnmarshalers(nil))}, v2opts.UnmarshalFuncs, true},
		{[]jsonv2.Options{jsonv2.JoinOptions(jsonv2.WithMarshalers(funcs), jsonv2.Deterministic(true))}, v2opts.MarshalFuncs | v2opts.Sorted, true},
		{[]jsonv2.Options{jsonv2.WithUnmarshalers(unfuncs), jsonv2.RejectUnknownMembers(true)}, v2opts.UnmarshalFuncs | v2opts.RejectUnknown, true},
		{[]jsonv2.Options{json.DefaultOptionsV1(), jsonv2.WithMarshalers(funcs)}, 0, false},
		{[]jsonv2.Options{jsonv2.WithUnmarshalers(unfuncs), json.DefaultOptionsV1()}, 0, false},
		{[]jsonv2.Options{json.DefaultOptionsV1(), jsonv2.JoinOptions(jsonv2.WithMarshalers(funcs), jsontext.WithIndent(" "))}, 0, false},
		{[]jsonv2.Options{jsonv2.JoinOptions(jsonv2.Deterministic(true), jsonv2.FormatNilMapAsNull(true)), jsonv2.Deterministic(false)}, v2opts.NilMapNull, true},
		{[]jsonv2.Options{jsonv2.JoinOptions(jsonv2.Deterministic(true), jsontext.AllowDuplicateNames(true))}, v2opts.Sorted | v2opts.AllowDuplicates, true},
		{[]jsonv2.Options{jsonv2.JoinOptions(json.DefaultOptionsV1())}, 0, false},
		{[]jsonv2.Options{json.DefaultOptionsV1(), jsontext.WithIndent("  ")}, defaultsV1 | multiline, true},
		{[]jsonv2.Options{jsontext.WithIndent(""), json.DefaultOptionsV1()}, defaultsV1 | multiline, true},
		{[]jsonv2.Options{jsontext.Multiline(true), json.DefaultOptionsV1()}, defaultsV1 | multiline, true},
		{[]jsonv2.Options{json.DefaultOptionsV1(), jsonv2.JoinOptions(jsontext.WithIndent(" "), jsontext.SpaceAfterColon(false))}, defaultsV1 | v2opts.Multiline, true},
		{[]jsonv2.Options{json.DefaultOptionsV1(), jsonv2.JoinOptions(jsontext.WithIndent(" "), jsonv2.Deterministic(true))}, 0, false},
		{[]jsonv2.Options{jsontext.WithIndent(" "), jsontext.Multiline(false), json.DefaultOptionsV1()}, defaultsV1, true},
		{[]jsonv2.Options{jsontext.WithIndent("  ")}, multiline, true},
		{[]jsonv2.Options{jsontext.WithIndentPrefix(" "), jsonv2.StringifyNumbers(true)}, multiline | v2opts.Stringify, true},
		{[]jsonv2.Options{jsontext.WithIndent("  "), jsontext.Multiline(false)}, 0, true},
		{[]jsonv2.Options{jsonv2.JoinOptions(jsontext.WithIndent("\t"), jsontext.Multiline(false)), jsonv2.Deterministic(true)}, v2opts.Sorted, true},
		{[]jsonv2.Options{jsontext.SpaceAfterColon(true)}, v2opts.SpaceColon, true},
		{[]jsonv2.Options{jsontext.SpaceAfterColon(false), jsontext.Multiline(true)}, v2opts.Multiline, true},
		{[]jsonv2.Options{jsonv2.JoinOptions(jsontext.Multiline(true), jsontext.SpaceAfterColon(false)), jsontext.SpaceAfterComma(true)}, v2opts.Multiline | v2opts.SpaceComma, true},
		{[]jsonv2.Options{jsontext.SpaceAfterComma(true), jsontext.SpaceAfterComma(false)}, 0, true},
		{[]jsonv2.Options{json.DefaultOptionsV1(), jsontext.SpaceAfterColon(false), jsontext.SpaceAfterComma(false)}, defaultsV1, true},
		{[]jsonv2.Options{json.DefaultOptionsV1(), jsontext.SpaceAfterComma(true)}, defaultsV1 | v2opts.SpaceComma, true},
		{[]jsonv2.Options{jsonv2.JoinOptions(jsontext.SpaceAfterColon(true)), json.DefaultOptionsV1()}, defaultsV1 | v2opts.SpaceColon, true},
		{[]jsonv2.Options{jsonv2.MatchCaseInsensitiveNames(true)}, v2opts.MatchCase, true},
		{[]jsonv2.Options{jsonv2.JoinOptions(jsonv2.MatchCaseInsensitiveNames(true), jsonv2.RejectUnknownMembers(true)), jsonv2.MatchCaseInsensitiveNames(false)}, v2opts.RejectUnknown, true},
		{[]jsonv2.Options{json.DefaultOptionsV1(), jsonv2.MatchCaseInsensitiveNames(true), jsontext.AllowDuplicateNames(true)}, defaultsV1, true},
		{[]jsonv2.Options{json.DefaultOptionsV1(), jsonv2.MatchCaseInsensitiveNames(false)}, 0, false},
		{[]jsonv2.Options{json.DefaultOptionsV1(), jsontext.AllowDuplicateNames(false)}, 0, false},
		{[]jsonv2.Options{jsontext.AllowDuplicateNames(false), json.DefaultOptionsV1()}, defaultsV1, true},
		{[]jsonv2.Options{jsonv2.OmitZeroStructFields(true)}, v2opts.OmitZeroFields, true},
		{[]jsonv2.Options{jsonv2.OmitZeroStructFields(true), jsonv2.OmitZeroStructFields(false)}, 0, true},
		{[]jsonv2.Options{json.DefaultOptionsV1(), jsonv2.OmitZeroStructFields(true)}, 0, false},
		{[]jsonv2.Options{jsonv2.JoinOptions(jsonv2.OmitZeroStructFields(true), jsontext.WithIndent(" "))}, v2opts.OmitZeroFields | multiline, true},
		{[]jsonv2.Options{jsonv2.JoinOptions(jsontext.WithIndent(" "), jsontext.SpaceAfterComma(true))}, multiline | v2opts.SpaceComma, true},
		{[]jsonv2.Options{jsontext.EscapeForHTML(true)}, v2opts.EscapeHTML, true},
		{[]jsonv2.Options{jsontext.AllowInvalidUTF8(true)}, v2opts.AllowInvalidUTF8, true},
		{[]jsonv2.Options{jsonv2.JoinOptions(jsontext.AllowInvalidUTF8(true)), jsontext.AllowInvalidUTF8(false)}, 0, true},
		{[]jsonv2.Options{json.DefaultOptionsV1(), jsontext.AllowInvalidUTF8(true)}, defaultsV1, true},
		{[]jsonv2.Options{json.DefaultOptionsV1(), jsontext.AllowInvalidUTF8(false)}, 0, false},
		{[]jsonv2.Options{json.DefaultOptionsV1(), json.OmitEmptyWithLegacySemantics(true), json.FormatByteArrayAsArray(true)}, defaultsV1, true},
		{[]jsonv2.Options{json.DefaultOptionsV1(), json.OmitEmptyWithLegacySemantics(false)}, 0, false},
		{[]jsonv2.Options{json.OmitEmptyWithLegacySemantics(true)}, 0, false},
		{[]jsonv2.Options{json.FormatDurationAsNano(true), json.DefaultOptionsV1()}, defaultsV1, true},
		{[]jsonv2.Options{jsonv2.JoinOptions(jsontext.EscapeForHTML(true), jsontext.EscapeForJS(true)), jsontext.EscapeForHTML(false)}, v2opts.EscapeJS, true},
		{[]jsonv2.Options{json.DefaultOptionsV1(), jsontext.EscapeForHTML(false)}, 0, false},
		{[]jsonv2.Options{json.DefaultOptionsV1(), jsontext.EscapeForJS(true)}, defaultsV1, true},
		{[]jsonv2.Options{json.DefaultOptionsV1(), jsontext.EscapeForJS(false)}, 0, false},
		{[]jsonv2.Options{jsontext.EscapeForJS(true), json.DefaultOptionsV1()}, defaultsV1, true},
		{[]jsonv2.Options{jsonv2.WithMarshalers(nil)}, v2opts.MarshalFuncs, true},
		{[]jsonv2.Options{jsonv2.StringifyNumbers(false)}, 0, true},
		{[]jsonv2.Options{jsonv2.StringifyNumbers(true), jsonv2.FormatNilSliceAsNull(true)}, v2opts.Stringify | v2opts.NilSliceNull, true},
		{[]jsonv2.Options{json.DefaultOptionsV1(), jsonv2.StringifyNumbers(true)}, 0, false},
		{[]jsonv2.Options{json.DefaultOptionsV1(), jsonv2.StringifyNumbers(false)}, defaultsV1, true},
		{[]jsonv2.Options{jsontext.Multiline(true)}, multiline, true},
		{[]jsonv2.Options{jsonv2.Deterministic(true), jsontext.AllowDuplicateNames(true)}, v2opts.Sorted | v2opts.AllowDuplicates, true},
		{[]jsonv2.Options{jsontext.PreserveRawStrings(true)}, v2opts.RawText, true},
		{[]jsonv2.Options{jsontext.PreserveRawStrings(true), jsontext.PreserveRawStrings(false)}, 0, true},
		{[]jsonv2.Options{jsonv2.JoinOptions(jsontext.CanonicalizeRawInts(true), jsontext.CanonicalizeRawFloats(false)), jsontext.ReorderRawObjects(true)}, v2opts.RawText, true},
		{[]jsonv2.Options{jsontext.CanonicalizeRawFloats(true), jsontext.CanonicalizeRawFloats(false)}, 0, true},
		{[]jsonv2.Options{jsontext.PreserveRawStrings(true), json.DefaultOptionsV1(), jsontext.PreserveRawStrings(true)}, defaultsV1, true},
		{[]jsonv2.Options{json.DefaultOptionsV1(), jsontext.PreserveRawStrings(false)}, 0, false},
		{[]jsonv2.Options{jsontext.ReorderRawObjects(true), json.DefaultOptionsV1()}, 0, false},
		{[]jsonv2.Options{json.DefaultOptionsV1()}, defaultsV1, true},
		{[]jsonv2.Options{jsonv2.Deterministic(false), json.DefaultOptionsV1(), jsonv2.Deterministic(true)}, defaultsV1, true},
		{[]jsonv2.Options{jsonv2.RejectUnknownMembers(true), json.DefaultOptionsV1()}, 0, false},
		{[]jsonv2.Options{jsonv2.StringifyNumbers(true), json.DefaultOptionsV1()}, 0, false},
		{[]jsonv2.Options{jsonv2.StringifyNumbers(true), json.DefaultOptionsV1(), jsonv2.StringifyNumbers(false)}, defaultsV1, true},
		{[]jsonv2.Options{json.DefaultOptionsV1(), jsonv2.RejectUnknownMembers(false)}, defaultsV1, true},
		{[]jsonv2.Options{json.DefaultOptionsV1(), jsonv2.Deterministic(false)}, 0, false},
		{[]jsonv2.Options{json.DefaultOptionsV1(), jsonv2.RejectUnknownMembers(true)}, 0, false},
		{[]jsonv2.Options{json.DefaultOptionsV1(), jsonv2.DefaultOptionsV2()}, 0, false},
		{[]jsonv2.Options{jsonv2.FormatNilSliceAsNull(true), jsonv2.Deterministic(true)}, v2opts.Sorted | v2opts.NilSliceNull, true},
		{[]jsonv2.Options{jsonv2.FormatNilMapAsNull(true), jsonv2.FormatNilSliceAsNull(false)}, v2opts.NilMapNull, true},
		{[]jsonv2.Options{jsonv2.FormatNilSliceAsNull(true), jsonv2.FormatNilSliceAsNull(false)}, 0, true},
		{[]jsonv2.Options{json.DefaultOptionsV1(), jsonv2.FormatNilMapAsNull(true)}, defaultsV1, true},
		{[]jsonv2.Options{json.DefaultOptionsV1(), jsonv2.FormatNilSliceAsNull(false)}, 0, false},
	} {
		got, ok := v2opts.Of(c.opts)
		if got != c.want || ok != c.ok {
			t.Errorf("Of(%v) = %+v, %v; want %+v, %v", c.opts, got, ok, c.want, c.ok)
		}
	}
}

// TestLayout holds Layout to what jsontext's own options say.
func TestLayout(t *testing.T) {
	for _, c := range []struct {
		opts           []jsonv2.Options
		prefix, indent string
	}{
		{[]jsonv2.Options{jsontext.Multiline(true)}, "", "\t"},
		{[]jsonv2.Options{jsontext.WithIndent("  ")}, "", "  "},
		{[]jsonv2.Options{jsontext.WithIndent("")}, "", ""},
		{[]jsonv2.Options{jsontext.WithIndentPrefix(" \t"), jsontext.WithIndent(" ")}, " \t", " "},
		{[]jsonv2.Options{jsonv2.JoinOptions(jsontext.WithIndent("\t\t"), jsontext.WithIndentPrefix("  "))}, "  ", "\t\t"},
	} {
		prefix, indent := v2opts.Layout(c.opts)
		if prefix != c.prefix || indent != c.indent {
			t.Errorf("Layout(%v) = %q, %q; want %q, %q", c.opts, prefix, indent, c.prefix, c.indent)
		}
	}
}
