//go:build goexperiment.jsonv2 && go1.27

package json_test

import (
	jsonv2 "encoding/json/v2"
	"errors"
	"fmt"
	"os"

	"github.com/safejson/safejson/compat/jsontext"
	json "github.com/safejson/safejson/compat/v2"
)

func ExampleMarshal() {
	type Order struct {
		ID    int               `json:"id"`
		Items []string          `json:"items"`
		Notes map[string]string `json:"notes"`
	}
	// v2's defaults: nil slices and maps are [] and {}; Deterministic
	// sorts map keys.
	b, err := json.Marshal(Order{ID: 7}, json.Deterministic(true))
	fmt.Println(string(b), err)
	// Output: {"id":7,"items":[],"notes":{}} <nil>
}

func ExampleUnmarshal() {
	var v struct{ Name string }
	err := json.Unmarshal([]byte(`{"Name":"a","Extra":1}`), &v, json.RejectUnknownMembers(true))
	fmt.Println(errors.Is(err, jsonv2.ErrUnknownName)) // the standard library's value
	// Output: true
}

func ExampleMarshalWrite() {
	// Options of compat/jsontext are the standard library's, so they
	// join with compat/v2's.
	opts := json.JoinOptions(json.Deterministic(true), jsontext.Multiline(true))
	if err := json.MarshalWrite(os.Stdout, map[string]int{"b": 2, "a": 1}, opts); err != nil {
		fmt.Println(err)
	}
	// Output:
	// {
	// 	"a": 1,
	// 	"b": 2
	// }
}
