package echojson_test

import (
	"net/http"
	"testing"

	"github.com/labstack/echo/v4"
	"github.com/safejson/safejson/integrations/echojson"
	"github.com/safejson/safejson/integrations/internal/fixture"
	"github.com/safejson/safejson/policy"
)

// BenchmarkTwitter: one c.JSON handler writing twitter_status (as any).
// echo has no faster serializer of its own.
func BenchmarkTwitter(b *testing.B) {
	doc, err := fixture.Twitter()
	if err != nil {
		b.Fatal(err)
	}
	variant := func(name string, s echo.JSONSerializer, want func(first, body []byte) error) fixture.Variant {
		e := echo.New()
		if s != nil {
			e.JSONSerializer = s
		}
		e.GET("/twitter", func(c echo.Context) error { return c.JSON(http.StatusOK, doc) })
		return fixture.Variant{Name: name, Want: want, Serve: fixture.ServeHTTP(e, fixture.Get("/twitter"))}
	}
	fixture.Bench(b, []fixture.Variant{
		variant("serializer=encoding_json", nil, nil),
		variant("serializer=safejson_compat", echojson.Serializer{}, fixture.Same),
		variant("serializer=safejson_scriptsafe", echojson.Serializer{Policy: policy.New(policy.ScriptSafe())}, fixture.Safe),
	})
}
