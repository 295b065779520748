// gin's default codec is encoding/json only without these tags, and it is
// the oracle here; with them, only the benchmarks build.
//go:build !jsoniter && !go_json && !(sonic && (linux || windows || darwin))

package ginjson_test

import (
	"math"
	"net/http"
	"testing"

	"github.com/gin-gonic/gin"
	"github.com/gin-gonic/gin/binding"
	"github.com/gin-gonic/gin/codec/json"
	"github.com/safejson/safejson/integrations/ginjson"
	"github.com/safejson/safejson/integrations/internal/fixture"
	"github.com/safejson/safejson/policy"
)

// stdCodec is gin's default codec, encoding/json without the tags above.
var stdCodec = ginDefault

const bodyLimit = 64 << 10 // room for the deep bodies

// newApp returns an engine serving the test routes with codec. gin reads
// its codec from the package variable json.API on every call, so Serve sets
// it for the length of each request; these tests do not run in parallel.
func newApp(codec json.Core) fixture.App {
	seen := new(fixture.Seen)
	r := gin.New()
	r.GET("/json", func(c *gin.Context) { c.JSON(http.StatusOK, fixture.Payload()) })
	r.GET("/indented", func(c *gin.Context) { c.IndentedJSON(http.StatusOK, fixture.Payload()) })
	r.GET("/pure", func(c *gin.Context) { c.PureJSON(http.StatusOK, fixture.Payload()) })
	r.GET("/secure", func(c *gin.Context) { c.SecureJSON(http.StatusOK, []any{fixture.Payload()}) })
	r.GET("/ascii", func(c *gin.Context) { c.AsciiJSON(http.StatusOK, fixture.Payload()) })
	r.GET("/error", func(c *gin.Context) {
		c.JSON(http.StatusOK, map[string]float64{"nan": math.NaN()})
		if err := c.Errors.Last(); err != nil {
			c.String(http.StatusInternalServerError, "%T: %v", err.Err, err.Err)
		}
	})
	r.POST("/bind", func(c *gin.Context) {
		c.Request.Body = http.MaxBytesReader(c.Writer, c.Request.Body, bodyLimit)
		t, err := seen.Decode(func(v any) error { return c.BindJSON(v) })
		if err == nil {
			c.JSON(http.StatusOK, t)
		}
	})
	r.POST("/should", func(c *gin.Context) {
		t, err := seen.Decode(func(v any) error { return c.ShouldBindJSON(v) })
		if err != nil {
			c.JSON(http.StatusBadRequest, gin.H{"error": err.Error()})
			return
		}
		c.JSON(http.StatusOK, t)
	})
	return fixture.App{
		Seen: seen,
		Serve: func(req *http.Request) (*http.Response, error) {
			saved := json.API
			json.API = codec
			defer func() { json.API = saved }()
			return fixture.Handler(r)(req)
		},
	}
}

var getRoutes = []string{"/json", "/indented", "/pure", "/secure", "/ascii"}

func TestResponses(t *testing.T) {
	std, got := newApp(stdCodec), newApp(ginjson.Codec{})
	fixture.SameGets(t, std, got, append(getRoutes, "/error"))
}

func TestScriptSafe(t *testing.T) {
	std := newApp(stdCodec)
	got := newApp(ginjson.Codec{Policy: policy.New(policy.ScriptSafe())})
	// "while(1);" is gin's default SecureJSON prefix.
	fixture.ScriptSafeGets(t, std, got, getRoutes, map[string]string{"/secure": "while(1);"})
}

func TestRequestBodies(t *testing.T) {
	std, got := newApp(stdCodec), newApp(ginjson.Codec{})
	bodies := append(fixture.Bodies(), fixture.Body{Name: "oversized", Data: fixture.Oversized(bodyLimit)})
	for _, opts := range []struct {
		name                   string
		useNumber, disallowUnk bool
	}{
		{"defaults", false, false},
		{"UseNumber", true, false},
		{"DisallowUnknownFields", false, true},
		{"both", true, true},
	} {
		t.Run(opts.name, func(t *testing.T) {
			binding.EnableDecoderUseNumber = opts.useNumber
			binding.EnableDecoderDisallowUnknownFields = opts.disallowUnk
			t.Cleanup(func() {
				binding.EnableDecoderUseNumber = false
				binding.EnableDecoderDisallowUnknownFields = false
			})
			for _, path := range []string{"/bind", "/should"} {
				t.Run(path, func(t *testing.T) { fixture.SameDecoding(t, std, got, path, bodies) })
			}
		})
	}
}
