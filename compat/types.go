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
	InvalidUTF8Error      = json.InvalidUTF8Error
	InvalidUnmarshalError = json.InvalidUnmarshalError
	UnmarshalFieldError   = json.UnmarshalFieldError
	UnmarshalTypeError    = json.UnmarshalTypeError
)
