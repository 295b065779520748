package ginjson_test

import (
	"encoding/json"
	"io"
	"net/http"
	"path"
	"testing"

	"github.com/gin-gonic/gin"
	ginjsonapi "github.com/gin-gonic/gin/codec/json"
	"github.com/safejson/safejson/integrations/ginjson"
	"github.com/safejson/safejson/integrations/internal/fixture"
	"github.com/safejson/safejson/policy"
)

// stdlib is encoding/json as a gin codec, so that it runs beside gin's
// tagged choice in one process.
type stdlib struct{}

func (stdlib) Marshal(v any) ([]byte, error)      { return json.Marshal(v) }
func (stdlib) Unmarshal(data []byte, v any) error { return json.Unmarshal(data, v) }
func (stdlib) MarshalIndent(v any, prefix, indent string) ([]byte, error) {
	return json.MarshalIndent(v, prefix, indent)
}
func (stdlib) NewEncoder(w io.Writer) ginjsonapi.Encoder { return json.NewEncoder(w) }
func (stdlib) NewDecoder(r io.Reader) ginjsonapi.Decoder { return json.NewDecoder(r) }

// BenchmarkTwitter: one c.JSON handler writing twitter_status (as any).
// go test -tags go_json -run '^$' -bench . adds gin's goccy/go-json codec.
func BenchmarkTwitter(b *testing.B) {
	gin.SetMode(gin.ReleaseMode)
	doc, err := fixture.Twitter()
	if err != nil {
		b.Fatal(err)
	}
	r := gin.New()
	r.GET("/twitter", func(c *gin.Context) { c.JSON(http.StatusOK, doc) })
	req := fixture.Get("/twitter")
	variant := func(name string, codec ginjsonapi.Core, want func(first, body []byte) error) fixture.Variant {
		serve := fixture.ServeHTTP(r, req)
		return fixture.Variant{Name: name, Want: want, Serve: func() (int, []byte) {
			ginjsonapi.API = codec // the benchmarks run one at a time
			return serve()
		}}
	}
	variants := []fixture.Variant{
		variant("codec=encoding_json", stdlib{}, nil),
		variant("codec=safejson_compat", ginjson.Codec{}, fixture.Same),
		variant("codec=safejson_scriptsafe", ginjson.Codec{Policy: policy.New(policy.ScriptSafe())}, fixture.Safe),
	}
	if ginjsonapi.Package != "encoding/json" {
		variants = append(variants, variant("codec=gin_"+path.Base(ginjsonapi.Package), ginDefault, nil))
	}
	b.Cleanup(func() { ginjsonapi.API = ginDefault })
	fixture.Bench(b, variants)
}
