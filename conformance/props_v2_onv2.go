//go:build goexperiment.jsonv2 && go1.27

package conformance

import (
	"bytes"
	"encoding/json"
	"encoding/json/jsontext"
	jsonv2 "encoding/json/v2"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"math/rand"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing/iotest"
	"time"

	compatv2 "github.com/safejson/safejson/compat/v2"
	"github.com/safejson/safejson/internal/encoder"
	"github.com/safejson/safejson/policy"
	"github.com/safejson/safejson/safe"
)

// v2Properties hold compat/v2 to encoding/json/v2, which exist only under
// Go 1.27.
func v2Properties() []Property {
	return []Property{
		ownProperty("V2Marshal",
			"compat/v2.Marshal against encoding/json/v2: the same bytes with Deterministic, the same members without it",
			genEncodeInput(), func(o *oracle, in encodeInput) *Mismatch {
				v := in.V
				engine := encoder.WritesV2(v)
				det := jsonv2.Deterministic(true)
				wantDet := func() outcome {
					return o.run("encoding/json/v2.Marshal", func() (any, error) { b, err := jsonv2.Marshal(v, det); return bytesValue(b), err })
				}
				got := observe(func() (any, error) { b, err := compatv2.Marshal(v, det); return bytesValue(b), err })
				if !engine {
					// The standard library ran both calls; its map order may
					// make another member's error the first, so only the
					// kind of outcome must agree.
					return sameKindOfOutcome("compat/v2.Marshal(Deterministic)", wantDet(), got)
				}
				if m := tiesOf(v).compare("compat/v2.Marshal(Deterministic)", wantDet, got); m != nil {
					return m
				}
				std := func() (any, error) { b, err := jsonv2.Marshal(v); return canonicalValue(b), err }
				got = observe(func() (any, error) { b, err := compatv2.Marshal(v); return canonicalValue(b), err })
				m := compare("compat/v2.Marshal", o.run("encoding/json/v2.Marshal", std), got)
				// Without Deterministic, v2 visits map members in random
				// order, so which of several failing or panicking members
				// it meets first varies from run to run: a few more runs
				// must give what compat/v2 gave.
				for i := 0; m != nil && i < orderRetries; i++ {
					if compare("compat/v2.Marshal", o.run("encoding/json/v2.Marshal", std), got) == nil {
						return nil
					}
				}
				return m
			}),
		ownProperty("V2Unmarshal",
			"compat/v2.Unmarshal against encoding/json/v2: fitting, mutated and random texts into fresh or filled values of random types, a third with RejectUnknownMembers",
			genDecodeInput(), func(o *oracle, in decodeInput) *Mismatch {
				zones := &zoneCache{}
				// A third of the cases reject unknown members, which
				// compat/v2's engine runs too.
				var opts []jsonv2.Options
				if len(in.Text)%3 == 0 {
					opts = append(opts, jsonv2.RejectUnknownMembers(true))
				}
				std := func(b []byte, v any) error { return jsonv2.Unmarshal(b, v, opts...) }
				ours := func(b []byte, v any) error { return compatv2.Unmarshal(b, v, opts...) }
				want := o.run("encoding/json/v2.Unmarshal", func() (any, error) { return unmarshal(std, in, zones) })
				got := observe(func() (any, error) { return unmarshal(ours, in, zones) })
				if m := compare("compat/v2.Unmarshal", want, got); m != nil {
					return m
				}
				// Again into a filled value of the kind the engine merges
				// into.
				in.Prefill = mergeTarget(in.Type, in.Text)
				want = o.run("encoding/json/v2.Unmarshal", func() (any, error) { return unmarshal(std, in, zones) })
				got = observe(func() (any, error) { return unmarshal(ours, in, zones) })
				return compare("compat/v2.Unmarshal into "+formatValue(in.Prefill.Interface()), want, got)
			}),
		ownProperty("V2Options",
			"compat/v2.Marshal and Unmarshal against encoding/json/v2 under random sets of v2, jsontext and v1 options",
			genDecodeInput(), func(o *oracle, in decodeInput) *Mismatch {
				opts, names := pickOptions(in.Text, unmarshalOptions())
				zones := &zoneCache{}
				std := func(b []byte, v any) error { return jsonv2.Unmarshal(b, v, opts...) }
				ours := func(b []byte, v any) error { return compatv2.Unmarshal(b, v, opts...) }
				call := "compat/v2.Unmarshal(" + names + ")"
				want := o.run("encoding/json/v2.Unmarshal", func() (any, error) { return unmarshal(std, in, zones) })
				got := observe(func() (any, error) { return unmarshal(ours, in, zones) })
				if m := compare(call, want, got); m != nil {
					return m
				}
				// The value the text was made from, written under options
				// picked the same way, with Deterministic last so that the
				// bytes can be compared.
				v := reflect.New(in.Type).Elem()
				if in.Prefill.IsValid() {
					v = in.Prefill
				}
				opts, names = pickOptions(in.Text, marshalOptions())
				opts = append(opts, jsonv2.Deterministic(true))
				call = "compat/v2.Marshal(" + names + ", Deterministic(true))"
				stdMarshal := func() outcome {
					return o.run("encoding/json/v2.Marshal", func() (any, error) { b, err := jsonv2.Marshal(v.Interface(), opts...); return bytesValue(b), err })
				}
				got = observe(func() (any, error) { b, err := compatv2.Marshal(v.Interface(), opts...); return bytesValue(b), err })
				ties := tiesOf(v.Interface())
				m := ties.compare(call, stdMarshal, got)
				// Keys with text methods are all written before any value,
				// in the map's random order, so which of two failing ones
				// fails first varies from run to run.
				for i := 0; m != nil && i < orderRetries; i++ {
					if compare(call, ties.outcome(stdMarshal()), ties.outcome(got)) == nil {
						return nil
					}
				}
				return m
			}),
		ownProperty("V2MarshalWrite",
			"compat/v2.MarshalWrite against encoding/json/v2 under random sets of v2, jsontext and v1 options, to a bytes.Buffer, another writer and one failing halfway",
			genDecodeInput(), func(o *oracle, in decodeInput) *Mismatch {
				v := reflect.New(in.Type).Elem()
				if in.Prefill.IsValid() {
					v = in.Prefill
				}
				opts, names := pickOptions(in.Text, marshalOptions())
				opts = append(opts, jsonv2.Deterministic(true))
				// The failing writer takes half of the text Marshal gives
				// (none where it fails or panics).
				var text []byte
				observe(func() (any, error) {
					var err error
					text, err = jsonv2.Marshal(v.Interface(), opts...)
					return nil, err
				})
				ties := tiesOf(v.Interface())
				for _, w := range writerKinds {
					write := func(marshalWrite func(io.Writer, any, ...jsonv2.Options) error) func() (any, error) {
						return func() (any, error) {
							out, sink := w.writer(len(text) / 2)
							err := marshalWrite(sink, v.Interface(), opts...)
							return bytesValue(out.Bytes()), err
						}
					}
					call := "compat/v2.MarshalWrite(" + w.name + ", " + names + ", Deterministic(true))"
					std := func() outcome { return o.run("encoding/json/v2.MarshalWrite", write(jsonv2.MarshalWrite)) }
					got := observe(write(compatv2.MarshalWrite))
					m := ties.compare(call, std, got)
					for i := 0; m != nil && i < orderRetries; i++ {
						if w := std(); compare(call, ties.outcome(w), ties.outcome(got)) == nil || partOfOneText(w, got) {
							m = nil
						}
					}
					if m != nil {
						return m
					}
				}
				return nil
			}),
		ownProperty("V2UnmarshalRead",
			"compat/v2.UnmarshalRead against encoding/json/v2 through whole, one-byte, data-with-EOF and failing readers, with no options and DefaultOptionsV1",
			genDecodeInput(), func(o *oracle, in decodeInput) *Mismatch {
				zones := &zoneCache{}
				for _, opts := range [][]jsonv2.Options{nil, {json.DefaultOptionsV1()}} {
					for _, r := range readerKinds {
						std := func(b []byte, v any) error { return jsonv2.UnmarshalRead(r.reader(b), v, opts...) }
						ours := func(b []byte, v any) error { return compatv2.UnmarshalRead(r.reader(b), v, opts...) }
						want := func() outcome {
							return o.run("encoding/json/v2.UnmarshalRead", func() (any, error) { return unmarshal(std, in, zones) })
						}
						gotNow := func() outcome { return observe(func() (any, error) { return unmarshal(ours, in, zones) }) }
						call := "compat/v2.UnmarshalRead(" + r.name + ")"
						if opts != nil {
							call = "compat/v2.UnmarshalRead(" + r.name + ", DefaultOptionsV1)"
						}
						w, g := want(), gotNow()
						if m := compare(call, w, g); m != nil && !garbledText(call, w, g, want, gotNow) {
							return m
						}
					}
				}
				return nil
			}),
		ownProperty("V2Policy",
			"policy.MarshalV2 under ScriptSafe, TimePrecision and TimeUTC against encoding/json/v2 with an oracle time format, escaped by safe.Escape",
			genTimeInput(), func(o *oracle, in timeInput) *Mismatch {
				p := policy.New(policy.ScriptSafe(), policy.TimePrecision(in.Digits))
				if in.UTC {
					p = p.With(policy.TimeUTC())
				}
				det := jsonv2.Deterministic(true)
				writeTime := func(enc *jsontext.Encoder, t time.Time) error {
					if in.UTC {
						t = t.UTC()
					}
					if _, err := t.MarshalText(); err != nil {
						return errors.ErrUnsupported // v2's own text, or error
					}
					return enc.WriteToken(jsontext.String(fixedText(t, in.Digits)))
				}
				// stamped takes time.Time's MarshalJSON, which the policy
				// writes as the time it embeds.
				oracle := jsonv2.WithMarshalers(jsonv2.JoinMarshalers(
					jsonv2.MarshalToFunc(writeTime),
					jsonv2.MarshalToFunc(func(enc *jsontext.Encoder, s stamped) error { return writeTime(enc, s.Time) }),
				))
				want := o.run("encoding/json/v2.Marshal", func() (any, error) {
					b, err := jsonv2.Marshal(in.V, det, oracle)
					if err != nil {
						return nil, err
					}
					b, err = safe.Escape(nil, b)
					return bytesValue(b), err
				})
				got := observe(func() (any, error) { b, err := p.MarshalV2(in.V, det); return bytesValue(b), err })
				if want.Panic != "" || got.Panic != "" || len(want.Err) > 0 || len(got.Err) > 0 {
					// v2 meets the members of a map in a random order, the
					// keys of text-keyed maps too: only the kind of outcome
					// must agree where one fails.
					return sameKindOfOutcome(p.String()+".MarshalV2", want, got)
				}
				ties := tiesOf(in.V)
				return compare(p.String()+".MarshalV2", ties.outcome(want), ties.outcome(got))
			}),
	}
}

