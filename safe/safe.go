package safe

import (
	"io"
	"strconv"

	"github.com/safejson/safejson/internal/grammar"
	"github.com/safejson/safejson/internal/syntax"
	"github.com/safejson/safejson/policy"
)

// scriptSafe is the policy every function here encodes with. A Policy is
// an immutable value, so sharing it shares no state.
var scriptSafe = policy.New(policy.ScriptSafe())

// Marshal returns the script-safe JSON encoding of v. Apart from the
// escapes in the package comment it is [encoding/json.Marshal]'s output.
func Marshal(v any) ([]byte, error) { return scriptSafe.Marshal(v) }

// AppendMarshal appends the script-safe JSON encoding of v to dst.
func AppendMarshal(dst []byte, v any) ([]byte, error) { return scriptSafe.AppendMarshal(dst, v) }

// NewEncoder returns an Encoder that writes script-safe JSON to w.
func NewEncoder(w io.Writer) *policy.Encoder { return scriptSafe.NewEncoder(w) }

// Escape appends src, any JSON text, to dst with every string made
// script-safe and everything else, whitespace included, unchanged. The
// result decodes to the same value as src, and escaping it again changes
// nothing. Invalid JSON gives dst unchanged and an
// *[encoding/json.SyntaxError] with the offset [encoding/json.Unmarshal]
// would report.
func Escape(dst, src []byte) ([]byte, error) {
	out, err := syntax.AppendScriptSafe(dst, src)
	if err != nil {
		return dst, grammar.AsJSON(err)
	}
	return out, nil
}

// Check returns nil if src is valid JSON that is already script-safe, so
// that Escape would not change it. Otherwise it returns the first problem
// in the text: a *[Hazard], or an *[encoding/json.SyntaxError] for invalid
// JSON.
func Check(src []byte) error {
	err := syntax.CheckScript(src)
	if h, ok := err.(*syntax.Hazard); ok {
		return &Hazard{Offset: h.Offset, What: h.What}
	}
	return grammar.AsJSON(err)
}

// A Hazard is a place where valid JSON text is not script-safe.
type Hazard struct {
	// Offset is the index in the text of the first byte that must change.
	Offset int64
	// What names the problem: "unescaped HTML character", "unescaped '/'",
	// "raw line or paragraph separator", or "invalid UTF-8".
	What string
}

func (h *Hazard) Error() string {
	return "safe: " + h.What + " at offset " + strconv.FormatInt(h.Offset, 10)
}
