package echojson_test

import (
	"fmt"
	"math"
	"net/http"
	"testing"

	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"
	"github.com/safejson/safejson/integrations/echojson"
	"github.com/safejson/safejson/integrations/internal/fixture"
	"github.com/safejson/safejson/policy"
)

const bodyLimit = "64K" // room for the deep bodies

// newApp returns an echo server whose JSONSerializer is s, or echo's
// default (encoding/json) when s is nil.
func newApp(s echo.JSONSerializer) fixture.App {
	seen := new(fixture.Seen)
	e := echo.New()
	if s != nil {
		e.JSONSerializer = s
	}
	e.GET("/json", func(c echo.Context) error { return c.JSON(http.StatusOK, fixture.Payload()) })
	e.GET("/pretty", func(c echo.Context) error { return c.JSONPretty(http.StatusOK, fixture.Payload(), "\t") })
	e.GET("/error", func(c echo.Context) error {
		if err := c.JSON(http.StatusOK, map[string]float64{"nan": math.NaN()}); err != nil {
			return c.String(http.StatusInternalServerError, fmt.Sprintf("%T: %v", err, err))
		}
		return nil
	})
	e.POST("/bind", func(c echo.Context) error {
		t, err := seen.Decode(c.Bind)
		if err != nil {
			return err // echo's HTTPErrorHandler writes it
		}
		return c.JSON(http.StatusOK, t)
	}, middleware.BodyLimit(bodyLimit))
	return fixture.App{Serve: fixture.Handler(e), Seen: seen}
}

var getRoutes = []string{"/json", "/pretty"}

func TestResponses(t *testing.T) {
	std, got := newApp(nil), newApp(echojson.Serializer{})
	fixture.SameGets(t, std, got, append(getRoutes, "/error"))
}

func TestScriptSafe(t *testing.T) {
	std := newApp(nil)
	got := newApp(echojson.Serializer{Policy: policy.New(policy.ScriptSafe())})
	fixture.ScriptSafeGets(t, std, got, getRoutes, nil)
}

// TestRequestBodies: echo has no decoder options of its own.
func TestRequestBodies(t *testing.T) {
	std, got := newApp(nil), newApp(echojson.Serializer{})
	bodies := append(fixture.Bodies(), fixture.Body{Name: "oversized", Data: fixture.Oversized(64 << 10)})
	fixture.SameDecoding(t, std, got, "/bind", bodies)
}