// readRetries bounds the further calls of UnmarshalRead made where its
// error names a member with the wrong bytes.
const readRetries = 20

// garbledText reports whether two outcomes of UnmarshalRead, w and g,
// differ only in the text their errors quote from the input (the JSON
// pointer, a bad escape sequence), and the calls agree when made again.
// Go 1.27.3's UnmarshalRead, in a decoder it has just allocated, can quote
// other bytes of its buffer there: a member "/0/:" for "/0/x", an escape
// "\uw0" for "\uw03c", a surrogate pair "\udc00x\": \t\t" for
// `\udc00x":`. compat/v2 hands such texts to it too, so either side
// may.
func garbledText(call string, w, g outcome, want, got func() outcome) bool {
	if compare(call, maskQuoted(w), maskQuoted(g)) != nil {
		return false
	}
	for range readRetries {
		if compare(call, want(), got()) == nil {
			return true
		}
	}
	return false
}

// maskQuoted is o with the input its errors quote put as "…".
func maskQuoted(o outcome) outcome {
	o.Err = slices.Clone(o.Err)
	for i := range o.Err {
		o.Err[i].Message = errPointer.ReplaceAllString(o.Err[i].Message, `within "…"`)
		o.Err[i].Message = errEscape.ReplaceAllString(o.Err[i].Message, "$1 `…`")
	}
	return o
}

