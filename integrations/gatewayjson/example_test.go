package gatewayjson_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"

	"github.com/grpc-ecosystem/grpc-gateway/v2/runtime"
	"github.com/safejson/safejson/integrations/gatewayjson"
	"github.com/safejson/safejson/policy"
	"google.golang.org/protobuf/types/known/wrapperspb"
)

func ExampleMarshaler() {
	mux := runtime.NewServeMux(
		runtime.WithMarshalerOption(runtime.MIMEWildcard, &gatewayjson.Marshaler{Policy: policy.New(policy.ScriptSafe())}),
	)
	// A generated handler does the same with its response message.
	err := mux.HandlePath(http.MethodGet, "/v1/comment", func(w http.ResponseWriter, r *http.Request, _ map[string]string) {
		_, outbound := runtime.MarshalerForRequest(mux, r)
		runtime.ForwardResponseMessage(r.Context(), mux, outbound, w, r, wrapperspb.String("</script>"))
	})
	if err != nil {
		panic(err)
	}
	rec := httptest.NewRecorder()
	mux.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/v1/comment", nil))
	fmt.Println(rec.Body)
	// Output: {"value":"\u003c\/script\u003e"}
}
