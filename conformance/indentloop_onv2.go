//go:build goexperiment.jsonv2 && go1.27

package conformance

import (
	"bytes"
	"encoding/json"
	"encoding/json/jsontext"
	"strings"
)

// indentLoops reports whether Go 1.27's encoding/json.Indent never returns
// on src (golang/go#81547). Given a prefix or indent with bytes other than
// spaces and tabs, it indents with spaces of their lengths, and on its way
// out writes prefix and indent over the spaces after each newline of what
// it wrote: the indented text followed by src's trailing whitespace, or src
// itself when src is not valid. It writes copies of indent until those
// spaces are used up, which an empty indent never does once they outnumber
// the prefix's bytes. This repeats its steps (v2_indent.go).
func indentLoops(src []byte, prefix, indent string) bool {
	if indent != "" || strings.Trim(prefix, " \t") == "" {
		return false
	}
	out, err := jsontext.AppendFormat(nil, src,
		json.ReportErrorsWithLegacySemantics(true),
		jsontext.AllowDuplicateNames(true),
		jsontext.AllowInvalidUTF8(true),
		jsontext.PreserveRawStrings(true),
		jsontext.Multiline(true),
		jsontext.WithIndentPrefix(strings.Repeat(" ", len(prefix))),
		jsontext.WithIndent(""))
	if err == nil {
		out = append(out, src[len(bytes.TrimRight(src, " \n\r\t")):]...)
	}
	for i := bytes.IndexByte(out, '\n'); i >= 0; i = bytes.IndexByte(out, '\n') {
		out = out[i+1:]
		if len(out)-len(bytes.TrimLeft(out, " ")) > len(prefix) {
			return true
		}
	}
	return false
}