var (
	errPointer = regexp.MustCompile(`within "(?:[^"\\]|\\.)*"`) // a pointer is quoted, its own quotes escaped
	// An escape or surrogate pair is quoted in backquotes, or in double
	// quotes where it holds a space, a control or a backquote.
	errEscape = regexp.MustCompile(`(escape sequence|surrogate pair) (?:` + "`[^`]*`" + `|"(?:[^"\\]|\\.)*")`)
)

// orderRetries bounds the further calls of encoding/json/v2 made where its
// map iteration decides which member's error or panic comes first. With a
// score of failing members, some came first once in 300 calls.
const orderRetries = 2000

// fixedText is t formatted by the standard library with exactly digits
// fraction digits, truncated: the oracle of the time options.
func fixedText(t time.Time, digits int) string {
	layout, unit := "2006-01-02T15:04:05Z07:00", time.Second
	if digits > 0 {
		layout = "2006-01-02T15:04:05." + strings.Repeat("0", digits) + "Z07:00"
		for range digits {
			unit /= 10
		}
	}
	return t.Truncate(unit).Format(layout)
}

// readerKinds are the ways V2UnmarshalRead hands a text over.
var readerKinds = []struct {
	name   string
	reader func([]byte) io.Reader
}{
	{"bytes.Reader", func(b []byte) io.Reader { return bytes.NewReader(b) }},
	{"one byte at a time", func(b []byte) io.Reader { return iotest.OneByteReader(bytes.NewReader(b)) }},
	{"data with EOF", func(b []byte) io.Reader { return iotest.DataErrReader(bytes.NewReader(b)) }},
	{"failing after half", func(b []byte) io.Reader {
		return io.MultiReader(bytes.NewReader(b[:len(b)/2]), iotest.ErrReader(io.ErrClosedPipe))
	}},
}

