//go:build goexperiment.jsonv2 && go1.27

package policy

import (
	"encoding/json"
	"encoding/json/jsontext"
	jsonv2 "encoding/json/v2"
	"errors"
	"time"

	"github.com/safejson/safejson/internal/encoder"
	"github.com/safejson/safejson/internal/syntax"
	"github.com/safejson/safejson/internal/v2opts"
	"github.com/safejson/safejson/timefmt"
)

// MarshalV2 returns the JSON encoding of v under encoding/json/v2's
// semantics and opts, with p applied (Go 1.27 only). The zero Policy
// gives exactly what [encoding/json/v2.Marshal](v, opts...) gives, as
// [github.com/safejson/safejson/compat/v2.Marshal] does, on the same
// engine. Under v2:
//
//   - [ScriptSafe] makes every string of the text script-safe, as
//     [github.com/safejson/safejson/safe.Escape] does: the text v2 writes,
//     jsontext.Value, MarshalJSON and MarshalJSONTo output and the output
//     of WithMarshalers functions alike.
//   - [TimePrecision] and [TimeUTC] apply to every [time.Time] that v2
//     writes in its default form (RFC 3339 with nanoseconds): fields,
//     pointers, elements, map values and keys, values in interfaces. A
//     WithMarshalers function of the caller's for time.Time comes first.
//     Types that embed a time.Time and so take its MarshalJSON are
//     written as that time; types with methods of their own are written
//     by them. A time the policy cannot write (a year outside [0, 9999])
//     is written as v2 writes it, or fails as it fails there. Two map keys
//     that the policy makes equal fail with v2's duplicate name error.
//   - [Indent] is jsontext.WithIndentPrefix(prefix) and
//     jsontext.WithIndent(indent), which take only spaces and tabs: others
//     make MarshalV2 fail with an *[OptionError]. Options in opts come
//     after p's, so that they win.
//   - [EscapeHTML] is encoding/json's setting and does nothing here: v2
//     escapes no HTML unless opts hold jsontext.EscapeForHTML(true).
func (p Policy) MarshalV2(v any, opts ...jsonv2.Options) ([]byte, error) {
	if err := p.checkV2(); err != nil {
		return nil, err
	}
	o, all, ok := p.engineV2(opts)
	if ok {
		// Under ScriptSafe the engine's text comes script-safe.
		if b, ok := encoder.MarshalV2(v, &o); ok {
			return b, nil
		}
	}
	b, err := jsonv2.Marshal(v, p.withTimes(all, opts)...)
	if err != nil || !p.scriptSafe {
		return b, err
	}
	// v2's output is valid JSON, so one pass over it finds what to rewrite.
	b, _ = syntax.ScriptSafeValid(b)
	return b, nil
}

// checkV2 reports options MarshalV2 cannot honour together.
func (p Policy) checkV2() error {
	if err := p.check(); err != nil {
		return err
	}
	if p.indented && !(isSpaceOrTab(p.prefix) && isSpaceOrTab(p.indent)) {
		return &OptionError{p, "encoding/json/v2 indents only with spaces and tabs"}
	}
	return nil
}

func isSpaceOrTab(s string) bool {
	for _, c := range []byte(s) {
		if c != ' ' && c != '\t' {
			return false
		}
	}
	return true
}

// engineV2 returns the engine's options for a call with opts under p, the
// options the standard library gets without p's times (opts after p's
// layout), and whether the engine runs the call.
func (p Policy) engineV2(opts []jsonv2.Options) (encoder.OptionsV2, []jsonv2.Options, bool) {
	o := p.timesV2()
	all := p.withLayout(opts)
	f, ok := v2opts.Of(all)
	if !ok || f&v2opts.V1 != 0 {
		return o, all, false
	}
	o.Flags, o.Opts = o.Flags|f, all
	if p.scriptSafe {
		o.Flags |= v2opts.ScriptSafe
	}
	if f&v2opts.Multiline != 0 {
		prefix, indent := v2opts.Layout(all)
		o.Layout = &encoder.Layout{Prefix: prefix, Indent: indent}
	}
	return o, all, true
}

// timesV2 is p's time settings in the encoder's terms.
func (p Policy) timesV2() encoder.OptionsV2 {
	o := encoder.OptionsV2{TimeDigits: int(p.timeDigits)}
	if p.timeFixed {
		o.Flags |= v2opts.TimeFixed
	}
	if p.timeUTC {
		o.Flags |= v2opts.TimeUTC
	}
	return o
}

// withLayout returns opts after p's indentation, so that they win.
func (p Policy) withLayout(opts []jsonv2.Options) []jsonv2.Options {
	if !p.indented {
		return opts
	}
	return append([]jsonv2.Options{jsontext.WithIndentPrefix(p.prefix), jsontext.WithIndent(p.indent)}, opts...)
}

// withTimes returns all, which holds the caller's opts, with p's time
// marshalers after any the caller gave, where p has time settings.
func (p Policy) withTimes(all, opts []jsonv2.Options) []jsonv2.Options {
	if !p.timeFixed && !p.timeUTC {
		return all
	}
	theirs, _ := jsonv2.GetOption(jsonv2.JoinOptions(opts...), jsonv2.WithMarshalers)
	return append(all[:len(all):len(all)], jsonv2.WithMarshalers(jsonv2.JoinMarshalers(theirs, timeMarshalers[timeIndex(p.timesV2())])))
}

// timeMarshalers write time.Time values under each setting of the time
// options, indexed by timeIndex: v2 calls them wherever it would write a
// time in its default form, or call the MarshalJSON that a type embedding
// a time.Time takes from it. A time they cannot write is left to v2.
var timeMarshalers = func() (ms [2 * (timefmt.MaxDigits + 2)]*jsonv2.Marshalers) {
	for i := range ms {
		var o encoder.OptionsV2
		if i%2 == 1 {
			o.Flags |= v2opts.TimeUTC
		}
		if digits := i / 2; digits <= timefmt.MaxDigits {
			o.Flags |= v2opts.TimeFixed
			o.TimeDigits = digits
		}
		write := func(enc *jsontext.Encoder, t time.Time) error {
			b, ok := encoder.AppendTimeV2(enc.AvailableBuffer(), t, o)
			if !ok {
				return errors.ErrUnsupported
			}
			return enc.WriteValue(b)
		}
		ms[i] = jsonv2.JoinMarshalers(
			jsonv2.MarshalToFunc(write),
			// Types that embed a time.Time and take its MarshalJSON.
			jsonv2.MarshalToFunc(func(enc *jsontext.Encoder, m json.Marshaler) error {
				t, ok := encoder.PromotedTimeV2(m)
				if !ok {
					return errors.ErrUnsupported
				}
				return write(enc, t)
			}),
		)
	}
	return ms
}()

// timeIndex is the index in timeMarshalers of o's time options.
func timeIndex(o encoder.OptionsV2) int {
	i := 2 * (timefmt.MaxDigits + 1)
	if o.Flags&v2opts.TimeFixed != 0 {
		i = 2 * o.TimeDigits
	}
	if o.Flags&v2opts.TimeUTC != 0 {
		i++
	}
	return i
}
