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
	doc, err := fixture.Twitter()
	if err != nil {
		b.Fatal(err)
	}
	variant := func(name string, cfg fiber.Config, want func(first, body []byte) error) fixture.Variant {
		app := fiber.New(cfg)
		app.Get("/twitter", func(c *fiber.Ctx) error { return c.JSON(doc) })
		h := app.Handler()
		var ctx fasthttp.RequestCtx
		return fixture.Variant{Name: name, Want: want, Serve: func() (int, []byte) {
			ctx.Request.Reset()
			ctx.Response.Reset()
			ctx.Request.SetRequestURI("/twitter")
			h(&ctx)
			return ctx.Response.StatusCode(), ctx.Response.Body()
		}}
	}
	fixture.Bench(b, []fixture.Variant{
		variant("encoder=encoding_json", fiber.Config{}, nil),
		variant("encoder=safejson_compat", fiberjson.Config(fiber.Config{}, policy.Policy{}), fixture.Same),
		variant("encoder=safejson_scriptsafe", fiberjson.Config(fiber.Config{}, policy.New(policy.ScriptSafe())), fixture.Safe),
		variant("encoder=goccy", fiber.Config{JSONEncoder: goccy.Marshal, JSONDecoder: goccy.Unmarshal}, nil),
	})
}
