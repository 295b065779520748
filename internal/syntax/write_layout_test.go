package syntax_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"testing"

	"github.com/safejson/safejson/internal/syntax"
)

// writes records each Write it is given, and fails the one numbered fail
// (counting from 1) with errWrite.
type writes struct {
	bytes.Buffer
	sizes []int
	fail  int
}

var errWrite = errors.New("write failed")

func (w *writes) Write(p []byte) (int, error) {
	w.sizes = append(w.sizes, len(p))
	if len(w.sizes) == w.fail {
		return 0, errWrite
	}
	return w.Buffer.Write(p)
}

// checkWriteLayout holds WriteLayout to AppendLayout's text want for the
// compact text src under l.
func checkWriteLayout(t *testing.T, src []byte, l syntax.Layout, want []byte) {
	t.Helper()
	var w writes
	_, ok, err := syntax.WriteLayout(&w, []byte("stale"), src, l)
	if !ok || err != nil || !bytes.Equal(w.Bytes(), want) {
		t.Errorf("WriteLayout(%.40q, %+v): %v, %v, wrote %.80q; want %.80q", src, l, ok, err, w.Bytes(), want)
	}
}

// TestWriteLayoutChunks checks that WriteLayout writes a long text in
// parts no longer than it promises, and stops at the first failed Write.
func TestWriteLayoutChunks(t *testing.T) {
	l := syntax.Layout{Indent: "    ", Multiline: true, SpaceColon: true}
	for name, data := range loadCorpora(t) {
		var compact bytes.Buffer
		if err := json.Compact(&compact, data); err != nil {
			continue
		}
		want, ok := syntax.AppendLayout(nil, compact.Bytes(), l)
		if !ok {
			t.Fatalf("%s: AppendLayout refused the corpus", name)
		}
		var w writes
		if _, ok, err := syntax.WriteLayout(&w, nil, compact.Bytes(), l); !ok || err != nil || !bytes.Equal(w.Bytes(), want) {
			t.Errorf("%s: WriteLayout: %v, %v, and a text other than AppendLayout's", name, ok, err)
		}
		if len(want) > 200<<10 && len(w.sizes) < len(want)/(64<<10) {
			t.Errorf("%s: %d bytes written in %d writes", name, len(want), len(w.sizes))
		}
		for _, n := range w.sizes {
			if n > 256<<10 {
				t.Errorf("%s: a write of %d bytes", name, n)
			}
		}
		if len(w.sizes) > 2 {
			failing := writes{fail: 2}
			_, _, err := syntax.WriteLayout(&failing, nil, compact.Bytes(), l)
			if err != errWrite || len(failing.sizes) != 2 {
				t.Errorf("%s: WriteLayout to a writer failing its second Write: %v after %d writes", name, err, len(failing.sizes))
			}
		}
	}
}
