//go:build goexperiment.jsonv2 && go1.27

package safe_test

import (
	"encoding/json/jsontext"
	jsonv2 "encoding/json/v2"
	"errors"
	"html/template"
	"testing"
	"time"

	"github.com/safejson/safejson/policy"
	"github.com/safejson/safejson/safe"
)

// hostileTo writes a hostile string through jsontext, as a MarshalJSONTo
// method does.
type hostileTo struct{}

func (hostileTo) MarshalJSONTo(enc *jsontext.Encoder) error {
	return enc.WriteToken(jsontext.String("</script><script>window.pwned.push('to')</script>\u2028"))
}

// hostileV2Values are hostileValues with what only v2 writes: jsontext.Value,
// MarshalJSONTo output, and U+2028, which v2 leaves raw.
func hostileV2Values() map[string]any {
	v := hostileValues()
	delete(v, "invalid") // v2 refuses invalid UTF-8
	delete(v, "marshaler")
	v["value"] = jsontext.Value(`{"x":"</script><script>window.pwned.push('value')</script>"}`)
	v["marshalerTo"] = hostileTo{}
	v["time"] = time.Date(2024, 3, 5, 7, 8, 9, 123456789, time.UTC)
	return v
}

// v2Page puts text in the page's three script contexts.
func v2Page(text []byte) (template.HTML, template.JS) {
	return template.HTML(`<script type="application/json" id="block">` + string(text) + `</script>`), template.JS(text)
}

func TestBrowserRunsNoInjectedScriptV2(t *testing.T) {
	chromium := findChromium(t)
	values := hostileV2Values()
	// A caller's marshaler whose output is hostile too.
	withFunc := jsonv2.WithMarshalers(jsonv2.MarshalToFunc(func(enc *jsontext.Encoder, s string) error {
		if s == "]]>" {
			return enc.WriteValue(jsontext.Value(`"</script><script>window.pwned.push('func')</script>"`))
		}
		return errors.ErrUnsupported
	}))
	p := policy.New(policy.ScriptSafe(), policy.TimePrecision(3))
	text, err := p.MarshalV2(values, withFunc)
	if err != nil {
		t.Fatal(err)
	}
	block, js := v2Page(text)
	got := loadPage(t, chromium, block, js, js)
	// What the page parsed must be what encoding/json/v2's output, with
	// the time at its policy's precision, decodes to.
	values["time"] = "2024-03-05T07:08:09.123Z"
	std, err := jsonv2.Marshal(values, withFunc)
	if err != nil {
		t.Fatal(err)
	}
	checkSafePage(t, got, std, func(b []byte, v any) error { return jsonv2.Unmarshal(b, v) })
	if _, err := safe.MarshalV2(values, withFunc); err != nil {
		t.Error(err)
	}
}

// TestBrowserCatchesUnsafeJSONV2 is the control: encoding/json/v2 escapes
// no HTML by default, and its output in the same page lets a script run.
func TestBrowserCatchesUnsafeJSONV2(t *testing.T) {
	chromium := findChromium(t)
	text, err := jsonv2.Marshal(map[string]string{"close": "</script><script>window.pwned.push(1)</script>"})
	if err != nil {
		t.Fatal(err)
	}
	block, err := safe.DataBlock("block", 1)
	if err != nil {
		t.Fatal(err)
	}
	got := loadPage(t, chromium, block, "1", template.JS(text))
	if got.ran && len(got.Pwned) == 0 {
		t.Errorf("unescaped </script> went unnoticed: %+v", got)
	}
}
