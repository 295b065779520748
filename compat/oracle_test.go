package compat_test

// This file holds the oracle: every test in this package runs the same call
// through encoding/json and through compat, and compares what comes out.
// Expected outputs are never written down; encoding/json computes them at
// test time.

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"regexp"
	"runtime"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/safejson/safejson/compat"
)

// oracleGoVersion matches the Go releases whose encoding/json compat follows:
// Go 1.26 (classic) and Go 1.27, in its default v1-on-v2 build and with
// GOEXPERIMENT=nojsonv2. The tests compare with whichever one runs them.
var oracleGoVersion = regexp.MustCompile(`^go1\.2[67]([.]|rc|$)`)

func TestOracleIsSupported(t *testing.T) {
	if v := runtime.Version(); !oracleGoVersion.MatchString(v) {
		t.Fatalf("the oracle is encoding/json from %s; compat follows Go 1.26 and Go 1.27 (see DESIGN.md)", v)
	}
}

// outcome is everything observable about one encoding call.
type outcome struct {
	Out    string
	OutNil bool
	Err    *errReport
	Panic  string
	// Broken names a documented invariant the call broke, such as an Encoder
	// that wrote bytes before failing.
	Broken string
}

// errReport describes an error closely enough that two errors with the same
// report are indistinguishable to a caller.
type errReport struct {
	Type    string
	Msg     string
	Detail  string
	As      []string
	Wrapped *errReport
}

func reportErr(err error) *errReport {
	if err == nil {
		return nil
	}
	r := &errReport{
		Type: reflect.TypeOf(err).String(),
		Msg:  err.Error(),
		As:   asTargets(err),
	}
	switch e := err.(type) {
	case *json.UnsupportedTypeError:
		r.Detail = fmt.Sprintf("Type=%v", e.Type)
	case *json.UnsupportedValueError:
		r.Detail = fmt.Sprintf("Str=%q", e.Str)
		if e.Value.IsValid() {
			r.Detail += fmt.Sprintf(" Value.Type=%v", e.Value.Type())
		}
	case *json.MarshalerError:
		r.Detail = fmt.Sprintf("Type=%v", e.Type)
	case *json.SyntaxError:
		r.Detail = fmt.Sprintf("Offset=%d", e.Offset)
	case *json.UnmarshalTypeError:
		r.Detail = fmt.Sprintf("Value=%q Type=%v Offset=%d Struct=%q Field=%q", e.Value, e.Type, e.Offset, e.Struct, e.Field)
	case *json.InvalidUnmarshalError:
		r.Detail = fmt.Sprintf("Type=%v", e.Type)
	//lint:ignore SA1019 errors of deprecated types are still reported in full
	case *json.UnmarshalFieldError:
		r.Detail = fmt.Sprintf("Key=%q Type=%v Field=%v", e.Key, e.Type, e.Field.Name)
	}
	r.Wrapped = reportErr(errors.Unwrap(err))
	return r
}

// asTargets lists the error types that errors.As finds in err's chain, asking
// once with encoding/json's name for the type and once with compat's.
func asTargets(err error) []string {
	var found []string
	add := func(name string, viaJSON, viaCompat bool) {
		if viaJSON {
			found = append(found, "json."+name)
		}
		if viaCompat {
			found = append(found, "compat."+name)
		}
	}
	add(asBoth[*json.UnsupportedTypeError, *compat.UnsupportedTypeError](err, "UnsupportedTypeError"))
	add(asBoth[*json.UnsupportedValueError, *compat.UnsupportedValueError](err, "UnsupportedValueError"))
	add(asBoth[*json.MarshalerError, *compat.MarshalerError](err, "MarshalerError"))
	add(asBoth[*json.SyntaxError, *compat.SyntaxError](err, "SyntaxError"))
	//lint:ignore SA1019 errors of deprecated types are still reported in full
	add(asBoth[*json.InvalidUTF8Error, *compat.InvalidUTF8Error](err, "InvalidUTF8Error"))
	add(asBoth[*json.UnmarshalTypeError, *compat.UnmarshalTypeError](err, "UnmarshalTypeError"))
	add(asBoth[*json.InvalidUnmarshalError, *compat.InvalidUnmarshalError](err, "InvalidUnmarshalError"))
	//lint:ignore SA1019 errors of deprecated types are still reported in full
	add(asBoth[*json.UnmarshalFieldError, *compat.UnmarshalFieldError](err, "UnmarshalFieldError"))
	return found
}

func asBoth[J, C error](err error, name string) (string, bool, bool) {
	var j J
	var c C
	return name, errors.As(err, &j), errors.As(err, &c)
}

// encodingAPI is the encoding half of one package's API.
type encodingAPI struct {
	Marshal       func(any) ([]byte, error)
	MarshalIndent func(any, string, string) ([]byte, error)
	NewEncoder    func(io.Writer) streamEncoder
}

type streamEncoder interface {
	Encode(any) error
	SetIndent(prefix, indent string)
	SetEscapeHTML(on bool)
}

var (
	stdAPI = encodingAPI{
		Marshal:       json.Marshal,
		MarshalIndent: json.MarshalIndent,
		NewEncoder:    func(w io.Writer) streamEncoder { return json.NewEncoder(w) },
	}
	compatAPI = encodingAPI{
		Marshal:       compat.Marshal,
		MarshalIndent: compat.MarshalIndent,
		NewEncoder:    func(w io.Writer) streamEncoder { return compat.NewEncoder(w) },
	}
)

