package encoder

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/safejson/safejson/internal/escape"
)

// ScriptSafe escapes '/' in every string, and base64 text has '/' in it;
// found by conformance's ScriptSafe property.
func TestScriptSafeEscapesSlashesInBase64(t *testing.T) {
	for _, v := range []any{
		[]byte("\xdf\xfb"),
		map[string][]byte{"k": []byte("\xff\xff\xff\xfb\xef\xbf/")},
		struct{ B []byte }{[]byte("?>?")},
		[]byte("no slash"),
	} {
		std, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		want := bytes.ReplaceAll(std, []byte("/"), []byte(`\/`))
		got, err := Marshal(v, Options{Escape: escape.Script})
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("Marshal(%q) = %s, %v; want %s", v, got, err, want)
		}
	}
}
