//go:build goexperiment.jsonv2 && go1.27

package decoder_test

// The v2 decoding tests of inputs chosen by hand: each JSON form and rule,
// long arrays and documents, integers, and what is left to encoding/json/v2.

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"
	"time"

	"github.com/safejson/safejson/internal/decoder"
	"github.com/safejson/safejson/internal/v2opts"
)

var inputs = []string{
	`null`, `true`, `false`, `0`, `-0`, `1`, `-1`, `127`, `128`, `-128`, `-129`, `255`, `256`,
	`4294967295`, `4294967296`, `9223372036854775807`, `9223372036854775808`, `-9223372036854775808`,
	`-9223372036854775809`, `18446744073709551615`, `1.5`, `1e2`, `1E-2`, `-0.0`, `1e39`, `3.4e38`,
	`1e400`, `01`, `1.`, `.5`, `-`, `+1`, `0x1`, `1 2`, ` 1 `, "\t1\r\n",
	`""`, `"a"`, `"\u00e9\ud83d\ude00"`, `"\ud800"`, `"\udc00\ud800"`, `"\x"`, "\"\x01\"", "\"\xff\"",
	"\"\xed\xa0\x80\"", `"é"`, `"\/\b\f\n\r\t\"\\"`, `"abc`, `"\u12"`,
	`"2006-01-02T15:04:05Z"`, `"2006-01-02T15:04:05.999999999+07:00"`, `"2006-01-02T15:04:05-23:59"`,
	`"2006-01-02T15:04:05+24:00"`, `"2006-01-02T15:04:05+07:60"`, `"2006-01-02T1:04:05Z"`,
	`"2006-01-02T15:04:05,5Z"`, `"2006-01-02t15:04:05z"`, `"2006-02-30T15:04:05Z"`, `"2006-01-02T15:04:05"`,
	`"10000-01-02T15:04:05Z"`, `"1s"`,
	`[]`, `[1]`, `[1,2]`, `[1,2,3]`, `[true,false]`, `[true]`, `[true,false,true]`, `[1,]`, `[,1]`,
	`[null]`, `[[1.5],[]]`, `[1.5,-2e-3]`, `[[1.5,null,3],[0.1234567890123456789012,1e400,"x"]]`,
	`[[1, 2 ,3],[-0.0,1e5,2.5e-300]]`, `["a","b"]`, `[{"A":1},{"b":"x"}]`, `[1 2]`, `[`, `]`,
	`{}`, `{"a":1}`, `{"a":1,"a":2}`, `{"a":1,"\u0061":2}`, `{"a":null}`, `{"0":1,"-0":2}`, `{"1":1,"01":2}`,
	`{"-1":"x"}`, `{"-0":"z"}`, `{"-01":1}`, `{"255":true}`, `{"256":true}`, `{"1.0":1}`, `{" 1":1}`, `{"a":[1.5,2]}`, `{"a":1,}`,
	`{,}`, `{"a"}`, `{"a":}`, `{"a" : 1 }`, `{1:2}`, `{"\ud800":1}`, "{\"\xff\":1}",
	shapesDoc,
	`{"Bool":null,"Ints":null,"Ptr":null,"Slice":null,"Map":null,"Any":null,"When":null,"Anon":null}`,
	`{"Ints":[1,2]}`, `{"Ints":[1,2,3,4]}`, `{"Ints":[1,2,300]}`, `{"bool":true}`, `{"STRICT":1}`,
	`{"Bool":true,"Bool":false}`, `{"x":1,"x":2}`, `{"x":1,"y":2,"x":3}`, `{"Ptr":{"A":1,"A":1}}`,
	`{"unknown":{"a":1,"b":{"a":1}}}`, `{"unknown":{"a":1,"\u0061":{}}}`, `{"E1":1,"Embedded":{}}`,
	`{"F0":1,"F11":2,"Name":"n","F5":3}`, `{"F0":1,"F0":1}`, `{"name":"x"}`, `{"Name":"x","name":"y"}`,
	`{"T":"x"}`, `"aGVsbG8="`, `{"a":{"b":{"c":[[[[]]]]}}}`,
	`{"When":"2006-01-02T15:04:05Z","When":"2006-01-02T15:04:05Z"}`, `{"When":1}`, `{"When":"bad"}`,
	`{"Any":1e400}`, `{"Any":"\ud800"}`, `{"Map":{"a":1.5}}`, `{"Uint":-1}`, `{"S":1}`, `{"Bool":"true"}`,
	`{"I":"12","U":"7","F":"1.5e3","g":"-0.25"}`, `{"I":12}`, `{"I":"1.0"}`, `{"I":" 1"}`, `{"I":"1 "}`,
	`{"I":"null"}`, `{"U":null,"I":null}`, `{"U":"null"}`, `{"I":"-0"}`, `{"I":"01"}`, `{"F":"\u0031\u0032"}`,
	`{"U":"65536"}`, `{"U":"-1"}`, `{"F":"1e400"}`, `{"g":"1e39"}`, `{"F":"NaN"}`, `{"I":""}`, `{"B":"true"}`,
	`{"B":true}`, `[{"I":"1"},{"I":"x"}]`,
	`{"E1":1}`, `{"E1":1,"E2":2,"A":3,"D":4,"Own":5}`, `[{"A":1},{"D":2},{}]`, `{"L":1}`, `{"Embedded":{}}`,
	`{"N":1.5e3,"R":{"a" : [1, 2]},"Rs":[null,"x",{}, 1e5 ,true],"Np":"12","M":{"k":[ ]}}`, `{"N":"x"}`,
	`{"N":"1 "}`, `{"N":"-0.5e+7"}`, `{"R":{"a":1,"a":2}}`, `{"N":null,"R":null,"Np":null}`, `{"R":[1,]}`,
	`{"R":"\ud800"}`, `{"N":true}`, `{"Rs":[{"b":"\u0062","b":1}]}`,
	`[{"A":1},{"A":1,"A":2}]`, `[{"A":1},{"A":"x"}]`, `{"Slice":[{"A":1}],"Slice":[]}`,
	`{"FIRSTNAME":"f","last-name":"l","ID":3,"CODE":"c","Extra":true}`, `{"ab":1}`, `{"a_b":1,"A-B":2}`,
	`{"first_name":"a","FirstName":"b"}`, `{"Id":1,"iD":2}`, `{"lastname":"x","Last_Name":"y"}`,
	`{"NAME":"n","name":"m"}`, `{"firstName":"\u0046"}`, `{"\u212aode":"kelvin"}`, `{"ſtrict":1}`,
	`"AQIDBA=="`, `"AQID"`, `"AQIDBA"`, `"AQID\nBA=="`, `"AQ\u0049DBA=="`, `"AQIDBA==="`, `""`, `"AQIDBAU="`,
	`[1,2]`, `[1,2,3,4]`, `["1","2"]`,
	`["1","-2"]`, `["1.5e3","0"]`, `[" 1"]`, `["1",2]`, `["null"]`, `["\u0031"]`, `{"F32":"1e39"}`,
	`{"Uint":"7","F64":"-0.5","Ints":["1"],"Ptr":{"A":"3"},"Map":{"x":"1"},"Any":"1","S":"1"}`,
}

