//go:build goexperiment.jsonv2 && go1.27

package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestBenchV2 checks that under Go 1.27 compat/v2 is checked against
// encoding/json/v2 and measured too, set B included.
func TestBenchV2(t *testing.T) {
	for _, corpus := range []string{"small", "twitter_status/b"} {
		var out, errOut bytes.Buffer
		if code := run([]string{"bench", "-benchtime", "1ms", "-corpus", corpus}, &out, &errOut); code != 0 {
			t.Fatalf("exit %d, stderr: %s", code, errOut.String())
		}
		for _, want := range []string{"equals encoding/json/v2's (Deterministic) on all 1 inputs", "safejson v2 MB/s", corpus} {
			if !strings.Contains(out.String(), want) {
				t.Errorf("output lacks %q:\n%s", want, out.String())
			}
		}
	}
}
