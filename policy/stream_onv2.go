//go:build goexperiment.jsonv2 && go1.27

package policy

import (
	"encoding/json/jsontext"
	jsonv2 "encoding/json/v2"
	"io"

	"github.com/safejson/safejson/internal/encoder"
	"github.com/safejson/safejson/internal/syntax"
)

// MarshalWriteV2 writes the JSON encoding of v to w under
// encoding/json/v2's semantics and opts, with p applied as [Policy.MarshalV2]
// applies it (Go 1.27 only). The zero Policy gives exactly what
// [encoding/json/v2.MarshalWrite](w, v, opts...) gives.
//
// The text is written as compat/v2's MarshalWrite writes it: by safejson's
// engine, in one Write (in writes of about 32 KiB when indented), where the
// engine writes the value and its compact text is at most 4 MiB long; else
// by encoding/json/v2, with p's time settings and indentation as options,
// through its bounded buffer, and on an error after what it has written,
// as MarshalWrite does. With [ScriptSafe], each write is made script-safe
// on its way to w, as MarshalV2 makes the whole text, holding back at most
// the three bytes of a character (or the backslash of an escape) that a
// write cuts short; so memory stays as bounded as MarshalWrite keeps it.
func (p Policy) MarshalWriteV2(w io.Writer, v any, opts ...jsonv2.Options) error {
	if err := p.checkV2(); err != nil {
		return err
	}
	var script *syntax.ScriptSafeWriter
	if p.scriptSafe {
		script = syntax.NewScriptSafeWriter(w)
		w = script
	}
	err := p.marshalWriteV2(w, v, opts)
	if err == nil && script != nil {
		err = script.Flush()
	}
	return err
}

func (p Policy) marshalWriteV2(w io.Writer, v any, opts []jsonv2.Options) error {
	o, all, ok := p.engineV2(opts)
	if ok {
		o.Limit = encoder.StreamLimit
		if written, err := encoder.MarshalWriteV2(w, v, o); written {
			return err
		}
	}
	return jsonv2.MarshalWrite(w, v, p.withTimes(all, opts)...)
}

// MarshalEncodeV2 writes the JSON encoding of v to enc, with p applied,
// as [encoding/json/v2.MarshalEncode](enc, v, opts...) writes it (Go 1.27
// only). The zero Policy gives exactly MarshalEncode's result.
//
// enc lays the stream out, so a Policy with [Indent] fails with an
// *[OptionError] and writes nothing. p's time settings go to MarshalEncode
// as options. With [ScriptSafe], v is written as MarshalV2 writes it under enc's
// options and opts, and handed to enc.WriteValue, which lays it out at its
// depth in the stream and keeps its escapes only where enc has
// jsontext.PreserveRawStrings(true); without that, MarshalEncodeV2 fails
// with an *[OptionError] and writes nothing, since enc would undo the
// escapes. Its errors are then MarshalV2's, whose offsets count from the
// start of v's text.
func (p Policy) MarshalEncodeV2(enc *jsontext.Encoder, v any, opts ...jsonv2.Options) error {
	if err := p.checkV2(); err != nil {
		return err
	}
	if p.indented {
		return &OptionError{p, "a jsontext.Encoder lays out its own stream: Indent does not apply to MarshalEncodeV2"}
	}
	if !p.scriptSafe {
		return jsonv2.MarshalEncode(enc, v, p.withTimes(opts, opts)...)
	}
	if keep, _ := jsonv2.GetOption(enc.Options(), jsontext.PreserveRawStrings); !keep {
		return &OptionError{p, "ScriptSafe through a jsontext.Encoder needs jsontext.PreserveRawStrings(true) on it, which would otherwise rewrite the escapes"}
	}
	b, err := p.MarshalV2(v, append([]jsonv2.Options{enc.Options()}, opts...)...)
	if err != nil {
		return err
	}
	return enc.WriteValue(b)
}
