package gatewayjson_test

import (
	"net/http"
	"testing"

	"github.com/grpc-ecosystem/grpc-gateway/v2/runtime"
	"github.com/safejson/safejson/integrations/gatewayjson"
	"github.com/safejson/safejson/integrations/internal/fixture"
	"github.com/safejson/safejson/policy"
)

// BenchmarkTwitter: one mux handler writing twitter_status (as any) with
// the request's outbound marshaler, as ForwardResponseMessage does for a
// message (a protobuf message would put protojson's cost in every
// variant). The gateway has no faster JSON marshaler of its own.
func BenchmarkTwitter(b *testing.B) {
	doc, err := fixture.Twitter()
	if err != nil {
		b.Fatal(err)
	}
	variant := func(name string, m runtime.Marshaler, want func(first, body []byte) error) fixture.Variant {
		mux := runtime.NewServeMux(runtime.WithMarshalerOption(runtime.MIMEWildcard, m))
		err := mux.HandlePath(http.MethodGet, "/v1/twitter", func(w http.ResponseWriter, r *http.Request, _ map[string]string) {
			_, outbound := runtime.MarshalerForRequest(mux, r)
			buf, err := outbound.Marshal(doc)
			if err != nil {
				http.Error(w, err.Error(), http.StatusInternalServerError)
				return
			}
			w.Header().Set("Content-Type", outbound.ContentType(doc))
			w.Write(buf) //nolint:errcheck // a recorder
		})
		if err != nil {
			b.Fatal(err)
		}
		return fixture.Variant{Name: name, Want: want, Serve: fixture.ServeHTTP(mux, fixture.Get("/v1/twitter"))}
	}
	fixture.Bench(b, []fixture.Variant{
		variant("marshaler=JSONBuiltin", &runtime.JSONBuiltin{}, nil),
		variant("marshaler=safejson_compat", &gatewayjson.Marshaler{}, fixture.Same),
		variant("marshaler=safejson_scriptsafe", &gatewayjson.Marshaler{Policy: policy.New(policy.ScriptSafe())}, fixture.Safe),
	})
}
