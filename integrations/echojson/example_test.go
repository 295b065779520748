package echojson_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"

	"github.com/labstack/echo/v4"
	"github.com/safejson/safejson/integrations/echojson"
	"github.com/safejson/safejson/policy"
)

func ExampleSerializer() {
	e := echo.New()
	e.JSONSerializer = echojson.Serializer{Policy: policy.New(policy.ScriptSafe())}
	e.GET("/", func(c echo.Context) error {
		return c.JSON(http.StatusOK, map[string]string{"comment": "</script>"})
	})
	rec := httptest.NewRecorder()
	e.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/", nil))
	fmt.Print(rec.Body)
	// Output: {"comment":"\u003c\/script\u003e"}
}
