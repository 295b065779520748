//go:build goexperiment.jsonv2 && go1.27

package jsontext_test

import (
	"bytes"
	"fmt"
	"io"
	"strings"

	"github.com/safejson/safejson/compat/jsontext"
)

func ExampleNewDecoder() {
	dec := jsontext.NewDecoder(strings.NewReader(`{"a":[1,true]}`))
	for {
		tok, err := dec.ReadToken()
		if err == io.EOF {
			break
		}
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Print(tok.Kind(), " ")
	}
	fmt.Println()
	// Output: { string [ number true ] }
}

func ExampleNewEncoder() {
	var buf bytes.Buffer
	enc := jsontext.NewEncoder(&buf, jsontext.EscapeForHTML(true))
	if err := enc.WriteValue(jsontext.Value(`[ "</script>", 1 ]`)); err != nil {
		fmt.Println(err)
	}
	fmt.Print(buf.String())
	// Output: ["\u003c/script\u003e",1]
}
