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
	withPolicy := func(p policy.Policy) runtime.Marshaler { return &gatewayjson.Marshaler{Policy: p} }
	serve := func(doc any, m runtime.Marshaler) func() (int, []byte) {
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
		return fixture.ServeHTTP(mux, fixture.Get("/v1/twitter"))
	}
	fixture.BenchTwitter(b, "marshaler", fixture.Choice[runtime.Marshaler]{Name: "JSONBuiltin", Value: &runtime.JSONBuiltin{}}, withPolicy, serve)
}
