package fiberjson_test

import (
	"testing"

	goccy "github.com/goccy/go-json"
	"github.com/gofiber/fiber/v2"
	"github.com/safejson/safejson/integrations/fiberjson"
	"github.com/safejson/safejson/integrations/internal/fixture"
	"github.com/safejson/safejson/policy"
	"github.com/valyala/fasthttp"
)

// BenchmarkTwitter: one c.JSON handler writing twitter_status (as any),
// called through fiber's fasthttp handler without a connection. fiber's
// docs offer goccy/go-json as a faster JSONEncoder.
func BenchmarkTwitter(b *testing.B) {
	withPolicy := func(p policy.Policy) fiber.Config { return fiberjson.Config(fiber.Config{}, p) }
	serve := func(doc any, cfg fiber.Config) func() (int, []byte) {
		app := fiber.New(cfg)
		app.Get("/twitter", func(c *fiber.Ctx) error { return c.JSON(doc) })
		h := app.Handler()
		var ctx fasthttp.RequestCtx
		return func() (int, []byte) {
			ctx.Request.Reset()
			ctx.Response.Reset()
			ctx.Request.SetRequestURI("/twitter")
			h(&ctx)
			return ctx.Response.StatusCode(), ctx.Response.Body()
		}
	}
	goccyConfig := fiber.Config{JSONEncoder: goccy.Marshal, JSONDecoder: goccy.Unmarshal}
	fixture.BenchTwitter(b, "encoder", fixture.Choice[fiber.Config]{Name: "encoding_json"}, withPolicy, serve,
		fixture.Choice[fiber.Config]{Name: "goccy", Value: goccyConfig})
}
