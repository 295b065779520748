package syntax_test

import (
	"fmt"

	"github.com/safejson/safejson/internal/grammar"
	"github.com/safejson/safejson/internal/syntax"
)

func ExampleAppendCompact() {
	out, err := syntax.AppendCompact(nil, []byte("{ \"a\" : [1, 2],\n \"b\": \"<\u2028>\" }"), true)
	fmt.Println(string(out), err)

	_, err = syntax.AppendCompact(nil, []byte(`{"a":1,}`), false)
	fmt.Println(err)
	// Output:
	// {"a":[1,2],"b":"\u003c\u2028\u003e"} <nil>
	// invalid character '}' looking for beginning of object key string
}

func ExampleAppendIndent() {
	out, _ := syntax.AppendIndent(nil, []byte(`{"a":[1,2],"b":{},"c":[]}`), "", "  ")
	fmt.Println(string(out))
	// Output:
	// {
	//   "a": [
	//     1,
	//     2
	//   ],
	//   "b": {},
	//   "c": []
	// }
}

func ExampleValidate() {
	fmt.Println(syntax.Validate([]byte(`[1, 2] x`)).(*grammar.SyntaxErr).Offset)
	// Output:
	// 8
}
