package conformance

import (
	"bytes"
	"fmt"
	"reflect"

	"github.com/leanovate/gopter"
)

// encodeInput is one case of the encoding properties.
type encodeInput struct {
	V              any
	Prefix, Indent string
	EscapeHTML     bool
}

func (in encodeInput) describe() (string, string) {
	s := formatValue(in.V)
	if in.Prefix != "" || in.Indent != "" {
		s += fmt.Sprintf(" (prefix %q, indent %q)", in.Prefix, in.Indent)
	}
	t := "nil"
	if in.V != nil {
		t = reflect.TypeOf(in.V).String()
	}
	return s + fmt.Sprintf(" (EscapeHTML %v)", in.EscapeHTML), t
}

// indents are prefixes and indents, odd ones included: encoding/json
// copies them verbatim.
func indents() []string {
	return []string{"", "", " ", "\t", "  ", "--", ">", "\u2028", "\xff", "\n"}
}

// genEncodeInput makes a random value of a random type, possibly cyclic.
func genEncodeInput() gopter.Gen {
	return func(p *gopter.GenParameters) *gopter.GenResult {
		r := p.Rng
		depth := 1 + p.MaxSize/6
		t := typeGen{r}.typ(depth)
		v := valueGen{r: r, size: p.MaxSize, cyclic: true}.value(t, depth)
		ind := indents()
		in := encodeInput{V: v.Interface(), EscapeHTML: r.Intn(2) == 0}
		if r.Intn(2) == 0 {
			in.Prefix, in.Indent = ind[r.Intn(len(ind))], ind[r.Intn(len(ind))]
		}
		return gopter.NewGenResult(in, shrinkEncodeInput)
	}
}

func shrinkEncodeInput(v any) gopter.Shrink {
	in := v.(encodeInput)
	var out []encodeInput
	if in.Prefix != "" || in.Indent != "" {
		out = append(out, encodeInput{V: in.V, EscapeHTML: in.EscapeHTML})
	}
	for _, c := range shrinkValue(reflect.ValueOf(in.V), false, 0) {
		w := in
		w.V = c.Interface()
		out = append(out, w)
	}
	return shrinkList(out)
}

// addressable returns a pointer to a copy of v, so that methods with
// pointer receivers apply at the top level too.
func addressable(v any) any {
	if v == nil {
		return new(any)
	}
	p := reflect.New(reflect.TypeOf(v))
	p.Elem().Set(reflect.ValueOf(v))
	return p.Interface()
}

func encodeProperties() []Property {
	return []Property{
		property("Marshal", "Marshal",
			"Marshal of a random value of a random type, and of a pointer to it",
			genEncodeInput(), func(o *oracle, impl Impl, in encodeInput) *Mismatch {
				ties := tiesOf(in.V)
				for _, v := range []any{in.V, addressable(in.V)} {
					m := o.compareTied("Marshal", ties, impl, func(impl Impl) (any, error) { b, err := impl.Marshal(v); return bytesValue(b), err })
					if m != nil {
						return m
					}
				}
				return nil
			}),
		property("MarshalIndent", "MarshalIndent",
			"MarshalIndent with random (also non-whitespace) prefix and indent",
			genEncodeInput(), func(o *oracle, impl Impl, in encodeInput) *Mismatch {
				ties := tiesOf(in.V).indented(in.Prefix, in.Indent)
				return o.compareTied("MarshalIndent", ties, impl, func(impl Impl) (any, error) {
					b, err := impl.MarshalIndent(in.V, in.Prefix, in.Indent)
					return bytesValue(b), err
				})
			}),
		property("Encoder", "NewEncoder",
			"Encoder.Encode twice on one stream, with SetEscapeHTML on or off and SetIndent",
			genEncodeInput(), func(o *oracle, impl Impl, in encodeInput) *Mismatch {
				ties := tiesOf(in.V).indented(in.Prefix, in.Indent)
				return o.compareTied("Encoder.Encode", ties, impl, func(impl Impl) (any, error) { return encodeStream(impl, in) })
			}),
	}
}

// encodeStream encodes the value twice, then a plain string, recording the
// stream after each call and every error: an error must leave the stream
// as it was and the encoder usable.
func encodeStream(impl Impl, in encodeInput) (any, error) {
	var buf bytes.Buffer
	enc := impl.NewEncoder(&buf)
	enc.SetEscapeHTML(in.EscapeHTML)
	if in.Prefix != "" || in.Indent != "" {
		enc.SetIndent(in.Prefix, in.Indent)
	}
	var steps []string
	var errs []error
	for _, v := range []any{in.V, addressable(in.V), "<&>"} {
		err := enc.Encode(v)
		errs = append(errs, err)
		steps = append(steps, buf.String())
	}
	return steps, joinErrors(errs)
}

// joinErrors chains each call's error with its position; errChain lays
// the chain out flat.
func joinErrors(errs []error) error {
	var out error
	for i := len(errs) - 1; i >= 0; i-- {
		if errs[i] != nil {
			out = &stepError{Step: i, Err: errs[i], next: out}
		}
	}
	return out
}

// stepError records the error of the Step-th call of a sequence.
type stepError struct {
	Step int
	Err  error
	next error
}

func (e *stepError) Error() string { return fmt.Sprintf("call %d: %v", e.Step, e.Err) }
