package decoder

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/safejson/safejson/internal/jsontest"
	"github.com/safejson/safejson/internal/mem"
)

// Method types whose calls are deferred (deferred.go). Each call is logged
// with what it is given and what its receiver held, so the tests compare
// the calls encoding/json makes, and their order, as well as the values.
// A method's result depends on what its receiver held, as it does for
// methods that decode into themselves.

var methodLog []string

// logged is an UnmarshalJSON type; "fail" makes it fail half done.
type logged struct{ S string }

func (l *logged) UnmarshalJSON(b []byte) error {
	methodLog = append(methodLog, fmt.Sprintf("J %s on %q", b, l.S))
	if string(b) == `"fail"` {
		l.S += "partial"
		return errors.New("logged: fail")
	}
	l.S += string(b)
	return nil
}

// textLogged is an UnmarshalText type, which fails on "bad".
type textLogged struct{ S string }

func (l *textLogged) UnmarshalText(b []byte) error {
	methodLog = append(methodLog, fmt.Sprintf("T %s on %q", b, l.S))
	if string(b) == "bad" {
		return errors.New("textLogged: bad")
	}
	l.S += string(b) + ";"
	return nil
}

// textList is an UnmarshalText slice, which null clears.
type textList []string

func (l *textList) UnmarshalText(b []byte) error {
	methodLog = append(methodLog, fmt.Sprintf("L %s on %q", b, *l))
	*l = append(*l, strings.Split(string(b), ",")...)
	return nil
}

// typeErring returns a type error, whose field path encoding/json fills in.
type typeErring int

func (t *typeErring) UnmarshalJSON(b []byte) error {
	methodLog = append(methodLog, fmt.Sprintf("E %s", b))
	if string(b) == "0" {
		return &json.UnmarshalTypeError{Value: "zero", Type: reflect.TypeFor[typeErring]()}
	}
	*t = typeErring(len(b))
	return nil
}

type deferInner struct {
	X    int
	L    logged
	Kids []deferInner
}

type deferRecord struct {
	N    int
	L    logged
	T    textLogged
	P    *logged
	Arr  [2]logged
	Sl   []logged
	Recs []deferInner
	PRec *deferInner
	List textList
	E    typeErring
	Any  any
	M    map[string]int
	MP   map[string]*logged
	S    string
	// The standard library's method types are decoded at once, in
	// places where a noted call would be lost.
	Times map[string]time.Time
	TA    [2]time.Time
}

// keyLogged is a map key type with UnmarshalText, which fails on "badkey".
type keyLogged struct{ S string }

func (k *keyLogged) UnmarshalText(b []byte) error {
	methodLog = append(methodLog, fmt.Sprintf("K %s on %q", b, k.S))
	if string(b) == "badkey" {
		return errors.New("keyLogged: bad key")
	}
	k.S = strings.ToUpper(string(b))
	return nil
}

// mapped holds method types in maps' keys and elements, which maps copy.
type mapped struct {
	M  map[string]logged
	K  map[keyLogged]string
	KE map[keyLogged]deferInner
	TK map[time.Time]string // its key's method runs at once
	L  logged
}