// encodeMode is one way of turning a Go value into JSON.
type encodeMode struct {
	name string
	run  func(api encodingAPI, v any) outcome
}

func marshalMode(name string, f func(api encodingAPI, v any) ([]byte, error)) encodeMode {
	return encodeMode{name, func(api encodingAPI, v any) outcome {
		b, err := f(api, v)
		return outcome{Out: string(b), OutNil: b == nil, Err: reportErr(err)}
	}}
}

// encoderMode encodes v once with an Encoder set up by setup, and checks the
// Encoder's own promises: nothing written on error, a newline on success.
func encoderMode(name string, setup func(streamEncoder)) encodeMode {
	return encodeMode{name, func(api encodingAPI, v any) outcome {
		var buf bytes.Buffer
		enc := api.NewEncoder(&buf)
		setup(enc)
		err := enc.Encode(v)
		o := outcome{Out: buf.String(), Err: reportErr(err)}
		switch {
		case err != nil && buf.Len() > 0:
			o.Broken = "Encoder wrote output before returning an error"
		case err == nil && !bytes.HasSuffix(buf.Bytes(), []byte("\n")):
			o.Broken = "Encoder output does not end in a newline"
		}
		return o
	}}
}

var encodeModes = []encodeMode{
	marshalMode("Marshal", func(api encodingAPI, v any) ([]byte, error) {
		return api.Marshal(v)
	}),
	marshalMode("MarshalIndent/tab", func(api encodingAPI, v any) ([]byte, error) {
		return api.MarshalIndent(v, "", "\t")
	}),
	marshalMode("MarshalIndent/prefix", func(api encodingAPI, v any) ([]byte, error) {
		return api.MarshalIndent(v, "> ", "  ")
	}),
	marshalMode("MarshalIndent/empty", func(api encodingAPI, v any) ([]byte, error) {
		return api.MarshalIndent(v, "", "")
	}),
	encoderMode("Encoder", func(streamEncoder) {}),
	encoderMode("Encoder/noEscapeHTML", func(enc streamEncoder) {
		enc.SetEscapeHTML(false)
	}),
	encoderMode("Encoder/escapeHTMLAgain", func(enc streamEncoder) {
		enc.SetEscapeHTML(false)
		enc.SetEscapeHTML(true)
	}),
	encoderMode("Encoder/indentReset", func(enc streamEncoder) {
		enc.SetIndent(">", "\t")
		enc.SetIndent("", "")
	}),
	encoderMode("Encoder/indent", func(enc streamEncoder) {
		enc.SetIndent("", "\t")
	}),
	encoderMode("Encoder/indent/noEscapeHTML", func(enc streamEncoder) {
		enc.SetIndent("// ", " ")
		enc.SetEscapeHTML(false)
	}),
	{"Encoder/twice/toggleEscapeHTML", func(api encodingAPI, v any) outcome {
		// Options are read on every call: a cached per-type encoder must not
		// keep the escaping mode of the first call.
		var buf bytes.Buffer
		enc := api.NewEncoder(&buf)
		enc.SetEscapeHTML(false)
		err1 := enc.Encode(v)
		enc.SetEscapeHTML(true)
		err2 := enc.Encode(v)
		return outcome{Out: buf.String(), Err: reportErr(errors.Join(err1, err2))}
	}},
}

// modesNamed picks modes out of encodeModes by name.
func modesNamed(names ...string) []encodeMode {
	var modes []encodeMode
	for _, name := range names {
		i := slices.IndexFunc(encodeModes, func(m encodeMode) bool { return m.name == name })
		if i < 0 {
			panic("no encode mode named " + name)
		}
		modes = append(modes, encodeModes[i])
	}
	return modes
}

// callMode runs one mode and turns a panic into part of the outcome, so that
// a crash in the engine is reported as a difference instead of stopping the
// test binary.
func callMode(m encodeMode, api encodingAPI, v any) (o outcome) {
	defer func() {
		if r := recover(); r != nil {
			o = outcome{Panic: fmt.Sprintf("%T: %v", r, r)}
		}
	}()
	return m.run(api, v)
}

// encodeDiffs compares compat with encoding/json on v in every mode and
// returns one message per mode that differs.
func encodeDiffs(v any) []string {
	return encodeDiffsModes(v, encodeModes)
}

func encodeDiffsModes(v any, modes []encodeMode) []string {
	var diffs []string
	for _, m := range modes {
		want := callMode(m, stdAPI, v)
		got := callMode(m, compatAPI, v)
		if d := cmp.Diff(want, got); d != "" {
			diffs = append(diffs, fmt.Sprintf("%s (-want +got):\n%s", m.name, d))
		}
	}
	return diffs
}

// failureBudget stops a long loop of generated cases after a few failures,
// so that one engine bug does not bury the rest of the output.
type failureBudget struct {
	t    *testing.T
	left int
}

func newFailureBudget(t *testing.T, n int) *failureBudget {
	return &failureBudget{t: t, left: n}
}

// fail records one failing case and stops the test when the budget is spent.
func (b *failureBudget) fail(format string, args ...any) {
	b.t.Helper()
	b.t.Errorf(format, args...)
	b.left--
	if b.left <= 0 {
		b.t.Fatalf("stopping after too many failures")
	}
}
