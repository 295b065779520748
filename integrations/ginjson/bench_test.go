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
	withPolicy := func(p policy.Policy) ginjsonapi.Core { return ginjson.Codec{Policy: p} }
	serve := func(doc any, codec ginjsonapi.Core) func() (int, []byte) {
		r := gin.New()
		r.GET("/twitter", func(c *gin.Context) { c.JSON(http.StatusOK, doc) })
		send := fixture.ServeHTTP(r, fixture.Get("/twitter"))
		return func() (int, []byte) {
			ginjsonapi.API = codec // the benchmarks run one at a time
			return send()
		}
	}
	var extra []fixture.Choice[ginjsonapi.Core]
	if ginjsonapi.Package != "encoding/json" {
		extra = append(extra, fixture.Choice[ginjsonapi.Core]{Name: "gin_" + path.Base(ginjsonapi.Package), Value: ginDefault})
	}
	b.Cleanup(func() { ginjsonapi.API = ginDefault })
	fixture.BenchTwitter(b, "codec", fixture.Choice[ginjsonapi.Core]{Name: "encoding_json", Value: stdlib{}}, withPolicy, serve, extra...)
}