var deferInputs = []string{
	`{}`,
	`null`,
	`{"N":1,"L":"a","T":"b","P":"c","S":"s"}`,
	`{"L":"a","L":"b","L":null}`,
	`{"P":"a","P":"b"}`,
	`{"P":"a","P":null,"P":"c"}`,
	`{"Arr":["a","b"]}`,
	`{"Arr":["a","b","c"]}`,
	`{"Arr":["a"]}`,
	`{"Arr":[]}`,
	`{"Arr":["a","b"],"Arr":["c"]}`,
	`{"Sl":["1","2","3","4","5","6","7","8","9","10","11","12","13","14","15","16","17"]}`,
	`{"Sl":["a","b"],"Sl":["c","d","e","f","g","h","i"]}`,
	`{"Sl":["a","b","c","d","e"],"Sl":["x"],"Sl":["y","z"]}`,
	`{"Sl":["a"],"Sl":null,"Sl":["b"]}`,
	`{"Sl":[],"Sl":["b"]}`,
	`{"Recs":[{"X":1,"L":"a","Kids":[{"L":"k1"},{"L":"k2"},{"L":"k3"},{"L":"k4"},{"L":"k5"}]},{"L":"b"},{"L":"c"},{"L":"d"},{"L":"e"},{"X":6,"L":"f"}]}`,
	`{"Recs":[{"L":"a"},{"L":"b"}],"Recs":[{"X":1},{"L":"c"},{"L":"d"},{"L":"e"},{"L":"f"}]}`,
	`{"PRec":{"L":"a","Kids":[{"L":"b","Kids":[{"L":"c"}]}]},"PRec":{"L":"d"}}`,
	`{"List":"a,b","List":"c"}`,
	`{"List":"a,b","List":null}`,
	`{"List":null}`,
	`{"T":"x","T":null,"T":"y"}`,
	`{"T":1,"T":"z"}`,
	`{"E":12,"E":34}`,
	`{"E":0,"L":"after"}`,
	`{"L":"a","E":0,"L":"b","N":"x"}`,
	`{"Any":{"a":[1,"2"]},"M":{"a":1},"MP":{"a":"x","b":"y","a":"z"}}`,
	`{"N":"x","L":"a"}`,
	`{"L":"a","N":"x"}`,
	`{"L":"fail"}`,
	`{"L":"a","P":"fail","N":3,"S":"s"}`,
	`{"N":"x","L":"fail","N":2}`,
	`{"L":"fail","N":"x"}`,
	`{"Sl":["a","b","c","d","fail","e","f"],"S":"after"}`,
	`{"Recs":[{"L":"a"},{"L":"b"},{"L":"c"},{"L":"d"},{"L":"e","Kids":[{"L":"fail"},{"L":"k"}]}],"L":"z"}`,
	`{"L":"a","L":"fail","L":"b"}`,
	`{"T":"bad","L":"a"}`,
	`{"Arr":["a","fail"],"Arr":["b"]}`,
	`{"MP":{"a":"x","b":"fail","c":"y"}}`,
	`{"L":"a","T":"b"`,
	`{"L":"a","T":"b",}`,
	`{"L":"a"} x`,
	`{"L":"fail","N":1,]`,
	`[1]`,
	`{"L":{"x":[1,2,{"y":"fail"}]},"T":"b"}`,
	`{"Sl":{"a":1},"L":"a"}`,
	`{"P":{},"PRec":[1],"L":"q"}`,
	`{"Times":{"a":"2001-02-03T04:05:06Z","b":"2002-02-03T04:05:06.5+01:00"},"L":"x"}`,
	`{"TA":["2001-02-03T04:05:06Z","2002-02-03T04:05:06Z"],"TA":["2003-02-03T04:05:06Z"],"L":"x"}`,
	`{"Times":{"a":"2001-02-03T04:05:06Z"},"L":"fail","Times":{"b":"2001-02-03T04:05:06Z"}}`,
	`{"TA":["2001-02-03T04:05:06Z","bad"],"L":"x"}`,
	`{"M":{"a":"x","b":"y","a":"z"},"K":{"a":"1","b":"2","A":"3"},"KE":{"a":{"L":"p"},"b":{"X":2,"L":"q"}},"L":"r"}`,
	`{"M":{"a":"x","b":"fail","c":"y"},"L":"r"}`,
	`{"K":{"a":"1","badkey":"2","c":"3"},"L":"r"}`,
	`{"KE":{"a":{"L":"p"},"badkey":{"L":"q"},"c":{"L":"s"}},"L":"r"}`,
	`{"KE":{"a":{"L":"p"},"b":{"L":"fail","Kids":[{"L":"k"}]},"c":{"L":"s"}},"L":"r"}`,
	`{"M":{"a":"x"},"M":null,"M":{"b":"y"}}`,
	`{"K":{"a":"1"},"K":{"b":"2","a":"3"}}`,
	`{"TK":{"2001-02-03T04:05:06Z":"a","1999-12-31T23:59:59.5+01:00":"b"},"K":{"a":"1"},"L":"r"}`,
	`{"TK":{"2001-02-03T04:05:06Z":"a"},"K":{"badkey":"1"},"TK":{"2002-02-03T04:05:06Z":"b"}}`,
	`{"K":{"a":"1"},"TK":{"not a time":"a"},"L":"fail"}`,
	`{"a":"x","badkey":"y","b":"fail","c":"z"}`,
	`{"a":"x","b":"y"}`,
	`{"a":"x","b":"y",}`,
}

