package safe_test

import (
	"bytes"
	"encoding/json"
	"html"
	"html/template"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"runtime"
	"testing"

	"github.com/safejson/safejson/safe"
)

// chromiumFlags start a headless Chromium that stays off the network: this
// machine has none, and background requests would fail noisily.
var chromiumFlags = []string{
	"--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
	"--disable-background-networking", "--disable-component-update", "--disable-sync",
	"--no-first-run", "--disable-quic", "--disable-extensions", "--dump-dom",
}

func findChromium(t *testing.T) string {
	if runtime.GOOS == "js" || runtime.GOOS == "wasip1" {
		// The same test runs in CI's host build, where it can.
		t.Skip("a wasm test binary cannot start Chromium: it has no processes")
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if path, err := exec.LookPath(name); err == nil {
			return path
		}
	}
	const msg = "no Chromium on PATH: install Debian's chromium package (apt-get install -y chromium), as .ci/run does, to run this test"
	if os.Getenv("SAFEJSON_REQUIRE_CHROMIUM") != "" {
		t.Fatal(msg) // CI installs it, so there a skip would hide a broken setup
	}
	t.Skip(msg)
	return ""
}

// browserPage embeds the values in both kinds of script element. If a value
// broke out of its element, the injected scripts would record themselves in
// window.pwned, or the parser would swallow the last script and #out would
// stay empty.
var browserPage = template.Must(template.New("page").Parse(`<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>safejson browser test</title></head><body>
<pre id="out"></pre>
<script>window.pwned = [];</script>
{{.Block}}
<script type="application/json" id="inline">{{.Inline}}</script>
<script>window.exec = {{.Exec}};</script>
<script>
const out = {
  block: JSON.parse(document.getElementById("block").textContent),
  inline: JSON.parse(document.getElementById("inline").textContent),
  exec: window.exec,
  pwned: window.pwned,
};
document.getElementById("out").textContent = JSON.stringify(out);
</script>
</body></html>
`))

// rawText is a MarshalJSON that returns bytes encoding/json would pass
// through unchanged: raw U+2028 and invalid UTF-8.
type rawText struct{}

func (rawText) MarshalJSON() ([]byte, error) {
	return []byte("\"raw \u2028 \xff </script><script>window.pwned.push('raw')</script>\""), nil
}

// pageResult is what the page's last script reports, with ran false when
// that script never ran.
type pageResult struct {
	ran                 bool
	Block, Inline, Exec any
	Pwned               []any
}

func loadPage(t *testing.T, chromium string, block template.HTML, inline, execValue template.JS) pageResult {
	t.Helper()
	var page bytes.Buffer
	if err := browserPage.Execute(&page, map[string]any{"Block": block, "Inline": inline, "Exec": execValue}); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	file := filepath.Join(dir, "page.html")
	if err := os.WriteFile(file, page.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	args := append(append([]string{}, chromiumFlags...), "--user-data-dir="+filepath.Join(dir, "profile"), "file://"+file)
	cmd := exec.Command(chromium, args...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	dom, err := cmd.Output()
	if err != nil {
		t.Fatalf("chromium: %v\n%s", err, stderr.Bytes())
	}
	var got pageResult
	m := regexp.MustCompile(`(?s)<pre id="out">(.*?)</pre>`).FindSubmatch(dom)
	if m == nil || len(m[1]) == 0 {
		return got
	}
	if err := json.Unmarshal([]byte(html.UnescapeString(string(m[1]))), &got); err != nil {
		t.Fatalf("reading the page's result: %v\n%s", err, m[1])
	}
	got.ran = true
	return got
}

func hostileValues() map[string]any {
	inject := "<script>window.pwned.push(1)</script>"
	return map[string]any{
		"close":              "</script>" + inject,
		"comment":            "<!--<script>",
		"comment2":           "<!--<script></script>" + inject,
		"separators":         "a\u2028b\u2029c",
		"invalid":            "x\xffy\xe2\x80z",
		"cdata":              "]]>",
		"upper":              "</SCRIPT " + inject,
		"</script>" + inject: "as a key",
		"raw":                json.RawMessage(`"</script>` + inject + `"`),
		"marshaler":          rawText{},
	}
}

func TestBrowserRunsNoInjectedScript(t *testing.T) {
	chromium := findChromium(t)
	values := hostileValues()
	execValue, err := safe.JS(values)
	if err != nil {
		t.Fatal(err)
	}
	block, err := safe.DataBlock("block", values)
	if err != nil {
		t.Fatal(err)
	}
	got := loadPage(t, chromium, block, execValue, execValue)
	// What the page parsed must be what encoding/json's output decodes to.
	std, err := json.Marshal(values)
	if err != nil {
		t.Fatal(err)
	}
	checkSafePage(t, got, std, json.Unmarshal)
}

// checkSafePage checks that the page ran to its end, ran no injected
// script, and parsed in each of its three contexts what std, the reference
// output, decodes to with unmarshal.
func checkSafePage(t *testing.T, got pageResult, std []byte, unmarshal func([]byte, any) error) {
	t.Helper()
	if !got.ran {
		t.Fatal("the page's last script did not run: a value ended its script element")
	}
	if len(got.Pwned) != 0 {
		t.Errorf("injected scripts ran: %v", got.Pwned)
	}
	var want any
	if err := unmarshal(std, &want); err != nil {
		t.Fatal(err)
	}
	for name, v := range map[string]any{"data block": got.Block, "inline data block": got.Inline, "executable script": got.Exec} {
		if !reflect.DeepEqual(v, want) {
			t.Errorf("%s parsed\n%#v\nwant\n%#v", name, v, want)
		}
	}
}

// TestBrowserCatchesUnsafeJSON is the control: the same page with JSON that
// does not escape HTML must show the injection, or the test above proves
// nothing.
func TestBrowserCatchesUnsafeJSON(t *testing.T) {
	chromium := findChromium(t)
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(map[string]string{"close": "</script><script>window.pwned.push(1)</script>"}); err != nil {
		t.Fatal(err)
	}
	unsafeJS := template.JS(bytes.TrimSpace(buf.Bytes()))
	block, err := safe.DataBlock("block", 1)
	if err != nil {
		t.Fatal(err)
	}
	got := loadPage(t, chromium, block, "1", unsafeJS)
	if got.ran && len(got.Pwned) == 0 {
		t.Errorf("unescaped </script> went unnoticed: %+v", got)
	}
}
