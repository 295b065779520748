package syntax_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/safejson/safejson/internal/grammar"
	"github.com/safejson/safejson/internal/syntax"
)

type namedCase struct {
	name string
	in   string
}

// cases covers every kind of value and every error class of encoding/json's
// scanner. Each is checked against the oracle by every function.
var cases = []namedCase{
	// Valid values of every kind.
	{"null", `null`},
	{"true", `true`},
	{"false", `false`},
	{"zero", `0`},
	{"negZero", `-0`},
	{"int", `12345`},
	{"negInt", `-987`},
	{"frac", `3.14159`},
	{"exp", `1e10`},
	{"expUpper", `1E10`},
	{"expPlus", `1e+10`},
	{"expMinus", `2.5E-3`},
	{"zeroFracExp", `0.0e0`},
	{"bigNumber", `123456789012345678901234567890.12345678901234567890e-12345`},
	{"emptyString", `""`},
	{"string", `"hello"`},
	{"escapes", `"\"\\\/\b\f\n\r\t"`},
	{"unicodeEscape", `"\u00e9\uD83D\uDE00\uABCD\uabcd"`},
	{"utf8", `"héllo, 世界 😀"`},
	{"lineSeparators", "\"a\u2028b\u2029c\""},
	{"lineSeparatorsOutsideEscape", "\"\u2028\u2029\u2028\""},
	{"htmlChars", `"<script>&amp;</script>"`},
	{"htmlCharsInKey", `{"<a>&":"b"}`},
	{"longString", `"` + strings.Repeat("abcdefgh", 20) + `"`},
	{"longStringWithEscapes", `"` + strings.Repeat(`abc\"defg<h>&`, 20) + `"`},
	{"emptyArray", `[]`},
	{"emptyObject", `{}`},
	{"array", `[1,"a",true,false,null,{},[],-1.5e3]`},
	{"object", `{"a":1,"b":[true,false],"c":{"d":null},"e":"f"}`},
	{"nested", `[[[[[{"a":[{"b":{}}]}]]]]]`},
	{"spaced", " \t\r\n{ \"a\" : [ 1 , 2 , { } , [ ] ] , \"b\" :\n\"c\" } \n\t "},
	{"emptyWithSpace", `[ ]`},
	{"emptyObjWithSpace", "{\n}"},
	{"trailingSpaceAfterNumber", "1 \n"},
	{"trailingSpaceAfterLiteral", "true\t"},
	{"trailingCRLF", "{}\r\n"},
	{"leadingSpace", "   \"x\""},
	{"digitsThenClose", `[0,10,-0,-10,0.5,1e5]`},
	{"keyWithColonComma", `{"a:,b":"c,:d"}`},
	{"stringWithBrackets", `["{[]}"]`},

	// Invalid UTF-8 is passed through inside strings.
	{"invalidUTF8", "\"\xff\xfe\x80\""},
	{"truncatedUTF8", "\"\xe2\x80\""},
	{"loneE2", "[\"\xe2\",\"\xe2\x80\",\"x\xe2\"]"},
	{"surrogateUTF8", "\"\xed\xa0\x80\""},
	{"latin1InString", "\"caf\xe9\""},

	// Empty input and whitespace.
	{"empty", ``},
	{"space", ` `},
	{"whitespaceOnly", " \t\r\n "},

	// Bad literals.
	{"tr", `tr`},
	{"tru", `tru`},
	{"trux", `trux`},
	{"truE", `truE`},
	{"fals", `fals`},
	{"falsy", `falsy`},
	{"nul", `nul`},
	{"nULL", `nULL`},
	{"nuLl", `nuLl`},
	{"literalThenGarbage", `truex`},
	{"literalInArray", `[nul]`},
	{"upperTrue", `True`},
	{"nan", `NaN`},
	{"inf", `Infinity`},

	// Bad numbers.
	{"leadingZero", `01`},
	{"leadingZeroInArray", `[01]`},
	{"negLeadingZero", `-01`},
	{"minus", `-`},
	{"minusSpace", `- 1`},
	{"minusLetter", `-a`},
	{"plus", `+1`},
	{"dot", `1.`},
	{"dotE", `1.e5`},
	{"dotInArray", `[1.]`},
	{"leadingDot", `.5`},
	{"e", `1e`},
	{"ePlus", `1e+`},
	{"eMinusEnd", `1E-`},
	{"eLetter", `1ex`},
	{"ePlusLetter", `1e+x`},
	{"twoDots", `1.2.3`},
	{"expThenDot", `1e5.3`},
	{"hexNumber", `0x10`},
	{"numberThenLetter", `12a`},
	{"numberInObject", `{"a":1x}`},
	{"negInArray", `[-]`},

	// Strings.
	{"unterminated", `"abc`},
	{"unterminatedInArray", `["abc`},
	{"unterminatedEscape", `"abc\`},
	{"badEscape", `"\x"`},
	{"badEscapeSpace", `"\ "`},
	{"badEscapeQuote", `"\'"`},
	{"badEscapeUpperU", `"\U0041"`},
	{"shortU", `"\u12"`},
	{"shortUEnd", `"\u12`},
	{"uEnd", `"\u`},
	{"badHex", `"\u12g4"`},
	{"badHexFirst", `"\uz"`},
	{"controlChar", "\"a\x01b\""},
	{"newlineInString", "\"a\nb\""},
	{"tabInString", "\"a\tb\""},
	{"nulInString", "\"\x00\""},
	{"del", "\"\x7f\""},
	{"controlInKey", "{\"a\x1f\":1}"},
	{"controlAfterLongRun", "\"" + strings.Repeat("x", 17) + "\x02\""},

	// Structure.
	{"trailingComma", `[1,]`},
	{"trailingCommaObject", `{"a":1,}`},
	{"leadingComma", `[,1]`},
	{"doubleComma", `[1,,2]`},
	{"missingComma", `[1 2]`},
	{"keyOnly", `{"a"}`},
	{"keyColonOnly", `{"a":}`},
	{"keyNoColon", `{"a" 1}`},
	{"nonStringKey", `{1:2}`},
	{"unquotedKey", `{a:1}`},
	{"singleQuotes", `{'a':1}`},
	{"mismatchArray", `[1}`},
	{"mismatchObject", `{"a":1]`},
	{"unclosedArray", `[1`},
	{"unclosedArraySpace", `[1, `},
	{"unclosedObject", `{"a":1`},
	{"unclosedObjectKey", `{"a"`},
	{"unclosedObjectColon", `{"a":`},
	{"unclosedBrace", `{`},
	{"unclosedBracket", `[`},
	{"closeOnly", `]`},
	{"closeBrace", `}`},
	{"colonInArray", `[1:2]`},
	{"commaInObjectValue", `{"a",1}`},
	{"emptyKeyObj", `{"":""}`},
	{"objectAfterComma", `{"a":1, 2}`},

	// Trailing garbage.
	{"twoValues", `1 2`},
	{"twoObjects", `{}{}`},
	{"garbageAfterArray", `[1]x`},
	{"garbageAfterSpace", "{} \n x"},
	{"garbageAfterString", `"a"b`},
	{"nulAfterValue", "null\x00"},
	{"commaAfterValue", `1,`},

	// Characters named in messages.
	{"singleQuoteChar", `'`},
	{"doubleQuoteInArray", `[1"]`},
	{"controlCharTop", "\x01"},
	{"latin1Top", "\xe9"},
	{"c1Top", "\x85"},
	{"nbspTop", "\xa0"},
	{"highByteTop", "\xff"},
	{"bomTop", "\xef\xbb\xbf{}"},
	{"multibyteAfterElement", "[1\u00e9]"},
	{"separatorAfterMember", "{\"a\":1\u2028}"},
	{"emojiInLiteral", "tr\U0001F600"},
	{"invalidAfterTop", "{} \x80"},
	{"cutUTF8InKeyAtEnd", "{\"a\xf0\x9f\x98"},
	{"cutUTF8AfterInvalid", "\"\xe2\xe2\x80"},

	// Where the two implementations word escapes and ends differently.
	{"escapeOfMultibyte", "\"\\\u00e9\""},
	{"escapeOfBackquote", "\"\\`\""},
	{"hexEscapeNearEnd", `"\u1x`},
	{"hexEscapeOfBackquote", "\"\\u12`4\""},
	{"escapeAtEndAfterPair", `"\ud83d\ude00\`},
	{"fractionAtEndInObject", `{"a":0.`},
	{"exponentSignAtEnd", `[1.5E-`},

	// Rules that are the same in both: duplicate names, invalid UTF-8.
	{"duplicateKeys", `{"a":1,"a":2,"a":{"a":[]}}`},
	{"invalidUTF8Key", "{\"\xff\":\"\xc0\xaf\"}"},

	// Indent copies trailing whitespace; Go 1.27 rewrites the spaces after
	// its newlines when the prefix is not blank.
	{"trailingNewlineSpaces", "[1] \n  \n\t \r\n   "},
}

// depthCases exercises the 10000-level limit and the 64-level spill of the
// container stack, with object and array levels interleaved so a wrongly
// restored level shows up as a wrong closing bracket.
func depthCases() []namedCase {
	nest := func(n int, open, close string) string {
		return strings.Repeat(open, n) + strings.Repeat(close, n)
	}
	mixed := func(n int) string {
		var b, e strings.Builder
		for i := range n {
			if i%3 == 0 {
				b.WriteString(`{"k":`)
				e.WriteString(`}`)
			} else {
				b.WriteString(`[`)
				e.WriteString(`]`)
			}
		}
		closers := []byte(e.String())
		for i, j := 0, len(closers)-1; i < j; i, j = i+1, j-1 {
			closers[i], closers[j] = closers[j], closers[i]
		}
		return b.String() + "1" + string(closers)
	}
	var out []namedCase
	for _, n := range []int{63, 64, 65, 127, 128, 129, 320, 321, 1000} {
		out = append(out,
			namedCase{fmt.Sprintf("mixedDepth%d", n), mixed(n)},
			namedCase{fmt.Sprintf("mixedDepth%dWrongClose", n), strings.Replace(mixed(n), "]", "}", 1)},
			namedCase{fmt.Sprintf("mixedDepth%dSiblings", n), "[" + mixed(n) + "," + mixed(n) + "]"},
		)
	}
	out = append(out,
		namedCase{"arrayDepth10000", nest(10000, "[", "]")},
		namedCase{"arrayDepth10001", nest(10001, "[", "]")},
		namedCase{"objectDepth10000MissingValue", nest(10000, `{"a":`, "}")},
		namedCase{"objectDepth10000Valid", strings.Repeat(`{"a":`, 9999) + `{}` + strings.Repeat("}", 9999)},
		namedCase{"objectDepth10001", strings.Repeat(`{"a":`, 10000) + `{}` + strings.Repeat("}", 10000)},
		namedCase{"depth10001Unclosed", strings.Repeat("[", 10001)},
		namedCase{"depth10000Unclosed", strings.Repeat("[", 10000)},
		namedCase{"depth10001Spaced", strings.Repeat("[ ", 10001)},
		namedCase{"depth10000ThenObject", strings.Repeat("[", 10000) + "{}" + strings.Repeat("]", 10000)},
		namedCase{"depth20000", nest(20000, "[", "]")},
	)
	return out
}

// byteCases puts every byte value at each interesting position: top level,
// array element, after an element, object key, after a key, string body,
// after a backslash, inside \u, and after each literal and number prefix.
func byteCases() []namedCase {
	templates := []string{"%s", "[%s]", "[1%s", "{%s", `{"a"%s`, `{"a":1%s`,
		`"a%sb"`, `"\%s"`, `"\u1%s"`, `t%s`, `nu%s`, `fals%s`, `-%s`, `0%s`,
		`1.%s`, `1e%s`, `1e-%s`, `[]%s`, `1 %s`}
	var out []namedCase
	for ti, tmpl := range templates {
		for c := range 256 {
			out = append(out, namedCase{fmt.Sprintf("byte%02x/template%d", c, ti), fmt.Sprintf(tmpl, string([]byte{byte(c)}))})
		}
	}
	return out
}

func allCases() []namedCase {
	all := append([]namedCase(nil), cases...)
	all = append(all, depthCases()...)
	return append(all, byteCases()...)
}

func TestOracle(t *testing.T) {
	for _, tc := range allCases() {
		t.Run(tc.name, func(t *testing.T) {
			checkAll(t, []byte(tc.in))
		})
	}
}

// TestErrorMessages covers one input for each kind of failure, so that a
// wording that goes wrong is named by its case.
func TestErrorMessages(t *testing.T) {
	tests := []struct{ name, in string }{
		{"beginValue", `x`},
		{"afterKey", `{"a"}`},
		{"eof", `[1,2`},
		{"empty", ``},
		{"literal", `tae`},
		{"quoteChar", `'`},
		{"doubleQuoteChar", `[1"`},
		{"controlChar", "\"\x01\""},
		{"escapeCode", `"\ "`},
		{"hexEscape", `"\u12x4"`},
		{"hexEscapeNearEnd", `"\u1x`},
		{"eofInEscape", `"ab\`},
		{"eofInNumber", `1e+`},
		{"eofInFraction", `[0.`},
		{"eofInUTF8", "\"a\xe2\x80"},
		{"multibyteChar", "[1\u00e9]"},
		{"invalidByte", "[1\x80]"},
		{"depth", strings.Repeat("[", 10001)},
		{"trailing", `{} x`},
		{"trailingComma", `[1,]`},
		{"objectTrailingComma", `{"a":1,}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := []byte(tt.in)
			if got, want := errString(syntax.Validate(src)), errString(wantValidate(src)); got != want {
				t.Errorf("Validate(%q) %s", tt.in, diff(want, got))
			}
			_, err := syntax.AppendCompact(nil, src, false)
			_, wantErr := wantCompact(src, false)
			if got, want := errString(err), errString(wantErr); got != want {
				t.Errorf("AppendCompact(%q) %s", tt.in, diff(want, got))
			}
			_, err = syntax.AppendIndent(nil, src, "", "\t")
			_, wantErr = wantIndent(src, "", "\t")
			if got, want := errString(err), errString(wantErr); got != want {
				t.Errorf("AppendIndent(%q) %s", tt.in, diff(want, got))
			}
		})
	}
}

func TestCorpora(t *testing.T) {
	for name, data := range loadCorpora(t) {
		t.Run(name, func(t *testing.T) {
			checkAll(t, data)
			// The compacted form takes the no-whitespace paths.
			compacted, err := syntax.AppendCompact(nil, data, false)
			if err != nil {
				t.Fatal(err)
			}
			checkAll(t, compacted)
		})
	}
}

// TestAppendCompactReturnsOriginalDst checks that on error the caller's own
// slice comes back, even when compaction had to grow it first.
func TestAppendCompactReturnsOriginalDst(t *testing.T) {
	dst := make([]byte, 3, 4)
	src := []byte(`["aaaaaaaaaaaaaaaaaaaaaaaaa" "b"]`)
	for _, esc := range []bool{false, true} {
		got, err := syntax.AppendCompact(dst, src, esc)
		if err == nil || len(got) != 3 || cap(got) != 4 || &got[0] != &dst[0] {
			t.Errorf("AppendCompact(escapeHTML=%v) = len %d cap %d, %v; want the original dst and an error", esc, len(got), cap(got), err)
		}
	}
	got, err := syntax.AppendIndent(dst, src, "", "  ")
	if err == nil || len(got) != 3 || cap(got) != 4 || &got[0] != &dst[0] {
		t.Errorf("AppendIndent = len %d cap %d, %v; want the original dst and an error", len(got), cap(got), err)
	}
}

func TestSyntaxErrIsError(t *testing.T) {
	err := syntax.Validate([]byte(`[`))
	var se *grammar.SyntaxErr
	if !errors.As(err, &se) || se.Error() != se.Msg {
		t.Fatalf("Validate error = %#v, want *SyntaxErr whose Error is its Msg", err)
	}
}

// TestZeroAllocs proves the success path never allocates for nesting up to
// 320 levels (64 in the word, 256 in the fixed spill array).
func TestZeroAllocs(t *testing.T) {
	inputs := map[string][]byte{
		"object":   []byte(`{"a":[1,2,{"b":"c<d>\u2028"}],"e":true, "f" : null}`),
		"depth320": []byte(strings.Repeat(`[{"a":`, 160) + "1" + strings.Repeat(`}]`, 160)),
	}
	for name, src := range inputs {
		dst := make([]byte, 0, 1<<20)
		checks := map[string]func(){
			"Valid":       func() { syntax.Valid(src) },
			"Validate":    func() { _ = syntax.Validate(src) },
			"Compact":     func() { _, _ = syntax.AppendCompact(dst, src, false) },
			"CompactHTML": func() { _, _ = syntax.AppendCompact(dst, src, true) },
			"Indent":      func() { _, _ = syntax.AppendIndent(dst, src, "", "\t") },
			"HTMLEscape":  func() { syntax.AppendHTMLEscape(dst, src) },
		}
		for fn, f := range checks {
			if !json.Valid(src) {
				t.Fatalf("%s: test input is invalid", name)
			}
			if n := testing.AllocsPerRun(100, f); n != 0 {
				t.Errorf("%s(%s): %v allocs per run, want 0", fn, name, n)
			}
		}
	}
}
