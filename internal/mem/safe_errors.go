//go:build safejson_safe

package mem

import (
	"encoding/json"
	"errors"
	"io"
	"reflect"
	"strconv"
	"strings"
	"unicode/utf8"
)

// encoding/json's SyntaxError and MarshalerError keep part of their message
// in unexported fields, which only package unsafe could set. This build
// has encoding/json make an error with the same message, then sets the
// exported fields. It only runs when encoding fails.

// NewSyntaxError returns a *json.SyntaxError with the given message and offset.
func NewSyntaxError(msg string, offset int64) *json.SyntaxError {
	if se := syntaxErrorV2(msg, offset); se != nil {
		return se
	}
	for _, source := range syntaxErrorSources(msg) {
		var se *json.SyntaxError
		if errors.As(source(), &se) && se.Error() == msg {
			se.Offset = offset
			return se
		}
	}
	panic("mem: encoding/json has no syntax error " + strconv.Quote(msg))
}

// syntaxErrorSources returns ways to have encoding/json fail with msg.
func syntaxErrorSources(msg string) []func() error {
	switch msg {
	case "unexpected end of JSON input":
		return []func() error{unmarshal("")}
	case "not at beginning of value":
		return []func() error{decode(`{}`, "token", "value")}
	case "expected comma after array element":
		return []func() error{decode(`[1 2]`, "token", "value", "value")}
	case "expected colon after object key":
		return []func() error{decode(`{"a" 1}`, "token", "token", "value")}
	}
	c, ctx, ok := invalidCharacter(msg)
	if !ok {
		return nil
	}
	if ctx == "" {
		// Only Decoder.Token words an error without a context: after '{'.
		return []func() error{decode("{"+string(c), "token", "token")}
	}
	var sources []func() error
	for _, prefix := range contextPrefixes(ctx) {
		sources = append(sources, unmarshal(prefix+string(c)))
	}
	return sources
}

func unmarshal(text string) func() error {
	return func() error {
		var v any
		return json.Unmarshal([]byte(text), &v)
	}
}

// decode reads text with a json.Decoder, one step ("token" or "value") at
// a time, and returns the first error.
func decode(text string, steps ...string) func() error {
	return func() error {
		dec := json.NewDecoder(strings.NewReader(text))
		for _, step := range steps {
			var err error
			if step == "token" {
				_, err = dec.Token()
			} else {
				var v any
				err = dec.Decode(&v)
			}
			if err != nil {
				return err
			}
		}
		return io.EOF
	}
}

// invalidCharacter parses "invalid character 'c' context" into the byte c
// (as the raw byte encoding/json read) and context.
func invalidCharacter(msg string) (c []byte, ctx string, ok bool) {
	rest, ok := strings.CutPrefix(msg, "invalid character ")
	if !ok || len(rest) < 3 || rest[0] != '\'' {
		return nil, "", false
	}
	var quoted string
	switch {
	case strings.HasPrefix(rest, `'\''`):
		quoted, c = `'\''`, []byte{'\''}
	case strings.HasPrefix(rest, `'"'`):
		quoted, c = `'"'`, []byte{'"'}
	default:
		end := strings.IndexByte(rest[1:], '\'') + 1
		if end == 0 {
			return nil, "", false
		}
		quoted = rest[:end+1]
		s, err := strconv.Unquote(`"` + quoted[1:end] + `"`)
		r, _ := utf8.DecodeRuneInString(s)
		if err != nil {
			return nil, "", false
		}
		c = []byte{byte(r)}
		if r > 0xff { // Go 1.27's: a whole UTF-8 sequence
			c = []byte(string(r))
		}
	}
	rest = rest[len(quoted):]
	if rest == "" {
		return c, "", true
	}
	ctx, ok = strings.CutPrefix(rest, " ")
	return c, ctx, ok && ctx != ""
}

// contextPrefixes returns texts after which encoding/json's scanner is in
// a state whose errors name ctx; which one fails on a given byte depends on
// the byte.
func contextPrefixes(ctx string) []string {
	switch ctx {
	case "looking for beginning of value":
		return []string{""}
	case "looking for beginning of object key string":
		return []string{`{"":0,`}
	case "after object key":
		return []string{`{""`}
	case "after object key:value pair":
		return []string{`{"":0 `}
	case "after array element":
		return []string{"[0 "}
	case "after top-level value":
		return []string{"0 "}
	case "in string literal", "in string":
		return []string{`"`}
	case "after array value": // Go 1.27's words
		return []string{"[0 "}
	case "in string escape code":
		return []string{`"\`}
	case `in \u hexadecimal character escape`:
		return []string{`"\u`}
	case "in numeric literal":
		return []string{"-"}
	case "after decimal point in numeric literal":
		return []string{"0."}
	case "in exponent of numeric literal":
		return []string{"0e", "0e+"}
	case "exceeded max depth":
		return []string{strings.Repeat("[", 10000)}
	}
	for _, lit := range []string{"true", "false", "null"} {
		for i := 1; i < len(lit); i++ {
			if ctx == "in literal "+lit+" (expecting '"+lit[i:i+1]+"')" {
				return []string{lit[:i]}
			}
		}
	}
	return nil
}

// NewMarshalerError returns a *json.MarshalerError naming the method that
// failed ("MarshalJSON" or "MarshalText"; in Go 1.27 also "MarshalJSONTo"
// or "AppendText").
func NewMarshalerError(t reflect.Type, err error, method string) *json.MarshalerError {
	_, got := json.Marshal(failingMethod(method, err))
	var me *json.MarshalerError
	if !errors.As(got, &me) {
		panic("mem: encoding/json made no MarshalerError for " + method)
	}
	me.Type = t
	return me
}

// failingMethod returns a value whose method named method fails with err.
func failingMethod(method string, err error) any {
	switch method {
	case "MarshalText":
		return failingText{err}
	case "MarshalJSON":
		return failingJSON{err}
	}
	return failingV2Method(method, err)
}

type failingJSON struct{ err error }

func (f failingJSON) MarshalJSON() ([]byte, error) { return nil, f.err }

type failingText struct{ err error }

func (f failingText) MarshalText() ([]byte, error) { return nil, f.err }