func TestInputsV2(t *testing.T) {
	checkAll(t, inputs, targets)
}

// TestDecodesV2 holds UnmarshalV2 to taking the common shapes: a test of
// check alone would pass with an UnmarshalV2 that declined everything.
func TestDecodesV2(t *testing.T) {
	checkTaken(t, []taken{
		{shapesDoc, newOf[shapes](), 0},
		{shapesDoc, newOf[*shapes](), 0},
		{shapesDoc, newOf[any](), 0},
		{`{"F0":1,"F11":2,"Name":"n","F5":3}`, newOf[bigStruct](), 0},
		{`[{"A":1},{"b":"x"}]`, newOf[[]shapes](), 0},
		{`{"-1":1,"2":3}`, newOf[map[int]int](), 0},
		{`{"18":[1]}`, newOf[map[uint64]any](), 0},
		{`"2006-01-02T15:04:05.5-07:00"`, newOf[time.Time](), 0},
		{`[]`, newOf[[]string](), 0},
		{`-128`, newOf[int8](), 0},
		{`3.4e38`, newOf[float32](), 0},
		{`[null,1]`, newOf[*[]*int](), 0},
		{`{"I":"12","U":"7","F":"1.5e3","g":"-0.25"}`, newOf[quotedNums](), 0},
		{`{"P":"-12","r":3}`, newOf[quotedDeep](), 0},
		{`{"E1":1,"E2":2,"A":3,"D":4,"Own":5}`, newOf[embedsPointers](), 0},
		{`{"N":1.5e3,"R":{"a" : [1, 2]},"Rs":[null,"x",{}, 1e5 ,true],"Np":"12","M":{"k":[ ]}}`, newOf[standardTypes](), 0},
		{`{"T":"x"}`, newOf[withText](), 0},
		{`{"NAME":"x"}`, newOf[caseIgnore](), 0},
		{`"aGVsbG8="`, newOf[[]byte](), 0},
		{`""`, newOf[[]byte](), 0},
		{`"AQIDBA=="`, newOf[[4]byte](), 0},
		{`[1,2]`, newOf[[]namedByte](), 0},
		{`[1,2]`, newOf[[2]namedByte](), 0},
		{`{"iD":1,"code":"c","a_b":2}`, newOf[folding](), 0},
		{`{"FIRSTNAME":"f","Id":4,"CODE":"c","Extra":true}`, newOf[folding](), v2opts.MatchCase},
		{`{"Last_Name":"y","first-name":"z"}`, newOf[folding](), v2opts.MatchCase},
		{`["1","-2"]`, newOf[[]int](), v2opts.Stringify},
		{`{"Uint":"7","F64":"-0.5","Ints":["1","2","3"],"Ptr":{"A":"3"},"Map":{"x":"1"},"Any":"1","S":"1"}`, newOf[shapes](), v2opts.Stringify},
		{`{"N":"1.5e3","Np":"12"}`, newOf[standardTypes](), v2opts.Stringify},
		{`{"I":"12","U":"7"}`, newOf[quotedNums](), v2opts.Stringify},
	})
}

