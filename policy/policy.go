package policy

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/safejson/safejson/internal/encoder"
	"github.com/safejson/safejson/internal/escape"
	"github.com/safejson/safejson/timefmt"
)

// Policy is a set of encoding options. It is immutable and comparable; the
// zero value encodes as encoding/json does.
type Policy struct {
	scriptSafe bool
	noHTML     bool // EscapeHTML(false)

	timeFixed  bool
	timeDigits uint8
	timeUTC    bool

	indented       bool
	prefix, indent string
}

// An Option sets one aspect of a Policy. Options come only from this
// package's functions.
type Option interface {
	apply(*Policy)
}

type option func(*Policy)

func (o option) apply(p *Policy) { o(p) }

// New returns the policy with opts applied in order to the zero Policy.
func New(opts ...Option) Policy {
	return Policy{}.With(opts...)
}

// With returns a copy of p with opts applied in order. p is unchanged.
func (p Policy) With(opts ...Option) Policy {
	for _, o := range opts {
		o.apply(&p)
	}
	return p
}

// ScriptSafe makes every string the encoder writes safe inside an HTML
// <script> element: <, > and & are written as \u003c, \u003e and \u0026,
// '/' as \/, U+2028 and U+2029 as \u2028 and \u2029, and invalid UTF-8 as
// \ufffd. This covers values, map keys, field names, TextMarshaler output,
// and MarshalJSON and RawMessage output, which is re-escaped. It wins over
// [EscapeHTML](false).
func ScriptSafe() Option {
	return option(func(p *Policy) { p.scriptSafe = true })
}

// EscapeHTML sets whether <, > and & in strings are escaped, as
// [encoding/json.Encoder.SetEscapeHTML] does. The default is on. It cannot
// weaken [ScriptSafe].
func EscapeHTML(on bool) Option {
	return option(func(p *Policy) { p.noHTML = !on })
}

// TimePrecision writes [time.Time] values with exactly digits fraction
// digits (0 to 9), truncating, where encoding/json would write
// [time.Time.MarshalJSON]'s variable-length text. It panics if digits is
// outside [0, 9]: a fixed precision is chosen by the programmer, so any
// other value is a bug.
func TimePrecision(digits int) Option {
	if digits < 0 || digits > timefmt.MaxDigits {
		panic("policy: TimePrecision(" + strconv.Itoa(digits) + "): digits must be in [0, 9]")
	}
	return option(func(p *Policy) { p.timeFixed, p.timeDigits = true, uint8(digits) })
}

// TimeUTC converts time.Time values to UTC before writing them, so that
// every time ends in "Z".
func TimeUTC() Option {
	return option(func(p *Policy) { p.timeUTC = true })
}

// Indent indents the output as [encoding/json.MarshalIndent](v, prefix,
// indent) does. Under [ScriptSafe], prefix and indent must be JSON
// whitespace, or [Policy.Marshal] fails with an *[OptionError]: other characters
// would go into the script unescaped.
func Indent(prefix, indent string) Option {
	return option(func(p *Policy) { p.indented, p.prefix, p.indent = true, prefix, indent })
}

// An OptionError reports options that cannot be honoured together.
type OptionError struct {
	Policy Policy
	Reason string
}

func (e *OptionError) Error() string {
	return "policy: " + e.Policy.String() + ": " + e.Reason
}

// check reports a combination of options that cannot be honoured.
func (p Policy) check() error {
	if p.scriptSafe && p.indented && !(isSpace(p.prefix) && isSpace(p.indent)) {
		return &OptionError{p, "ScriptSafe output can only be indented with JSON whitespace"}
	}
	return nil
}

func isSpace(s string) bool {
	return strings.Trim(s, " \t\r\n") == ""
}

// options is p in the encoder's terms.
func (p Policy) options() encoder.Options {
	o := encoder.Options{
		Escape:     escape.HTML,
		TimeFixed:  p.timeFixed,
		TimeDigits: int(p.timeDigits),
		TimeUTC:    p.timeUTC,
		Indented:   p.indented,
		Prefix:     p.prefix,
		Indent:     p.indent,
	}
	switch {
	case p.scriptSafe:
		o.Escape = escape.Script
	case p.noHTML:
		o.Escape = escape.Plain
	}
	return o
}

// Marshal returns the JSON encoding of v under p.
func (p Policy) Marshal(v any) ([]byte, error) {
	if p.indented {
		if err := p.check(); err != nil {
			return nil, err
		}
	}
	return encoder.Marshal(v, p.options())
}

// AppendMarshal appends the JSON encoding of v under p to dst. It does not
// allocate when dst has room. On error dst is returned unchanged.
func (p Policy) AppendMarshal(dst []byte, v any) ([]byte, error) {
	if p.indented {
		if err := p.check(); err != nil {
			return dst, err
		}
	}
	return encoder.Append(dst, v, p.options())
}

// String names p's options, in the form of the call that builds it, for
// logs: for example policy.New(ScriptSafe(), TimePrecision(3)).
func (p Policy) String() string {
	var opts []string
	if p.scriptSafe {
		opts = append(opts, "ScriptSafe()")
	}
	if p.noHTML {
		opts = append(opts, "EscapeHTML(false)")
	}
	if p.timeFixed {
		opts = append(opts, fmt.Sprintf("TimePrecision(%d)", p.timeDigits))
	}
	if p.timeUTC {
		opts = append(opts, "TimeUTC()")
	}
	if p.indented {
		opts = append(opts, fmt.Sprintf("Indent(%q, %q)", p.prefix, p.indent))
	}
	return "policy.New(" + strings.Join(opts, ", ") + ")"
}

// An Encoder writes JSON values under one policy to an output stream, as
// [encoding/json.Encoder] does: each value followed by a newline, nothing
// written for a value that fails to encode.
type Encoder struct {
	s   *encoder.Stream
	p   Policy
	err error // a conflict among the options, reported by every Encode
}

// NewEncoder returns an Encoder that writes to w under p.
func (p Policy) NewEncoder(w io.Writer) *Encoder {
	return &Encoder{s: encoder.NewStream(w), p: p, err: p.check()}
}

// Encode writes the JSON encoding of v and a newline.
func (e *Encoder) Encode(v any) error {
	if e.err != nil {
		return e.err
	}
	return e.s.Encode(v, e.p.options())
}
