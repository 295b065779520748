package ginjson_test

import (
	"github.com/gin-gonic/gin"
	"github.com/gin-gonic/gin/codec/json"
)

// ginDefault is the codec gin chose at build time: encoding/json, or
// goccy/go-json with -tags go_json (sonic with -tags sonic).
var ginDefault = json.API

func init() {
	gin.SetMode(gin.TestMode) // no route listing on stdout, which Examples compare
}
