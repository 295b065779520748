package fiberjson_test

import (
	"fmt"
	"io"
	"net/http/httptest"

	"github.com/gofiber/fiber/v2"
	"github.com/safejson/safejson/integrations/fiberjson"
	"github.com/safejson/safejson/policy"
)

func ExampleConfig() {
	app := fiber.New(fiberjson.Config(fiber.Config{}, policy.New(policy.ScriptSafe())))
	app.Get("/", func(c *fiber.Ctx) error { return c.JSON(fiber.Map{"comment": "</script>"}) })
	resp, err := app.Test(httptest.NewRequest("GET", "/", nil))
	if err != nil {
		panic(err)
	}
	body, _ := io.ReadAll(resp.Body)
	fmt.Println(string(body))
	// Output: {"comment":"\u003c\/script\u003e"}
}
