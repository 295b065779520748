package gatewayjson_test

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"testing"

	"github.com/grpc-ecosystem/grpc-gateway/v2/runtime"
	"github.com/safejson/safejson/integrations/gatewayjson"
	"github.com/safejson/safejson/integrations/internal/fixture"
	"github.com/safejson/safejson/policy"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/structpb"
	"google.golang.org/protobuf/types/known/wrapperspb"
)

// payloadStruct is fixture.Payload as a protobuf Struct, whose oneof Kind
// fields encoding/json writes as nested objects.
func payloadStruct(t *testing.T) *structpb.Struct {
	b, err := json.Marshal(fixture.Payload())
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	s, err := structpb.NewStruct(m)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// newApp returns a gateway mux with m for every MIME type. Its handlers do
// what generated gateway handlers do: pick the marshalers for the request,
// decode the body with the inbound one (an empty body is not an error),
// answer through ForwardResponseMessage, and report a decoding error as
// codes.InvalidArgument through runtime.HTTPError.
func newApp(t *testing.T, m runtime.Marshaler) fixture.App {
	seen := new(fixture.Seen)
	mux := runtime.NewServeMux(runtime.WithMarshalerOption(runtime.MIMEWildcard, m))
	respond := func(path string, msg proto.Message) {
		err := mux.HandlePath(http.MethodGet, path, func(w http.ResponseWriter, r *http.Request, _ map[string]string) {
			_, outbound := runtime.MarshalerForRequest(mux, r)
			runtime.ForwardResponseMessage(r.Context(), mux, outbound, w, r, msg)
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	respond("/v1/struct", payloadStruct(t))
	respond("/v1/string", wrapperspb.String(fixture.Payload().Script+fixture.Payload().Separator))
	err := mux.HandlePath(http.MethodPost, "/v1/bind", func(w http.ResponseWriter, r *http.Request, _ map[string]string) {
		inbound, outbound := runtime.MarshalerForRequest(mux, r)
		target, err := seen.Decode(inbound.NewDecoder(r.Body).Decode)
		if err != nil && !errors.Is(err, io.EOF) {
			runtime.HTTPError(r.Context(), mux, outbound, w, r, status.Errorf(codes.InvalidArgument, "%v", err))
			return
		}
		runtime.ForwardResponseMessage(r.Context(), mux, outbound, w, r, wrapperspb.String(target.Name))
	})
	if err != nil {
		t.Fatal(err)
	}
	return fixture.App{Serve: fixture.Handler(mux), Seen: seen}
}

var getRoutes = []string{"/v1/struct", "/v1/string"}

func TestResponses(t *testing.T) {
	std, got := newApp(t, &runtime.JSONBuiltin{}), newApp(t, &gatewayjson.Marshaler{})
	fixture.SameGets(t, std, got, getRoutes)
}

func TestScriptSafe(t *testing.T) {
	std := newApp(t, &runtime.JSONBuiltin{})
	got := newApp(t, &gatewayjson.Marshaler{Policy: policy.New(policy.ScriptSafe())})
	fixture.ScriptSafeGets(t, std, got, getRoutes, nil)
	// The error status is written by the outbound marshaler too.
	t.Run("error", func(t *testing.T) {
		fixture.ScriptSafe(t, std, got, func() *http.Request { return fixture.Post("/v1/bind", `{"name":"</script>",}`) }, "")
	})
}

// TestRequestBodies: JSONBuiltin has no decoder options, and the gateway
// no body limit.
func TestRequestBodies(t *testing.T) {
	std, got := newApp(t, &runtime.JSONBuiltin{}), newApp(t, &gatewayjson.Marshaler{})
	fixture.SameDecoding(t, std, got, "/v1/bind", fixture.Bodies())
}
