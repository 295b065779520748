//go:build goexperiment.jsonv2 && go1.27

package syntax_test

import (
	"bytes"
	"encoding/json"
	"encoding/json/jsontext"
	"strings"

	"github.com/safejson/safejson/internal/syntax"
)

// indentedByV2 is what Go 1.27's Indent writes for src with a prefix of n
// spaces and no indent before it puts the real prefix in: jsontext's
// AppendFormat output, or on an error what that returns, and on success
// the input's trailing whitespace.
func indentedByV2(src []byte, n int) []byte {
	b, err := jsontext.AppendFormat(nil, src,
		json.ReportErrorsWithLegacySemantics(true),
		jsontext.AllowDuplicateNames(true),
		jsontext.AllowInvalidUTF8(true),
		jsontext.PreserveRawStrings(true),
		jsontext.Multiline(true),
		jsontext.WithIndentPrefix(strings.Repeat(" ", n)),
		jsontext.WithIndent(""))
	if err == nil {
		b = append(b, src[len(bytes.TrimRight(src, " \n\r\t")):]...)
	}
	return b
}

// formattedByV2 is src laid out by jsontext as l says, or false where
// jsontext cannot say: it takes only spaces and tabs for the indentation,
// and rejects what it rejects.
func formattedByV2(src []byte, l syntax.Layout) ([]byte, bool) {
	opts := []jsontext.Options{
		jsontext.AllowDuplicateNames(true),
		jsontext.AllowInvalidUTF8(true),
		jsontext.PreserveRawStrings(true),
		jsontext.Multiline(l.Multiline),
		jsontext.SpaceAfterColon(l.SpaceColon),
		jsontext.SpaceAfterComma(l.SpaceComma),
	}
	if l.Multiline {
		blank := func(s string) bool { return strings.Trim(s, " \t") == "" }
		if !blank(l.Prefix) || !blank(l.Indent) {
			return nil, false
		}
		opts = append(opts, jsontext.WithIndentPrefix(l.Prefix), jsontext.WithIndent(l.Indent))
	}
	b, err := jsontext.AppendFormat(nil, src, opts...)
	return b, err == nil
}
