package conformance

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
	"github.com/safejson/safejson/internal/jsontest"
	"github.com/safejson/safejson/internal/semantics"
	"github.com/safejson/safejson/policy"
	"github.com/safejson/safejson/safe"
)

// scriptHazard returns what makes out unfit for a <script> element, or "".
func scriptHazard(out []byte) string {
	switch {
	case !json.Valid(out):
		return "not valid JSON"
	case !utf8.Valid(out):
		return "not valid UTF-8"
	case bytes.ContainsAny(out, "<>&"):
		return fmt.Sprintf("raw %q at offset %d", out[bytes.IndexAny(out, "<>&")], bytes.IndexAny(out, "<>&"))
	case bytes.Contains(out, []byte("\u2028")) || bytes.Contains(out, []byte("\u2029")):
		return "raw U+2028 or U+2029"
	}
	for i, c := range out {
		if c != '/' {
			continue
		}
		n := 0
		for j := i - 1; j >= 0 && out[j] == '\\'; j-- {
			n++
		}
		if n%2 == 0 {
			return fmt.Sprintf("unescaped '/' at offset %d", i)
		}
	}
	if err := safe.Check(out); err != nil {
		return "safe.Check: " + err.Error()
	}
	if again, err := safe.Escape(nil, out); err != nil || !bytes.Equal(again, out) {
		return fmt.Sprintf("safe.Escape is not idempotent on it: %q, %v", again, err)
	}
	return ""
}

// violation reports a broken invariant of safejson's own guarantees.
func violation(call, what string, out []byte) *Mismatch {
	return &Mismatch{Kind: KindBytes, Call: call, Diff: fmt.Sprintf("%s\noutput: %q", what, out)}
}

// sameErrors compares only the error and panic parts of two outcomes.
func sameErrors(call string, want, got outcome) *Mismatch {
	return compare(call, outcome{Err: want.Err, Panic: want.Panic}, outcome{Err: got.Err, Panic: got.Panic})
}

// containsRawJSON reports whether v holds JSON text that is copied rather
// than encoded (MarshalJSON output other than time.Time's, RawMessage);
// only for the rest is ScriptSafe output exactly encoding/json's with '/'
// escaped.
func containsRawJSON(v reflect.Value, seen map[uintptr]bool) bool {
	if !v.IsValid() {
		return false
	}
	t := v.Type()
	if t == rawType || (t.Implements(marshalerType) && t != timeType && t != reflect.TypeFor[stamped]()) ||
		(reflect.PointerTo(t).Implements(marshalerType) && t != timeType && t != reflect.TypeFor[stamped]()) {
		return true
	}
	switch v.Kind() {
	case reflect.Pointer, reflect.Map, reflect.Slice:
		if v.IsNil() || seen[v.Pointer()] && v.Kind() != reflect.Slice {
			return false
		}
		if v.Kind() != reflect.Slice {
			seen[v.Pointer()] = true
		}
	}
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		return containsRawJSON(v.Elem(), seen)
	case reflect.Slice, reflect.Array:
		for i := range v.Len() {
			if containsRawJSON(v.Index(i), seen) {
				return true
			}
		}
	case reflect.Map:
		for it := v.MapRange(); it.Next(); {
			if containsRawJSON(it.Value(), seen) {
				return true
			}
		}
	case reflect.Struct:
		for i := range v.NumField() {
			if containsRawJSON(v.Field(i), seen) {
				return true
			}
		}
	}
	return false
}

func scriptSafeProperties() []Property {
	return []Property{
		ownProperty("ScriptSafe",
			"safe.Marshal: encoding/json's errors; valid JSON and UTF-8 without <, >, &, U+2028/9 or an unescaped /; decodes as encoding/json's output",
			genEncodeInput(), func(o *oracle, in encodeInput) *Mismatch {
				got := observe(func() (any, error) { b, err := safe.Marshal(in.V); return bytesValue(b), err })
				ties := tiesOf(in.V)
				want, m := o.marshalStd(in.V, ties, func(want outcome) *Mismatch {
					m := sameErrors("safe.Marshal", want, got)
					if m != nil && semantics.OnV2 && sameErrors("safe.Marshal", withoutOutputOffsets(want), withoutOutputOffsets(got)) == nil {
						// Go 1.27 counts some error offsets from the start of
						// the whole output, which ScriptSafe's escapes lengthen.
						return nil
					}
					return m
				})
				if m != nil || want.Err != nil || want.Panic != "" {
					return m
				}
				return checkScriptSafe(o, in, ties, []byte(want.Value.(string)), []byte(got.Value.(string)))
			}),
		ownProperty("ScriptSafeEscape",
			"safe.Escape and safe.Check on valid, almost valid and random texts",
			genSyntaxInput(false), func(o *oracle, in syntaxInput) *Mismatch {
				return checkEscape(o, in.Text)
			}),
	}
}

