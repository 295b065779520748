package compat

import "encoding/json"

// Shared types are aliases of encoding/json's so that values and errors
// interoperate in both directions.
type (
	RawMessage            = json.RawMessage
	Number                = json.Number
	Marshaler             = json.Marshaler
	Unmarshaler           = json.Unmarshaler
	Token                 = json.Token
	Delim                 = json.Delim
	SyntaxError           = json.SyntaxError
	MarshalerError        = json.MarshalerError
	UnsupportedTypeError  = json.UnsupportedTypeError
	UnsupportedValueError = json.UnsupportedValueError
	//lint:ignore SA1019 encoding/json still exports it, so compat must too
	InvalidUTF8Error      = json.InvalidUTF8Error
	InvalidUnmarshalError = json.InvalidUnmarshalError
	//lint:ignore SA1019 encoding/json still exports it, so compat must too
	UnmarshalFieldError = json.UnmarshalFieldError
	UnmarshalTypeError  = json.UnmarshalTypeError
)
