package compat_test

// These are encoding/json's documented examples, run through compat. Their
// outputs are the ones encoding/json documents, so they double as a check
// that compat is a drop-in.

import (
	"bytes"
	"fmt"
	"io"
	"log"
	"os"
	"strings"

	"github.com/safejson/safejson/compat"
)

func ExampleMarshal() {
	type ColorGroup struct {
		ID     int
		Name   string
		Colors []string
	}
	group := ColorGroup{
		ID:     1,
		Name:   "Reds",
		Colors: []string{"Crimson", "Red", "Ruby", "Maroon"},
	}
	b, err := compat.Marshal(group)
	if err != nil {
		fmt.Println("error:", err)
	}
	os.Stdout.Write(b)
	// Output:
	// {"ID":1,"Name":"Reds","Colors":["Crimson","Red","Ruby","Maroon"]}
}

func ExampleUnmarshal() {
	blob := []byte(`[
	{"Name": "Platypus", "Order": "Monotremata"},
	{"Name": "Quoll",    "Order": "Dasyuromorphia"}
]`)
	type Animal struct {
		Name  string
		Order string
	}
	var animals []Animal
	if err := compat.Unmarshal(blob, &animals); err != nil {
		fmt.Println("error:", err)
	}
	fmt.Printf("%+v", animals)
	// Output:
	// [{Name:Platypus Order:Monotremata} {Name:Quoll Order:Dasyuromorphia}]
}

// A Decoder reads a stream of distinct JSON values.
func ExampleDecoder() {
	const stream = `
	{"Name": "Ed", "Text": "Knock knock."}
	{"Name": "Sam", "Text": "Who's there?"}
	{"Name": "Ed", "Text": "Go fmt."}
	{"Name": "Sam", "Text": "Go fmt who?"}
	{"Name": "Ed", "Text": "Go fmt yourself!"}
`
	type Message struct {
		Name, Text string
	}
	dec := compat.NewDecoder(strings.NewReader(stream))
	for {
		var m Message
		if err := dec.Decode(&m); err == io.EOF {
			break
		} else if err != nil {
			log.Fatal(err)
		}
		fmt.Printf("%s: %s\n", m.Name, m.Text)
	}
	// Output:
	// Ed: Knock knock.
	// Sam: Who's there?
	// Ed: Go fmt.
	// Sam: Go fmt who?
	// Ed: Go fmt yourself!
}

// Token walks a JSON value one token at a time. The %T lines also show that
// compat.Delim is encoding/json's type.
func ExampleDecoder_Token() {
	const stream = `
	{"Message": "Hello", "Array": [1, 2, 3], "Null": null, "Number": 1.234}
`
	dec := compat.NewDecoder(strings.NewReader(stream))
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			log.Fatal(err)
		}
		fmt.Printf("%T: %v", tok, tok)
		if dec.More() {
			fmt.Printf(" (more)")
		}
		fmt.Printf("\n")
	}
	// Output:
	// json.Delim: { (more)
	// string: Message (more)
	// string: Hello (more)
	// string: Array (more)
	// json.Delim: [ (more)
	// float64: 1 (more)
	// float64: 2 (more)
	// float64: 3
	// json.Delim: ] (more)
	// string: Null (more)
	// <nil>: <nil> (more)
	// string: Number (more)
	// float64: 1.234
	// json.Delim: }
}

// Token and Decode together read a long array one element at a time.
func ExampleDecoder_Decode_stream() {
	const stream = `
	[
		{"Name": "Ed", "Text": "Knock knock."},
		{"Name": "Sam", "Text": "Who's there?"},
		{"Name": "Ed", "Text": "Go fmt."},
		{"Name": "Sam", "Text": "Go fmt who?"},
		{"Name": "Ed", "Text": "Go fmt yourself!"}
	]
`
	type Message struct {
		Name, Text string
	}
	dec := compat.NewDecoder(strings.NewReader(stream))

	tok, err := dec.Token() // [
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%T: %v\n", tok, tok)

	for dec.More() {
		var m Message
		if err := dec.Decode(&m); err != nil {
			log.Fatal(err)
		}
		fmt.Printf("%v: %v\n", m.Name, m.Text)
	}

	tok, err = dec.Token() // ]
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%T: %v\n", tok, tok)
	// Output:
	// json.Delim: [
	// Ed: Knock knock.
	// Sam: Who's there?
	// Ed: Go fmt.
	// Sam: Go fmt who?
	// Ed: Go fmt yourself!
	// json.Delim: ]
}

// RawMessage delays decoding part of a message until its type is known.
func ExampleRawMessage_unmarshal() {
	type Color struct {
		Space string
		Point compat.RawMessage
	}
	type RGB struct {
		R, G, B uint8
	}
	type YCbCr struct {
		Y      uint8
		Cb, Cr int8
	}

	blob := []byte(`[
	{"Space": "YCbCr", "Point": {"Y": 255, "Cb": 0, "Cr": -10}},
	{"Space": "RGB",   "Point": {"R": 98, "G": 218, "B": 255}}
]`)
	var colors []Color
	if err := compat.Unmarshal(blob, &colors); err != nil {
		log.Fatalln("error:", err)
	}
	for _, c := range colors {
		var dst any
		switch c.Space {
		case "RGB":
			dst = new(RGB)
		case "YCbCr":
			dst = new(YCbCr)
		}
		if err := compat.Unmarshal(c.Point, dst); err != nil {
			log.Fatalln("error:", err)
		}
		fmt.Println(c.Space, dst)
	}
	// Output:
	// YCbCr &{255 0 -10}
	// RGB &{98 218 255}
}

