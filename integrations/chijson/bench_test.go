package chijson_test

import (
	"net/http"
	"testing"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/render"
	"github.com/safejson/safejson/integrations/chijson"
	"github.com/safejson/safejson/integrations/internal/fixture"
	"github.com/safejson/safejson/policy"
)

// BenchmarkTwitter: one chi handler writing twitter_status (as any) with
// render.JSON or chijson.JSON. render has no faster encoder of its own.
func BenchmarkTwitter(b *testing.B) {
	doc, err := fixture.Twitter()
	if err != nil {
		b.Fatal(err)
	}
	variant := func(name string, json func(w http.ResponseWriter, r *http.Request, v any), want func(first, body []byte) error) fixture.Variant {
		r := chi.NewRouter()
		r.Get("/twitter", func(w http.ResponseWriter, r *http.Request) { json(w, r, doc) })
		return fixture.Variant{Name: name, Want: want, Serve: fixture.ServeHTTP(r, fixture.Get("/twitter"))}
	}
	withPolicy := func(p policy.Policy) func(w http.ResponseWriter, r *http.Request, v any) {
		return func(w http.ResponseWriter, r *http.Request, v any) { chijson.JSON(p, w, r, v) }
	}
	fixture.Bench(b, []fixture.Variant{
		variant("json=render", render.JSON, nil),
		variant("json=safejson_compat", withPolicy(policy.Policy{}), fixture.Same),
		variant("json=safejson_scriptsafe", withPolicy(policy.New(policy.ScriptSafe())), fixture.Safe),
	})
}