// checkScriptSafe holds safe.Marshal's output (got) to its invariants and
// to encoding/json's output (want), then checks that the encoder, the
// EscapeHTML(false) option and indenting give the same text. Members with
// tied names (see tiesOf) are compared in an order of their own, the same for both
// texts, since encoding/json leaves theirs open; that order also decides
// which of them a decoder keeps.
func checkScriptSafe(o *oracle, in encodeInput, ties tieOrder, want, got []byte) *Mismatch {
	if h := scriptHazard(got); h != "" {
		return violation("safe.Marshal", h, got)
	}
	byValue := ties.withKey(decodedKey(nil))
	wantT, gotT := byValue.text(want), byValue.text(got)
	wantV, _ := jsontest.DecodeNumbers(wantT)
	gotV, err := jsontest.DecodeNumbers(gotT)
	if err != nil || !cmp.Equal(wantV, gotV) {
		return &Mismatch{Kind: KindBytes, Call: "safe.Marshal", Diff: "decodes differently from encoding/json's output (-want +got):\n" + cmp.Diff(wantV, gotV)}
	}
	if !containsRawJSON(reflect.ValueOf(in.V), map[uintptr]bool{}) {
		if exact := bytes.ReplaceAll(wantT, []byte("/"), []byte(`\/`)); !bytes.Equal(exact, withRawReplacement(gotT)) {
			return &Mismatch{Kind: KindBytes, Call: "safe.Marshal", Diff: "not encoding/json's output with '/' escaped (-want +got):\n" + cmp.Diff(string(exact), string(gotT))}
		}
	}
	// compat, too, writes members with tied names in the order its map
	// iteration gives, so its outputs are compared with those in order.
	byBytes := ties
	got = byBytes.text(got)
	var buf bytes.Buffer
	if err := safe.NewEncoder(&buf).Encode(in.V); err != nil || string(byBytes.text(buf.Bytes())) != string(got)+"\n" {
		return &Mismatch{Kind: KindBytes, Call: "safe.NewEncoder.Encode", Diff: fmt.Sprintf("error %v (-want +got):\n%s", err, cmp.Diff(string(got)+"\n", buf.String()))}
	}
	if b, err := policy.New(policy.EscapeHTML(false), policy.ScriptSafe()).Marshal(in.V); err != nil || !bytes.Equal(byBytes.text(b), got) {
		return &Mismatch{Kind: KindBytes, Call: "EscapeHTML(false) with ScriptSafe", Diff: fmt.Sprintf("error %v (-want +got):\n%s", err, cmp.Diff(string(got), string(b)))}
	}
	return checkScriptIndent(o, in, ties, got)
}

// withRawReplacement undoes, in script-safe output of values without raw
// JSON, the one escape the running encoding/json does not write: Go 1.27
// writes each byte of invalid UTF-8 as a raw U+FFFD, where ScriptSafe keeps
// writing \ufffd as Go 1.26 does. The encoder writes that escape for nothing
// else (a real U+FFFD stays raw), so under Go 1.26 there is nothing to undo.
func withRawReplacement(b []byte) []byte {
	if !semantics.OnV2 {
		return b
	}
	return jsontest.RawReplacement(b)
}

// checkScriptIndent: with whitespace, indented ScriptSafe output is
// json.Indent of the compact output; anything else is refused.
func checkScriptIndent(o *oracle, in encodeInput, ties tieOrder, compact []byte) *Mismatch {
	b, err := policy.New(policy.ScriptSafe(), policy.Indent(in.Prefix, in.Indent)).Marshal(in.V)
	if strings.Trim(in.Prefix+in.Indent, " \t\r\n") != "" {
		var oe *policy.OptionError
		if !errors.As(err, &oe) {
			return &Mismatch{Kind: KindErrorType, Call: "ScriptSafe with Indent", Diff: fmt.Sprintf("prefix %q, indent %q: want a *policy.OptionError, got %q, %s", in.Prefix, in.Indent, b, formatError(err))}
		}
		return nil
	}
	want := o.run("Indent", func() (any, error) {
		var buf bytes.Buffer
		err := json.Indent(&buf, compact, in.Prefix, in.Indent)
		return buf.String(), err
	})
	indented := ties.indented(in.Prefix, in.Indent)
	b, want = indented.text(b), indented.outcome(want)
	if err != nil || want.Value != string(b) {
		return &Mismatch{Kind: KindBytes, Call: "ScriptSafe with Indent", Diff: fmt.Sprintf("error %v (-want +got):\n%s", err, cmp.Diff(want.Value, string(b)))}
	}
	return nil
}

// checkEscape: invalid text gives json.Unmarshal's syntax error; valid
// text comes out script-safe and decoding to the same value; Check passes
// exactly the texts Escape leaves alone.
func checkEscape(o *oracle, text []byte) *Mismatch {
	// A RawMessage target gives json.Unmarshal's syntax errors and no others.
	want := o.run("Unmarshal", func() (any, error) {
		var sink json.RawMessage
		return nil, json.Unmarshal(text, &sink)
	})
	src := bytes.Clone(text)
	got := observe(func() (any, error) { b, err := safe.Escape(nil, src); return bytesValue(b), err })
	if m := sameErrors("safe.Escape", want, got); m != nil {
		return m
	}
	var out []byte
	if got.Err == nil {
		out = []byte(got.Value.(string))
		if h := scriptHazard(out); h != "" {
			return violation("safe.Escape", h, out)
		}
		wantV, _ := jsontest.DecodeNumbers(text)
		gotV, err := jsontest.DecodeNumbers(out)
		if err != nil || !cmp.Equal(wantV, gotV) {
			return &Mismatch{Kind: KindBytes, Call: "safe.Escape", Diff: "decodes differently from its input (-want +got):\n" + cmp.Diff(wantV, gotV)}
		}
	}
	checkErr := safe.Check(text)
	if unchanged := got.Err == nil && bytes.Equal(out, text); unchanged != (checkErr == nil) {
		return &Mismatch{Kind: KindErrorType, Call: "safe.Check", Diff: fmt.Sprintf("Escape leaves the text unchanged: %v, but Check says %s", unchanged, formatError(checkErr))}
	}
	return nil
}
