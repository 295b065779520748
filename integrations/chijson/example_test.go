package chijson_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"

	"github.com/go-chi/chi/v5"
	"github.com/safejson/safejson/integrations/chijson"
	"github.com/safejson/safejson/policy"
)

func ExampleJSON() {
	page := policy.New(policy.ScriptSafe())
	r := chi.NewRouter()
	r.Get("/", func(w http.ResponseWriter, r *http.Request) {
		chijson.JSON(page, w, r, map[string]string{"comment": "</script>"})
	})
	rec := httptest.NewRecorder()
	r.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/", nil))
	fmt.Print(rec.Body)
	// Output: {"comment":"\u003c\/script\u003e"}
}

// For render.Render and render.Bind, set render's hooks once, in main:
//
//	render.Respond = chijson.Responder(policy.New(policy.ScriptSafe()))
//	render.Decode = chijson.Decode
func ExampleResponder() {
	respond := chijson.Responder(policy.Policy{})
	rec := httptest.NewRecorder()
	respond(rec, httptest.NewRequest(http.MethodGet, "/", nil), []int{1, 2})
	fmt.Print(rec.Body)
	// Output: [1,2]
}