// TestLargeInputsV2 runs the inputs again inside a document too large for
// the table of short strings, whose strings take the other path.
func TestLargeInputsV2(t *testing.T) {
	pad := `"` + strings.Repeat("p", 5000) + `"`
	for _, in := range inputs {
		check(t, `[`+pad+`,`+in+`]`, newOf[[]any]())
		check(t, `{"pad":`+pad+`,"v":`+in+`}`, newOf[map[string]any]())
		check(t, `{"Pad":`+pad+`,"V":`+in+`}`, newOf[struct {
			Pad string
			V   shapes
		}]())
	}
	for _, in := range []string{`{"":1,"a":2}`, `{"":{"":[""]}}`} {
		check(t, `{"pad":`+pad+`,"v":`+in+`}`, newOf[map[string]any]())
		check(t, `{"pad":`+pad+`,"v":`+in+`}`, newOf[map[string]map[string]int]())
	}
}

// longNode holds pointers and a time, so that arrays of it outgrow their
// first run and go through scratch (see sliceDec's decodeLong).
type longNode struct {
	Name string
	N    int
	T    time.Time
	Kids []longNode
}

// TestLongSlicesV2 decodes arrays of struct values of every length up to 70,
// nested, and arrays that fail at an element.
func TestLongSlicesV2(t *testing.T) {
	elem := func(i int, kids string) string {
		return fmt.Sprintf(`{"Name":"n%d","N":%d,"T":"2001-02-03T04:05:%02dZ","Kids":[%s]}`, i, i, i%60, kids)
	}
	for n := range 71 {
		elems := make([]string, n)
		for i := range elems {
			kids := make([]string, (i*7)%40)
			for k := range kids {
				kids[k] = elem(100+k, "")
			}
			elems[i] = elem(i, strings.Join(kids, ","))
		}
		text := "[" + strings.Join(elems, ",") + "]"
		check(t, text, newOf[[]longNode]())
		check(t, `{"Name":"top","Kids":`+text+`}`, newOf[longNode]())
		if n > 0 {
			bad := strings.Replace(text, fmt.Sprintf(`"N":%d,`, n-1), `"N":"x",`, 1)
			check(t, bad, newOf[[]longNode]())
			check(t, text[:len(text)-1]+`,}`, newOf[[]longNode]())
		}
	}
}

