package safe

import (
	"html"
	"html/template"
)

// JS returns the script-safe JSON encoding of v as [template.JS], which
// [html/template] inserts as it is. Use it for a value in an executable
// script:
//
//	<script>const config = {{.Config}};</script>
//
// where Config was set from JS(v). (Given a plain value instead,
// html/template would encode it itself with encoding/json's rules.) It also
// works inside <script type="application/json">, but see [DataBlock].
func JS(v any) (template.JS, error) {
	b, err := Marshal(v)
	if err != nil {
		return "", err
	}
	return template.JS(b), nil
}

// DataBlock returns a whole <script type="application/json"> element with
// the given id holding the script-safe JSON encoding of v, for pages that
// read data with JSON.parse(document.getElementById(id).textContent).
// The id is HTML-escaped. A data block is never executed, so it keeps
// working under a Content-Security-Policy that forbids inline scripts.
func DataBlock(id string, v any) (template.HTML, error) {
	b, err := Marshal(v)
	if err != nil {
		return "", err
	}
	out := make([]byte, 0, len(b)+len(id)+64)
	out = append(out, `<script type="application/json" id="`...)
	out = append(out, html.EscapeString(id)...)
	out = append(out, `">`...)
	out = append(out, b...)
	out = append(out, "</script>"...)
	return template.HTML(out), nil
}