// RawMessage also carries precomputed JSON into the output.
func ExampleRawMessage_marshal() {
	h := compat.RawMessage(`{"precomputed": true}`)
	c := struct {
		Header *compat.RawMessage `json:"header"`
		Body   string             `json:"body"`
	}{Header: &h, Body: "Hello Gophers!"}

	b, err := compat.MarshalIndent(&c, "", "\t")
	if err != nil {
		fmt.Println("error:", err)
	}
	os.Stdout.Write(b)
	// Output:
	// {
	// 	"header": {
	// 		"precomputed": true
	// 	},
	// 	"body": "Hello Gophers!"
	// }
}

func ExampleIndent() {
	type Road struct {
		Name   string
		Number int
	}
	roads := []Road{
		{"Diamond Fork", 29},
		{"Sheep Creek", 51},
	}
	b, err := compat.Marshal(roads)
	if err != nil {
		log.Fatal(err)
	}
	var out bytes.Buffer
	compat.Indent(&out, b, "=", "\t")
	out.WriteTo(os.Stdout)
	// Output:
	// [
	// =	{
	// =		"Name": "Diamond Fork",
	// =		"Number": 29
	// =	},
	// =	{
	// =		"Name": "Sheep Creek",
	// =		"Number": 51
	// =	}
	// =]
}

func ExampleMarshalIndent() {
	data := map[string]int{
		"a": 1,
		"b": 2,
	}
	b, err := compat.MarshalIndent(data, "<prefix>", "<indent>")
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(string(b))
	// Output:
	// {
	// <prefix><indent>"a": 1,
	// <prefix><indent>"b": 2
	// <prefix>}
}

func ExampleValid() {
	goodJSON := `{"example": 1}`
	badJSON := `{"example":2:]}}`

	fmt.Println(compat.Valid([]byte(goodJSON)), compat.Valid([]byte(badJSON)))
	// Output:
	// true false
}

func ExampleHTMLEscape() {
	var out bytes.Buffer
	compat.HTMLEscape(&out, []byte(`{"Name":"<b>HTML content</b>"}`))
	out.WriteTo(os.Stdout)
	// Output:
	//{"Name":"\u003cb\u003eHTML content\u003c/b\u003e"}
}

// zooAnimal marshals itself as a JSON string; see Example_customMarshalJSON.
type zooAnimal int

const (
	unknownAnimal zooAnimal = iota
	gopher
	zebra
)

func (a *zooAnimal) UnmarshalJSON(b []byte) error {
	var s string
	if err := compat.Unmarshal(b, &s); err != nil {
		return err
	}
	switch strings.ToLower(s) {
	default:
		*a = unknownAnimal
	case "gopher":
		*a = gopher
	case "zebra":
		*a = zebra
	}
	return nil
}

func (a zooAnimal) MarshalJSON() ([]byte, error) {
	var s string
	switch a {
	default:
		s = "unknown"
	case gopher:
		s = "gopher"
	case zebra:
		s = "zebra"
	}
	return compat.Marshal(s)
}

func Example_customMarshalJSON() {
	blob := `["gopher","armadillo","zebra","unknown","gopher","bee","gopher","zebra"]`
	var zoo []zooAnimal
	if err := compat.Unmarshal([]byte(blob), &zoo); err != nil {
		log.Fatal(err)
	}

	census := make(map[zooAnimal]int)
	for _, animal := range zoo {
		census[animal] += 1
	}

	fmt.Printf("Zoo Census:\n* Gophers: %d\n* Zebras:  %d\n* Unknown: %d\n",
		census[gopher], census[zebra], census[unknownAnimal])

	// The same values go back out through compat's encoder.
	out, err := compat.Marshal(zoo)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(string(out))
	// Output:
	// Zoo Census:
	// * Gophers: 3
	// * Zebras:  2
	// * Unknown: 3
	// ["gopher","unknown","zebra","unknown","gopher","unknown","gopher","zebra"]
}

// shirtSize marshals itself as text; see Example_textMarshalJSON.
type shirtSize int

const (
	unrecognizedSize shirtSize = iota
	small
	large
)

func (s *shirtSize) UnmarshalText(text []byte) error {
	switch strings.ToLower(string(text)) {
	default:
		*s = unrecognizedSize
	case "small":
		*s = small
	case "large":
		*s = large
	}
	return nil
}

func (s shirtSize) MarshalText() ([]byte, error) {
	var name string
	switch s {
	default:
		name = "unrecognized"
	case small:
		name = "small"
	case large:
		name = "large"
	}
	return []byte(name), nil
}

func Example_textMarshalJSON() {
	blob := `["small","regular","large","unrecognized","small","normal","small","large"]`
	var inventory []shirtSize
	if err := compat.Unmarshal([]byte(blob), &inventory); err != nil {
		log.Fatal(err)
	}

	counts := make(map[shirtSize]int)
	for _, size := range inventory {
		counts[size] += 1
	}

	fmt.Printf("Inventory Counts:\n* Small:        %d\n* Large:        %d\n* Unrecognized: %d\n",
		counts[small], counts[large], counts[unrecognizedSize])

	// TextMarshaler keys come out as their text, sorted.
	out, err := compat.Marshal(counts)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(string(out))
	// Output:
	// Inventory Counts:
	// * Small:        3
	// * Large:        2
	// * Unrecognized: 3
	// {"large":2,"small":3,"unrecognized":3}
}