// TestUnexportedV2: a member named as an unexported field is not one.
func TestUnexportedV2(t *testing.T) {
	var v shapes
	if !decoder.UnmarshalV2([]byte(`{"private":1,"Own":2}`), &v, decoder.OptionsV2{}) || v.private != 0 {
		t.Errorf("Unmarshal set the unexported field, or left the input to v2: %+v", v)
	}
}

// TestLeftToStdV2 lists what must go to the standard library.
func TestLeftToStdV2(t *testing.T) {
	for _, c := range []struct {
		in     string
		target any
	}{
		{`{"N":1}`, new(fromNothing)},                                // a method that reads no value
		{`"1s"`, new(time.Duration)},                                 // v2's own rules
		{`{"q":"x"}`, new(quotedName)},                               // a quoted name
		{`{"D":"2006-01-02"}`, new(formatted)},                       // format
		{`{"A":1}`, &struct{ A any }{A: time.Duration(1)}},           // an interface holding a Duration
		{`{"C":1}`, &struct{ C countingPtr }{countingPtr{new(int)}}}, // a non-zero method value with a pointer
		{`1`, (*int)(nil)},                                           // nil pointer
		{`1`, 1},                                                     // not a pointer
		{`{"a":` + strings.Repeat(`[`, 1001) + strings.Repeat(`]`, 1001) + `}`, new(any)}, // deep
	} {
		if decoder.UnmarshalV2([]byte(c.in), c.target, decoder.OptionsV2{}) {
			t.Errorf("Unmarshal(%q, %T) decoded it", c.in, c.target)
		}
	}
}

type quotedName struct {
	Q string `json:"'q'"`
}

type embedsMap struct {
	T string
	M map[string]any `json:",embed"`
}

type formatted struct {
	D time.Time `json:",format:DateOnly"`
}

// TestManyUnknownNamesV2: an object with more unknown names than are
// compared in turn goes to v2, which decides; fewer are checked here.
func TestManyUnknownNamesV2(t *testing.T) {
	for _, n := range []int{10, 63, 64, 65, 200} {
		var b strings.Builder
		b.WriteString(`{"A":1`)
		for i := range n {
			fmt.Fprintf(&b, `,"u%d":%d`, i, i)
		}
		b.WriteString(`}`)
		check(t, b.String(), newOf[inner]())
		check(t, `{"x":`+b.String()+`}`, newOf[inner]())
		dup := strings.Replace(b.String(), `"A":1`, fmt.Sprintf(`"u%d":1`, n-1), 1)
		check(t, dup, newOf[inner]())
	}
}

// TestIntegersV2 reads integers of every length, which take the eight-digit
// step where they are long enough, and what may follow them, against v2.
func TestIntegersV2(t *testing.T) {
	r := rand.New(rand.NewSource(99))
	for n := 1; n <= 21; n++ {
		for range 50 {
			digits := make([]byte, n)
			for i := range digits {
				digits[i] = byte('0' + r.Intn(10))
			}
			for _, in := range []string{string(digits), "-" + string(digits), "[" + string(digits) + "]", string(digits) + ".5",
				string(digits) + "e1", string(digits) + "x", string(digits[:n-1]) + ":"} {
				for _, nt := range []func() any{newOf[int64](), newOf[uint64](), newOf[int32](), newOf[[]uint64](), newOf[float64]()} {
					check(t, in, nt)
				}
			}
		}
	}
	for _, in := range []string{"9223372036854775808", "-9223372036854775808", "-9223372036854775809",
		"18446744073709551615", "18446744073709551616", "0000000012345678"} {
		check(t, in, newOf[uint64]())
		check(t, in, newOf[int64]())
	}
	for _, in := range []string{"9223372036854775807", "99999999", "1234567890123456789", "-1234567890123456789"} {
		if !check(t, in, newOf[int64]()) {
			t.Errorf("Unmarshal(%s) into int64 left to v2", in)
		}
	}
}
