// Package policy encodes JSON under options that are values, not
// process-wide settings: build a [Policy] with [New] and call its Marshal
// where you would call json.Marshal.
//
// A Policy is an immutable, comparable value built from options:
//
//	p := policy.New(policy.ScriptSafe(), policy.TimePrecision(3), policy.TimeUTC())
//	b, err := p.Marshal(v)
//
// The zero [Policy], like [New](), encodes exactly as
// [encoding/json.Marshal] (and as [github.com/safejson/safejson/compat]).
// Two packages with two policies never affect each other's output: nothing
// is registered anywhere, and the per-type encoders that safejson compiles
// and caches never hold an option; each call passes its policy down.
//
// # Options
//
//   - [ScriptSafe] makes the output safe to place inside an HTML <script>
//     element: see [github.com/safejson/safejson/safe], its front door.
//   - [EscapeHTML](false) writes <, > and & unescaped, as
//     [encoding/json.Encoder.SetEscapeHTML](false) does. ScriptSafe always
//     wins over it, in any order.
//   - [TimePrecision](n) writes every [time.Time] that encoding/json would
//     write through time.Time's marshaler with exactly n fraction digits
//     (truncated): fields, pointers, slices, map values, interface values,
//     map keys, and structs whose MarshalJSON is promoted from an embedded
//     time.Time. Types with their own MarshalJSON, and RawMessage, are never
//     rewritten. The formatter, [github.com/safejson/safejson/timefmt],
//     can be used on its own.
//   - [TimeUTC] converts those times to UTC first.
//   - [Indent](prefix, indent) indents the output as
//     [encoding/json.MarshalIndent] does.
//
// Map keys of time type are sorted after formatting. If the time options
// make two distinct keys of one map format the same, Marshal returns an
// *[encoding/json.UnsupportedValueError] rather than writing a duplicate
// name.
package policy