// partOfOneText reports whether two outcomes of MarshalWrite that end in
// the same error wrote parts of one text: the one is a prefix of the
// other. MarshalWrite writes its buffer out as it fills, and the buffers
// of its pooled encoders keep their size from earlier calls, so how much
// of the text comes before an error varies from call to call.
func partOfOneText(w, g outcome) bool {
	ws, wok := w.Value.(string)
	gs, gok := g.Value.(string)
	if w.Value == nil {
		ws, wok = "", true
	}
	if g.Value == nil {
		gs, gok = "", true
	}
	return len(w.Err) > 0 && wok && gok && w.Panic == g.Panic && reflect.DeepEqual(w.Err, g.Err) &&
		(strings.HasPrefix(ws, gs) || strings.HasPrefix(gs, ws))
}

// writerKinds are the ways V2MarshalWrite takes a text: each returns the
// buffer that gets what is written, and the writer to give MarshalWrite,
// which may fail once it has taken half bytes.
var writerKinds = []struct {
	name   string
	writer func(half int) (*bytes.Buffer, io.Writer)
}{
	{"bytes.Buffer", func(int) (*bytes.Buffer, io.Writer) { b := new(bytes.Buffer); return b, b }},
	{"another writer", func(int) (*bytes.Buffer, io.Writer) { b := new(bytes.Buffer); return b, struct{ io.Writer }{b} }},
	{"failing halfway", func(half int) (*bytes.Buffer, io.Writer) {
		b := new(bytes.Buffer)
		return b, &halfWriter{b, half}
	}},
}

