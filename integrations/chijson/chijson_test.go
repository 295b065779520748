package chijson_test

import (
	"math"
	"net/http"
	"testing"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"
	"github.com/go-chi/render"
	"github.com/safejson/safejson/integrations/chijson"
	"github.com/safejson/safejson/integrations/internal/fixture"
	"github.com/safejson/safejson/policy"
)

const bodyLimit = 64 << 10 // room for the deep bodies

// hooks are what an app uses in place of render's own functions.
type hooks struct {
	json    func(w http.ResponseWriter, r *http.Request, v any)
	respond func(w http.ResponseWriter, r *http.Request, v any)
	decode  func(r *http.Request, v any) error
}

var stdHooks = hooks{render.JSON, render.DefaultResponder, render.DefaultDecoder}

func safejsonHooks(p policy.Policy) hooks {
	return hooks{
		json:    func(w http.ResponseWriter, r *http.Request, v any) { chijson.JSON(p, w, r, v) },
		respond: chijson.Responder(p),
		decode:  chijson.Decode,
	}
}

type rendered struct{ fixture.Item }

func (rendered) Render(http.ResponseWriter, *http.Request) error { return nil }

// newApp returns a chi router using h. render.Respond and render.Decode are
// package variables, so Serve sets them for the length of each request;
// these tests do not run in parallel.
func newApp(h hooks) fixture.App {
	seen := new(fixture.Seen)
	r := chi.NewRouter()
	r.Use(middleware.RequestSize(bodyLimit))
	r.Get("/json", func(w http.ResponseWriter, r *http.Request) { h.json(w, r, fixture.Payload()) })
	r.Get("/respond", func(w http.ResponseWriter, r *http.Request) { render.Respond(w, r, fixture.Payload()) })
	r.Get("/render", func(w http.ResponseWriter, r *http.Request) {
		if err := render.Render(w, r, rendered{fixture.Payload()}); err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
		}
	})
	r.Get("/channel", func(w http.ResponseWriter, r *http.Request) {
		ch := make(chan fixture.Item, 2)
		ch <- fixture.Payload()
		ch <- fixture.Payload()
		close(ch)
		render.Respond(w, r, ch)
	})
	r.Get("/error", func(w http.ResponseWriter, r *http.Request) {
		h.json(w, r, map[string]float64{"nan": math.NaN()})
	})
	r.Post("/bind", func(w http.ResponseWriter, r *http.Request) {
		t, err := seen.Decode(func(v any) error { return render.Decode(r, v) })
		if err != nil {
			render.Status(r, http.StatusBadRequest)
			render.Respond(w, r, map[string]string{"error": err.Error()})
			return
		}
		render.Respond(w, r, t)
	})
	return fixture.App{
		Seen: seen,
		Serve: func(req *http.Request) (*http.Response, error) {
			respond, decode := render.Respond, render.Decode
			render.Respond, render.Decode = h.respond, h.decode
			defer func() { render.Respond, render.Decode = respond, decode }()
			return fixture.Handler(r)(req)
		},
	}
}

var getRoutes = []string{"/json", "/respond", "/render"}

func TestResponses(t *testing.T) {
	std, got := newApp(stdHooks), newApp(safejsonHooks(policy.Policy{}))
	fixture.SameGets(t, std, got, append(getRoutes, "/error"))
}

// TestDelegated: XML and channels go to render's own code, as before.
func TestDelegated(t *testing.T) {
	std, got := newApp(stdHooks), newApp(safejsonHooks(policy.New(policy.ScriptSafe())))
	for _, c := range []struct{ path, accept string }{
		{"/respond", "application/xml"},
		{"/channel", ""},
		{"/channel", "text/event-stream"},
	} {
		t.Run(c.path+" "+c.accept, func(t *testing.T) {
			fixture.SameResponse(t, std, got, func() *http.Request {
				req := fixture.Get(c.path)
				req.Header.Set("Accept", c.accept)
				return req
			})
		})
	}
}

func TestScriptSafe(t *testing.T) {
	std, got := newApp(stdHooks), newApp(safejsonHooks(policy.New(policy.ScriptSafe())))
	fixture.ScriptSafeGets(t, std, got, getRoutes, nil)
}

// TestRequestBodies: render has no decoder options; chi's RequestSize
// middleware limits the body.
func TestRequestBodies(t *testing.T) {
	std, got := newApp(stdHooks), newApp(safejsonHooks(policy.Policy{}))
	bodies := append(fixture.Bodies(), fixture.Body{Name: "oversized", Data: fixture.Oversized(bodyLimit)})
	fixture.SameDecoding(t, std, got, "/bind", bodies)
}
