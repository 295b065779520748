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

type respond = func(w http.ResponseWriter, r *http.Request, v any)

// BenchmarkTwitter: one chi handler writing twitter_status (as any) with
// render.JSON or chijson.JSON. render has no faster encoder of its own.
func BenchmarkTwitter(b *testing.B) {
	withPolicy := func(p policy.Policy) respond {
		return func(w http.ResponseWriter, r *http.Request, v any) { chijson.JSON(p, w, r, v) }
	}
	serve := func(doc any, json respond) func() (int, []byte) {
		r := chi.NewRouter()
		r.Get("/twitter", func(w http.ResponseWriter, r *http.Request) { json(w, r, doc) })
		return fixture.ServeHTTP(r, fixture.Get("/twitter"))
	}
	fixture.BenchTwitter(b, "json", fixture.Choice[respond]{Name: "render", Value: render.JSON}, withPolicy, serve)
}
