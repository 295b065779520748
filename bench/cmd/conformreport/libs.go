package main

import (
	"encoding/json"
	"io"

	"github.com/bytedance/sonic"
	jsonv1 "github.com/go-json-experiment/json/v1"
	goccy "github.com/goccy/go-json"
	jsoniter "github.com/json-iterator/go"
	"github.com/safejson/safejson/conformance"
	segmentio "github.com/segmentio/encoding/json"
)

// libraries are the implementations in report order. A nil function is
// an encoding/json API the library's package (or config) does not have;
// sonic's and jsoniter's decoders lack Token and InputOffset, segmentio's
// lacks More.
func libraries() []conformance.Impl {
	iter := jsoniter.ConfigCompatibleWithStandardLibrary
	return []conformance.Impl{
		conformance.Std(),
		conformance.Compat(),
		{
			Name: "go-json-experiment v1", Marshal: jsonv1.Marshal, MarshalIndent: jsonv1.MarshalIndent,
			NewEncoder: func(w io.Writer) conformance.Encoder { return jsonv1.NewEncoder(w) },
			Unmarshal:  jsonv1.Unmarshal, NewDecoder: func(r io.Reader) conformance.Decoder { return v1Decoder{jsonv1.NewDecoder(r)} },
			Valid: jsonv1.Valid, Compact: jsonv1.Compact, Indent: jsonv1.Indent, HTMLEscape: jsonv1.HTMLEscape,
		},
		{
			Name: "goccy/go-json", Marshal: goccy.Marshal, MarshalIndent: goccy.MarshalIndent,
			NewEncoder: func(w io.Writer) conformance.Encoder { return goccy.NewEncoder(w) },
			Unmarshal:  goccy.Unmarshal, NewDecoder: func(r io.Reader) conformance.Decoder { return goccy.NewDecoder(r) },
			Valid: goccy.Valid, Compact: goccy.Compact, Indent: goccy.Indent, HTMLEscape: goccy.HTMLEscape,
		},
		{
			Name: "sonic ConfigStd", Marshal: sonic.ConfigStd.Marshal, MarshalIndent: sonic.ConfigStd.MarshalIndent,
			NewEncoder: func(w io.Writer) conformance.Encoder { return sonic.ConfigStd.NewEncoder(w) },
			Unmarshal:  sonic.ConfigStd.Unmarshal, Valid: sonic.ConfigStd.Valid,
		},
		{
			Name: "segmentio/encoding", Marshal: segmentio.Marshal, MarshalIndent: segmentio.MarshalIndent,
			NewEncoder: func(w io.Writer) conformance.Encoder { return segmentio.NewEncoder(w) },
			Unmarshal:  segmentio.Unmarshal,
			Valid:      segmentio.Valid, Compact: segmentio.Compact, Indent: segmentio.Indent, HTMLEscape: segmentio.HTMLEscape,
		},
		{
			Name: "jsoniter (compatible)", Marshal: iter.Marshal, MarshalIndent: iter.MarshalIndent,
			NewEncoder: func(w io.Writer) conformance.Encoder { return iter.NewEncoder(w) },
			Unmarshal:  iter.Unmarshal, Valid: iter.Valid,
		},
	}
}

// v1Decoder returns go-json-experiment v1's tokens as encoding/json's
// Token type; their dynamic types (its own Delim) stay as they are.
type v1Decoder struct{ *jsonv1.Decoder }

func (d v1Decoder) Token() (json.Token, error) { return d.Decoder.Token() }

// library returns the library of that name.
func library(name string) (conformance.Impl, bool) {
	for _, lib := range libraries() {
		if lib.Name == name {
			return lib, true
		}
	}
	return conformance.Impl{}, false
}