// halfWriter writes to b until it has taken left bytes, and then fails
// with io.ErrShortWrite.
type halfWriter struct {
	b    *bytes.Buffer
	left int
}

func (w *halfWriter) Write(p []byte) (int, error) {
	if len(p) <= w.left {
		w.left -= len(p)
		return w.b.Write(p)
	}
	n, _ := w.b.Write(p[:w.left])
	w.left = 0
	return n, io.ErrShortWrite
}

// namedOption is an option and how a report names it.
type namedOption struct {
	name string
	opt  jsonv2.Options
}

// marshalOptions and unmarshalOptions are what V2Options picks from: each
// of the options that change what v2 writes or reads, the ones the engine
// runs, composites of them, and v1's.
func marshalOptions() []namedOption {
	return []namedOption{
		{"StringifyNumbers(true)", jsonv2.StringifyNumbers(true)},
		{"FormatNilSliceAsNull(true)", jsonv2.FormatNilSliceAsNull(true)},
		{"FormatNilMapAsNull(true)", jsonv2.FormatNilMapAsNull(true)},
		{"OmitZeroStructFields(true)", jsonv2.OmitZeroStructFields(true)},
		{"AllowDuplicateNames(true)", jsontext.AllowDuplicateNames(true)},
		{"AllowInvalidUTF8(true)", jsontext.AllowInvalidUTF8(true)},
		{"EscapeForHTML(true)", jsontext.EscapeForHTML(true)},
		{"EscapeForJS(true)", jsontext.EscapeForJS(true)},
		{"Multiline(true)", jsontext.Multiline(true)},
		{"Multiline(false)", jsontext.Multiline(false)},
		{`WithIndent("  ")`, jsontext.WithIndent("  ")},
		{`WithIndent("")`, jsontext.WithIndent("")},
		{`WithIndentPrefix("\t")`, jsontext.WithIndentPrefix("\t")},
		{`JoinOptions(WithIndent(" "), Deterministic(true))`, jsonv2.JoinOptions(jsontext.WithIndent(" "), jsonv2.Deterministic(true))},
		{`JoinOptions(WithIndent("\t"), Multiline(false))`, jsonv2.JoinOptions(jsontext.WithIndent("\t"), jsontext.Multiline(false))},
		{"SpaceAfterComma(true)", jsontext.SpaceAfterComma(true)},
		{"SpaceAfterColon(true)", jsontext.SpaceAfterColon(true)},
		{"SpaceAfterColon(false)", jsontext.SpaceAfterColon(false)},
		{"MatchCaseInsensitiveNames(true)", jsonv2.MatchCaseInsensitiveNames(true)},
		{"CanonicalizeRawInts(true)", jsontext.CanonicalizeRawInts(true)},
		{"ReorderRawObjects(true)", jsontext.ReorderRawObjects(true)},
		{"CanonicalizeRawFloats(true)", jsontext.CanonicalizeRawFloats(true)},
		{"PreserveRawStrings(true)", jsontext.PreserveRawStrings(true)},
		{"RejectUnknownMembers(true)", jsonv2.RejectUnknownMembers(true)},
		{"Deterministic(false)", jsonv2.Deterministic(false)},
		{"JoinOptions()", jsonv2.JoinOptions()},
		{"nil", nil},
		{"DefaultOptionsV2()", jsonv2.DefaultOptionsV2()},
		{"json.DefaultOptionsV1()", json.DefaultOptionsV1()},
		{"json.FormatByteArrayAsArray(true)", json.FormatByteArrayAsArray(true)},
		{"json.OmitEmptyWithLegacySemantics(true)", json.OmitEmptyWithLegacySemantics(true)},
		{"EscapeForJS(false)", jsontext.EscapeForJS(false)},
		{"WithMarshalers(bool)", jsonv2.WithMarshalers(boolFunc)},
		{"WithMarshalers(uint16, fmt.Stringer)", jsonv2.WithMarshalers(jsonv2.JoinMarshalers(uint16Func, stringerFunc))},
		{"WithMarshalers(time.Time)", jsonv2.WithMarshalers(timeFunc)},
		{"JoinOptions(WithMarshalers(odd int64), StringifyNumbers(true))", jsonv2.JoinOptions(jsonv2.WithMarshalers(oddFunc), jsonv2.StringifyNumbers(true))},
	}
}

