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
	withPolicy := func(p policy.Policy) echo.JSONSerializer { return echojson.Serializer{Policy: p} }
	serve := func(doc any, s echo.JSONSerializer) func() (int, []byte) {
		e := echo.New()
		if s != nil {
			e.JSONSerializer = s
		}
		e.GET("/twitter", func(c echo.Context) error { return c.JSON(http.StatusOK, doc) })
		return fixture.ServeHTTP(e, fixture.Get("/twitter"))
	}
	fixture.BenchTwitter(b, "serializer", fixture.Choice[echo.JSONSerializer]{Name: "encoding_json"}, withPolicy, serve)
}
