// Package echojson plugs safejson into echo v4 through its JSONSerializer.
//
// The serializer belongs to one *echo.Echo, so two servers in one process
// can encode differently:
//
//	e := echo.New()
//	e.JSONSerializer = echojson.Serializer{}                                         // exactly encoding/json
//	e.JSONSerializer = echojson.Serializer{Policy: policy.New(policy.ScriptSafe())} // safe inside <script>
//
// Serializer{} writes what echo.DefaultJSONSerializer writes and turns
// decoding errors into the same *echo.HTTPError values.
package echojson

import (
	"fmt"
	"net/http"

	"github.com/labstack/echo/v4"
	"github.com/safejson/safejson/compat"
	"github.com/safejson/safejson/policy"
)

// Serializer is an echo.JSONSerializer that encodes under Policy and
// decodes with [compat.Decoder]. The zero Serializer behaves as
// echo.DefaultJSONSerializer.
type Serializer struct {
	Policy policy.Policy
}

var _ echo.JSONSerializer = Serializer{}

// Serialize writes the JSON encoding of i and a newline to the response,
// indented with indent when it is not empty (echo's JSONPretty).
func (s Serializer) Serialize(c echo.Context, i any, indent string) error {
	p := s.Policy
	if indent != "" {
		p = p.With(policy.Indent("", indent))
	}
	return p.NewEncoder(c.Response()).Encode(i)
}

// Deserialize decodes the request body into i. Type and syntax errors
// become the *echo.HTTPError (400) that echo's default serializer returns,
// with the same message, and the original error as its Internal.
func (s Serializer) Deserialize(c echo.Context, i any) error {
	err := compat.NewDecoder(c.Request().Body).Decode(i)
	switch e := err.(type) {
	case *compat.UnmarshalTypeError:
		msg := fmt.Sprintf("Unmarshal type error: expected=%v, got=%v, field=%v, offset=%v", e.Type, e.Value, e.Field, e.Offset)
		return echo.NewHTTPError(http.StatusBadRequest, msg).SetInternal(err)
	case *compat.SyntaxError:
		msg := fmt.Sprintf("Syntax error: offset=%v, error=%v", e.Offset, e.Error())
		return echo.NewHTTPError(http.StatusBadRequest, msg).SetInternal(err)
	}
	return err
}