// diffCalls decodes data with encoding/json and with this package into
// targets made by mk, and describes any difference in the errors, the
// values or the method calls.
func diffCalls(data []byte, mk func() any) string {
	methodLog = nil
	want, wantIn := mk(), slices.Clone(data)
	wantErr := json.Unmarshal(wantIn, want) // methods may write to it
	wantLog := methodLog
	methodLog = nil
	got, gotIn := mk(), slices.Clone(data)
	gotErr := Unmarshal(gotIn, got, Options{})
	gotLog := methodLog
	if d := cmp.Diff(jsontest.Describe(wantErr), jsontest.Describe(gotErr)); d != "" {
		return "error (-want +got):\n" + d
	}
	// cmp.Diff takes time exponential in the depth of nested slices of
	// interfaces: a value equal to the letter is equal without it.
	if !reflect.DeepEqual(want, got) {
		if d := cmp.Diff(want, got, cmpOpts...); d != "" {
			return "value (-want +got):\n" + d
		}
	}
	if d := cmp.Diff(wantLog, gotLog); d != "" {
		return "method calls (-want +got):\n" + d
	}
	// A method that appends to what it is given writes over the input in
	// classic encoding/json, and over a copy in Go 1.27.
	if d := cmp.Diff(string(wantIn), string(gotIn)); d != "" {
		return "input afterwards (-want +got):\n" + d
	}
	return ""
}

func TestDeferredMethods(t *testing.T) {
	for _, tt := range []struct {
		mk         func() any
		deferrable bool
	}{
		{func() any { return new(deferRecord) }, true},
		{func() any { return new([]deferRecord) }, true},
		{func() any { return new(*deferRecord) }, true},
		{func() any { return new(logged) }, true},
		{func() any { return new(mapped) }, true},
		{func() any { return new(map[string]deferRecord) }, true},
		{func() any { return new(map[keyLogged]logged) }, true},
		{func() any { return new(map[keyLogged]string) }, true},
		{func() any { return new(map[string]logged) }, true},
	} {
		typ := reflect.TypeOf(tt.mk())
		// The safe build's memory cannot follow a growing slice.
		if got, want := decoderOf(typ).deferrable, tt.deferrable && mem.Rebasable; got != want {
			t.Errorf("%v: deferrable = %v, want %v", typ, got, want)
		}
		for _, in := range deferInputs {
			for _, data := range []string{in, "[" + in + "," + in + "]", `{"L":` + in + `,"M":` + in + `}`} {
				if d := diffCalls([]byte(data), tt.mk); d != "" {
					t.Errorf("Unmarshal(%s) into %v: %s", data, typ, d)
				}
			}
		}
	}
}

// TestDeferredPrefilled checks that a target that is not zero still takes
// the two-pass path, with the same calls.
func TestDeferredPrefilled(t *testing.T) {
	mk := func() any { return &deferRecord{N: 1, L: logged{"old"}} }
	for _, in := range deferInputs {
		if d := diffCalls([]byte(in), mk); d != "" {
			t.Errorf("Unmarshal(%s): %s", in, d)
		}
	}
}

// appending writes past the end of what it is given, as a method that
// appends to its argument does: classic encoding/json then reads that in
// place of the input; v1 on v2 gives methods a copy's worth of capacity.
type appending struct{ S string }

func (a *appending) UnmarshalJSON(b []byte) error {
	methodLog = append(methodLog, fmt.Sprintf("A %s", b))
	_ = append(b, `,"B":7`...)
	a.S = string(b)
	return nil
}

// textAppending is appending for UnmarshalText.
type textAppending struct{ S string }

func (a *textAppending) UnmarshalText(b []byte) error {
	methodLog = append(methodLog, fmt.Sprintf("TA %s", b))
	_ = append(b, `","B":8`...)
	a.S = string(b)
	return nil
}

type appendingRecord struct {
	A  appending
	TA textAppending
	L  logged
	B  int
	C  int
}

func TestDeferredAppendingMethods(t *testing.T) {
	for _, mk := range []func() any{
		func() any { return new(appendingRecord) },
		func() any { return &appendingRecord{C: 1} }, // two passes
	} {
		for _, in := range []string{
			`{"A":1,"C":2,"B":3}`,
			`{"A":1,"B":3}`,
			`{"L":"x","A":1,"C":2,"L":"y"}`,
			`{"A":1}`,
			`{"A":1,"C":2,"B":3,"L":"more than sixteen bytes after"}`,
			`{"TA":"abc","C":2,"B":3,"L":"z"}`,
			`{"TA":"abc","B":3}`,
			`{"TA":"a\nc","C":2,"B":3}`,
		} {
			if d := diffCalls([]byte(in), mk); d != "" {
				t.Errorf("Unmarshal(%s) into %T: %s", in, mk(), d)
			}
		}
	}
}
