//go:build goexperiment.jsonv2 && go1.27

package jsontext_test

import (
	"bytes"
	"errors"
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

// Tokens written one at a time, and a repeated name caught with errors.Is,
// with only this package imported.
func Example_tokens() {
	var buf bytes.Buffer
	enc := jsontext.NewEncoder(&buf)
	for _, tok := range []jsontext.Token{
		jsontext.BeginObject, jsontext.String("ok"), jsontext.True,
		jsontext.String("items"), jsontext.BeginArray, jsontext.Int(1), jsontext.Null, jsontext.EndArray,
		jsontext.EndObject,
	} {
		if err := enc.WriteToken(tok); err != nil {
			fmt.Println(err)
			return
		}
	}
	fmt.Print(buf.String())

	dec := jsontext.NewDecoder(strings.NewReader(`{"a":1,"a":2}`))
	for {
		if _, err := dec.ReadToken(); err != nil {
			fmt.Println(errors.Is(err, jsontext.ErrDuplicateName))
			return
		}
	}
	// Output:
	// {"ok":true,"items":[1,null]}
	// true
}
