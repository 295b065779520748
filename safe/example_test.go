package safe_test

import (
	"fmt"
	"html/template"
	"os"

	"github.com/safejson/safejson/safe"
)

func ExampleMarshal() {
	b, err := safe.Marshal(map[string]string{"comment": "</script><script>alert(1)</script>"})
	if err != nil {
		panic(err)
	}
	fmt.Println(string(b))
	// Output: {"comment":"\u003c\/script\u003e\u003cscript\u003ealert(1)\u003c\/script\u003e"}
}

func ExampleEscape() {
	// JSON from elsewhere (another library, a cache) made safe to embed.
	out, err := safe.Escape(nil, []byte(`{"html": "<!--<script>", "path": "a/b"}`))
	fmt.Println(string(out), err)
	// Output: {"html": "\u003c!--\u003cscript\u003e", "path": "a\/b"} <nil>
}

func ExampleCheck() {
	fmt.Println(safe.Check([]byte(`{"a":"\u003c\/b\u003e"}`)))
	fmt.Println(safe.Check([]byte(`{"a":"</b>"}`)))
	// Output:
	// <nil>
	// safe: unescaped HTML character at offset 6
}

// A page with both kinds of script element: an executable script that gets
// a value as an expression, and a data block read with JSON.parse.
func Example_page() {
	page := template.Must(template.New("page").Parse(`<!DOCTYPE html>
<title>{{.Title}}</title>
{{.Data}}
<script>
const user = {{.User}};
const data = JSON.parse(document.getElementById("data").textContent);
</script>
`))
	comment := "</script><script>alert('xss')</script>"
	user, err := safe.JS(map[string]string{"name": "Eve", "bio": comment})
	if err != nil {
		panic(err)
	}
	data, err := safe.DataBlock("data", []string{comment, "<!--<script>"})
	if err != nil {
		panic(err)
	}
	err = page.Execute(os.Stdout, map[string]any{"Title": "Profile", "User": user, "Data": data})
	if err != nil {
		panic(err)
	}
	// Output:
	// <!DOCTYPE html>
	// <title>Profile</title>
	// <script type="application/json" id="data">["\u003c\/script\u003e\u003cscript\u003ealert('xss')\u003c\/script\u003e","\u003c!--\u003cscript\u003e"]</script>
	// <script>
	// const user = {"bio":"\u003c\/script\u003e\u003cscript\u003ealert('xss')\u003c\/script\u003e","name":"Eve"};
	// const data = JSON.parse(document.getElementById("data").textContent);
	// </script>
}

// The three entry points: encode a Go value, make JSON text from elsewhere
// script-safe, and check text before it goes into a page.
func Example_scriptSafe() {
	v := map[string]string{"link": "</script><script>alert(1)</script>", "sep": "\u2028"}
	blob := []byte(`{"from": "a cache", "html": "<!--<script>"}`)
	b, err := safe.Marshal(v) // encoding/json's bytes, with every '/' written as \/
	if err != nil {
		panic(err)
	}
	fmt.Println(string(b))
	out, err := safe.Escape(nil, blob) // make JSON from anywhere script-safe; keeps whitespace
	fmt.Println(string(out), err)
	err = safe.Check(blob) // nil, or the first hazard and its offset
	fmt.Println(err)
	// Output:
	// {"link":"\u003c\/script\u003e\u003cscript\u003ealert(1)\u003c\/script\u003e","sep":"\u2028"}
	// {"from": "a cache", "html": "\u003c!--\u003cscript\u003e"} <nil>
	// safe: unescaped HTML character at offset 29
}

// JS and DataBlock put values into html/template pages.
func Example_template() {
	profile := map[string]string{"name": "Eve", "bio": "</script><script>alert(1)</script>"}
	page := template.Must(template.New("page").Parse(
		"<script>const user = {{.User}};</script>\n{{.Data}}\n"))
	user, err := safe.JS(profile)
	if err != nil {
		panic(err)
	}
	data, err := safe.DataBlock("data", profile)
	if err != nil {
		panic(err)
	}
	err = page.Execute(os.Stdout, map[string]any{"User": user, "Data": data})
	if err != nil {
		panic(err)
	}
	// Output:
	// <script>const user = {"bio":"\u003c\/script\u003e\u003cscript\u003ealert(1)\u003c\/script\u003e","name":"Eve"};</script>
	// <script type="application/json" id="data">{"bio":"\u003c\/script\u003e\u003cscript\u003ealert(1)\u003c\/script\u003e","name":"Eve"}</script>
}
