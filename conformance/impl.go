package conformance

import (
	"bytes"
	"encoding/json"
	"io"
	"runtime"

	"github.com/safejson/safejson/compat"
	"github.com/safejson/safejson/internal/semantics"
)

// Impl is a JSON implementation held against encoding/json. Fill one in
// to hold another drop-in, or a wrapper of your own, to encoding/json with
// Property.Run or Campaign. A nil function is an API the implementation
// lacks; properties report it as missing.
type Impl struct {
	Name          string
	Marshal       func(v any) ([]byte, error)
	MarshalIndent func(v any, prefix, indent string) ([]byte, error)
	NewEncoder    func(w io.Writer) Encoder
	Unmarshal     func(data []byte, v any) error
	NewDecoder    func(r io.Reader) Decoder
	Valid         func(data []byte) bool
	Compact       func(dst *bytes.Buffer, src []byte) error
	Indent        func(dst *bytes.Buffer, src []byte, prefix, indent string) error
	HTMLEscape    func(dst *bytes.Buffer, src []byte)
}

// Encoder is the part of json.Encoder the properties use: what
// Impl.NewEncoder returns.
type Encoder interface {
	Encode(v any) error
	SetEscapeHTML(on bool)
	SetIndent(prefix, indent string)
}

// Decoder is json.Decoder's API: what Impl.NewDecoder returns.
type Decoder interface {
	Decode(v any) error
	Token() (json.Token, error)
	More() bool
	InputOffset() int64
	Buffered() io.Reader
	UseNumber()
	DisallowUnknownFields()
}

// Std is encoding/json itself, the oracle: the one of the toolchain that
// builds the program, whose name says which release and implementation it
// is. The properties call it themselves; run them against it to see them
// hold of encoding/json.
func Std() Impl {
	return Impl{
		Name:          Oracle(),
		Marshal:       json.Marshal,
		MarshalIndent: json.MarshalIndent,
		NewEncoder:    func(w io.Writer) Encoder { return json.NewEncoder(w) },
		Unmarshal:     json.Unmarshal,
		NewDecoder:    func(r io.Reader) Decoder { return json.NewDecoder(r) },
		Valid:         json.Valid,
		Compact:       json.Compact,
		Indent:        json.Indent,
		HTMLEscape:    json.HTMLEscape,
	}
}

// Oracle names the encoding/json that the properties and Check compare with:
// the running toolchain's, with its implementation (Go 1.27 runs v1 on
// encoding/json/v2 unless built with GOEXPERIMENT=nojsonv2).
func Oracle() string {
	return "encoding/json of " + runtime.Version() + " (" + semantics.Name + ")"
}

// Compat is safejson's drop-in package, compat, as an Impl: what Check and
// cmd/safejson conform test.
func Compat() Impl {
	return Impl{
		Name:          "safejson/compat",
		Marshal:       compat.Marshal,
		MarshalIndent: compat.MarshalIndent,
		NewEncoder:    func(w io.Writer) Encoder { return compat.NewEncoder(w) },
		Unmarshal:     compat.Unmarshal,
		NewDecoder:    func(r io.Reader) Decoder { return compat.NewDecoder(r) },
		Valid:         compat.Valid,
		Compact:       compat.Compact,
		Indent:        compat.Indent,
		HTMLEscape:    compat.HTMLEscape,
	}
}
