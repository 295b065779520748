package fiberjson_test

import (
	"math"
	"net"
	"net/http"
	"testing"

	"github.com/gofiber/fiber/v2"
	"github.com/safejson/safejson/integrations/fiberjson"
	"github.com/safejson/safejson/integrations/internal/fixture"
	"github.com/safejson/safejson/policy"
)

const bodyLimit = 64 << 10 // room for the deep bodies

// newApp returns a fiber app built from cfg, which sets its JSON functions
// or leaves fiber's defaults (encoding/json), listening on a loopback port:
// fiber's app.Test drops the response when fasthttp rejects a request
// (an oversized body), so requests go through a real connection.
func newApp(t *testing.T, cfg fiber.Config) fixture.App {
	seen := new(fixture.Seen)
	cfg.BodyLimit = bodyLimit
	cfg.DisableStartupMessage = true
	app := fiber.New(cfg)
	app.Get("/json", func(c *fiber.Ctx) error { return c.JSON(fixture.Payload()) })
	app.Get("/jsonp", func(c *fiber.Ctx) error { return c.JSONP(fixture.Payload(), "cb") })
	app.Get("/error", func(c *fiber.Ctx) error {
		return c.JSON(map[string]float64{"nan": math.NaN()}) // fiber's ErrorHandler writes the error
	})
	app.Post("/bind", func(c *fiber.Ctx) error {
		t, err := seen.Decode(c.BodyParser)
		if err != nil {
			return err
		}
		return c.JSON(t)
	})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go app.Listener(ln) //nolint:errcheck // ends with Shutdown
	t.Cleanup(func() {
		if err := app.Shutdown(); err != nil {
			t.Error(err)
		}
	})
	client := &http.Client{Transport: &http.Transport{DisableKeepAlives: true}}
	return fixture.App{
		Seen: seen,
		Serve: func(req *http.Request) (*http.Response, error) {
			out, err := http.NewRequest(req.Method, "http://"+ln.Addr().String()+req.URL.Path, req.Body)
			if err != nil {
				return nil, err
			}
			out.Header = req.Header
			out.ContentLength = req.ContentLength
			return client.Do(out)
		},
	}
}

func TestResponses(t *testing.T) {
	std, got := newApp(t, fiber.Config{}), newApp(t, fiberjson.Config(fiber.Config{}, policy.Policy{}))
	fixture.SameGets(t, std, got, []string{"/json", "/jsonp", "/error"})
}

func TestScriptSafe(t *testing.T) {
	std := newApp(t, fiber.Config{})
	got := newApp(t, fiberjson.Config(fiber.Config{}, policy.New(policy.ScriptSafe())))
	fixture.ScriptSafe(t, std, got, func() *http.Request { return fixture.Get("/json") }, "")
}

// TestRequestBodies: fiber has no decoder options of its own; BodyParser
// calls JSONDecoder on the whole body.
func TestRequestBodies(t *testing.T) {
	std, got := newApp(t, fiber.Config{}), newApp(t, fiberjson.Config(fiber.Config{}, policy.Policy{}))
	bodies := append(fixture.Bodies(), fixture.Body{Name: "oversized", Data: fixture.Oversized(bodyLimit)})
	fixture.SameDecoding(t, std, got, "/bind", bodies)
}