// Functions for WithMarshalers and WithUnmarshalers, for types the values
// reach often (bool, time.Time, int64), seldom (uint16) or never: each
// call runs on the engine only where none applies. oddFunc and skipFrom
// hand values on to their usual encoding and decoding.
var (
	boolFunc     = jsonv2.MarshalFunc(func(b bool) ([]byte, error) { return []byte(fmt.Sprintf(`"%v"`, b)), nil })
	uint16Func   = jsonv2.MarshalToFunc(func(enc *jsontext.Encoder, u *uint16) error { return enc.WriteToken(jsontext.Int(-int64(*u))) })
	stringerFunc = jsonv2.MarshalFunc(func(s fmt.Stringer) ([]byte, error) { return []byte(`"stringer"`), nil })
	timeFunc     = jsonv2.MarshalFunc(func(t time.Time) ([]byte, error) { return []byte(fmt.Sprint(t.Unix())), nil })
	oddFunc      = jsonv2.MarshalToFunc(func(enc *jsontext.Encoder, n int64) error {
		if n%2 == 0 {
			return errors.ErrUnsupported
		}
		return enc.WriteToken(jsontext.String("odd"))
	})
	boolFrom = jsonv2.UnmarshalFunc(func(b []byte, v *bool) error { *v = len(b) > 4; return nil })
	timeFrom = jsonv2.UnmarshalFunc(func(b []byte, t *time.Time) error { *t = time.Unix(int64(len(b)), 0).UTC(); return nil })
	skipFrom = jsonv2.UnmarshalFromFunc(func(*jsontext.Decoder, *int64) error { return errors.ErrUnsupported })
	never    = jsonv2.UnmarshalFunc(func([]byte, *struct{ never bool }) error { return nil })
)

func unmarshalOptions() []namedOption {
	return []namedOption{
		{"MatchCaseInsensitiveNames(true)", jsonv2.MatchCaseInsensitiveNames(true)},
		{"RejectUnknownMembers(true)", jsonv2.RejectUnknownMembers(true)},
		{"RejectUnknownMembers(false)", jsonv2.RejectUnknownMembers(false)},
		{"Deterministic(true)", jsonv2.Deterministic(true)},
		{"StringifyNumbers(true)", jsonv2.StringifyNumbers(true)},
		{"AllowDuplicateNames(true)", jsontext.AllowDuplicateNames(true)},
		{"AllowInvalidUTF8(true)", jsontext.AllowInvalidUTF8(true)},
		{"MatchCaseInsensitiveNames(false)", jsonv2.MatchCaseInsensitiveNames(false)},
		{"JoinOptions(MatchCaseInsensitiveNames(true), AllowDuplicateNames(true))", jsonv2.JoinOptions(jsonv2.MatchCaseInsensitiveNames(true), jsontext.AllowDuplicateNames(true))},
		{"SpaceAfterColon(true)", jsontext.SpaceAfterColon(true)},
		{"JoinOptions(RejectUnknownMembers(true))", jsonv2.JoinOptions(jsonv2.RejectUnknownMembers(true))},
		{`JoinOptions(WithIndent(" "), EscapeForHTML(true))`, jsonv2.JoinOptions(jsontext.WithIndent(" "), jsontext.EscapeForHTML(true))},
		{"OmitZeroStructFields(true)", jsonv2.OmitZeroStructFields(true)},
		{"FormatNilSliceAsNull(true)", jsonv2.FormatNilSliceAsNull(true)},
		{"nil", nil},
		{"DefaultOptionsV2()", jsonv2.DefaultOptionsV2()},
		{"json.DefaultOptionsV1()", json.DefaultOptionsV1()},
		{"json.MergeWithLegacySemantics(true)", json.MergeWithLegacySemantics(true)},
		{"json.OmitEmptyWithLegacySemantics(false)", json.OmitEmptyWithLegacySemantics(false)},
		{"json.ParseTimeWithLooseRFC3339(true)", json.ParseTimeWithLooseRFC3339(true)},
		{"WithUnmarshalers(*bool)", jsonv2.WithUnmarshalers(boolFrom)},
		{"WithUnmarshalers(*time.Time, skipped *int64)", jsonv2.WithUnmarshalers(jsonv2.JoinUnmarshalers(timeFrom, skipFrom))},
		{"WithUnmarshalers(never)", jsonv2.WithUnmarshalers(never)},
		{"WithMarshalers(bool)", jsonv2.WithMarshalers(boolFunc)},
	}
}

