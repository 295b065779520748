package conformance

import (
	"bytes"
	"fmt"

	"github.com/leanovate/gopter"
)

// syntaxInput is one case of the functions that work on texts alone. Dst
// is what the destination buffer holds before the call.
type syntaxInput struct {
	Text           []byte
	Prefix, Indent string
	Dst            string
}

func (in syntaxInput) describe() (string, string) {
	return fmt.Sprintf("text %q (prefix %q, indent %q, dst %q)", in.Text, in.Prefix, in.Indent, in.Dst), "[]byte"
}

func genSyntaxInput(forIndent bool) gopter.Gen {
	return func(p *gopter.GenParameters) *gopter.GenResult {
		r := p.Rng
		in := syntaxInput{Text: textGen{r, p.MaxSize}.anyText()}
		if r.Intn(5) == 0 {
			v := valueGen{r: r, size: p.MaxSize}.value(typeGen{r}.typ(2), 2)
			if b, err := marshalQuietly(v.Interface()); err == nil {
				in.Text = b
			}
		}
		// Indenting is quadratic in depth, in encoding/json too: Indent
		// gets texts cut to a thousand levels, the others the full ten
		// thousand that reach encoding/json's depth limit.
		if i := bytes.Index(in.Text, bytes.Repeat([]byte("["), 1001)); forIndent && i >= 0 {
			j := i
			for j < len(in.Text) && in.Text[j] == '[' {
				j++
			}
			in.Text = append(in.Text[:i+1000:i+1000], in.Text[j:]...)
		}
		ind := indents()
		in.Prefix, in.Indent = ind[r.Intn(len(ind))], ind[r.Intn(len(ind))]
		if r.Intn(3) == 0 {
			in.Dst = "dst<"
		}
		return gopter.NewGenResult(in, shrinkSyntaxInput)
	}
}

func shrinkSyntaxInput(v any) gopter.Shrink {
	in := v.(syntaxInput)
	var out []syntaxInput
	if in.Dst != "" || in.Prefix != "" || in.Indent != "" {
		out = append(out, syntaxInput{Text: in.Text})
	}
	for _, s := range shrinkString(string(in.Text)) {
		w := in
		w.Text = []byte(s)
		out = append(out, w)
	}
	return shrinkList(out)
}

func syntaxProperties() []Property {
	std := Std()
	call := func(name string, run func(impl Impl, in syntaxInput) (any, error)) Property {
		return property(name, name, name+" on valid, almost valid and random texts", genSyntaxInput(name == "Indent"),
			func(o *oracle, impl Impl, in syntaxInput) *Mismatch {
				got := observe(func() (any, error) { return run(impl, in) })
				if name == "Indent" && indentLoops(in.Text, in.Prefix, in.Indent) {
					o.loops(name, fmt.Sprintf("the loop of Go 1.27's Indent, golang/go#81547; %s gave %s", impl.Name, formatOutcome(got)))
				}
				want := o.run(name, func() (any, error) { return run(std, in) })
				return compare(name, want, got)
			})
	}
	return []Property{
		call("Valid", func(impl Impl, in syntaxInput) (any, error) {
			return impl.Valid(bytes.Clone(in.Text)), nil
		}),
		call("Compact", func(impl Impl, in syntaxInput) (any, error) {
			dst := bytes.NewBufferString(in.Dst)
			err := impl.Compact(dst, bytes.Clone(in.Text))
			return dst.String(), err
		}),
		call("Indent", func(impl Impl, in syntaxInput) (any, error) {
			dst := bytes.NewBufferString(in.Dst)
			err := impl.Indent(dst, bytes.Clone(in.Text), in.Prefix, in.Indent)
			return dst.String(), err
		}),
		call("HTMLEscape", func(impl Impl, in syntaxInput) (any, error) {
			dst := bytes.NewBufferString(in.Dst)
			impl.HTMLEscape(dst, bytes.Clone(in.Text))
			return dst.String(), nil
		}),
	}
}
