package ginjson_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"

	"github.com/gin-gonic/gin"
	"github.com/gin-gonic/gin/codec/json"
	"github.com/safejson/safejson/integrations/ginjson"
	"github.com/safejson/safejson/policy"
)

func ExampleCodec() {
	json.API = ginjson.Codec{Policy: policy.New(policy.ScriptSafe())} // once, in main
	defer func() { json.API = ginDefault }()

	r := gin.New()
	r.GET("/", func(c *gin.Context) { c.JSON(http.StatusOK, gin.H{"comment": "</script>"}) })
	rec := httptest.NewRecorder()
	r.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/", nil))
	fmt.Println(rec.Body)
	// Output: {"comment":"\u003c\/script\u003e"}
}