// mergeTarget returns a random value of t, picked by a hash of the case's
// text, with some slices cut short: the kind of filled target compat/v2's
// engine merges into, as v2 does.
func mergeTarget(t reflect.Type, text []byte) reflect.Value {
	h := fnv.New64a()
	h.Write(text)
	v := valueGen{r: rand.New(rand.NewSource(int64(h.Sum64()))), size: 24}.value(t, 4)
	halveSlices(v)
	return v
}

// halveSlices halves the length of the slices in v, through pointers,
// interfaces and exported fields: v2 decodes into a slice's array, and
// these keep room past their length, holding values there.
func halveSlices(v reflect.Value) {
	switch v.Kind() {
	case reflect.Slice:
		if v.CanSet() && v.Len() > 1 {
			v.SetLen(v.Len() / 2)
		}
	case reflect.Interface, reflect.Pointer:
		if !v.IsNil() {
			halveSlices(v.Elem())
		}
	case reflect.Struct:
		if v.Type() != timeType {
			for i := range v.NumField() {
				halveSlices(v.Field(i))
			}
		}
	}
}

// pickOptions chooses up to three options from the list, by a hash of the
// case's text, so that a seed replays its options.
func pickOptions(text []byte, from []namedOption) ([]jsonv2.Options, string) {
	h := fnv.New64a()
	h.Write(text)
	bits := h.Sum64()
	var opts []jsonv2.Options
	var names []string
	for n := bits % 4; n > 0; n-- {
		bits /= 4
		o := from[bits%uint64(len(from))]
		bits /= uint64(len(from))
		opts = append(opts, o.opt)
		names = append(names, o.name)
	}
	return opts, fmt.Sprint(names)
}

// canonicalValue is a JSON text with its object members sorted (RFC 8785),
// for comparing outputs whose member order v2 leaves random.
func canonicalValue(b []byte) any {
	if b == nil {
		return nil
	}
	v := jsontext.Value(bytes.Clone(b))
	if err := v.Canonicalize(); err != nil {
		return "not canonicalizable: " + err.Error()
	}
	return string(v)
}

// sameKindOfOutcome compares two outcomes by whether each wrote, failed
// (and with which type of error at the top of its chain) or panicked.
func sameKindOfOutcome(call string, want, got outcome) *Mismatch {
	top := func(o outcome) outcome {
		if len(o.Err) == 0 {
			return outcome{Panic: boolText(o.Panic != "")}
		}
		return outcome{Err: []errLink{{Type: o.Err[0].Type}}, Panic: boolText(o.Panic != "")}
	}
	return compare(call, top(want), top(got))
}

func boolText(b bool) string {
	if b {
		return "panicked"
	}
	return ""
}
