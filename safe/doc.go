// Package safe writes JSON that can be placed inside an HTML <script>
// element without ending it early or changing how the page is parsed: call
// [Marshal] where you would call json.Marshal, or [Escape] on JSON text from
// elsewhere.
//
// [Marshal], [AppendMarshal] and [NewEncoder] encode under
// [policy.New]([policy.ScriptSafe]()). [Escape] makes existing JSON text
// script-safe (output of another library, a cached blob), and [Check] tells
// whether text already is. [JS] and [DataBlock] put the result into
// [html/template] pages. Under Go 1.27, MarshalV2 does the same for
// encoding/json/v2's semantics and options.
//
// In every string the output holds, including map keys, field names,
// TextMarshaler, MarshalJSON and RawMessage output:
//
//	"  \  control bytes   as encoding/json writes them
//	<  >  &               \u003c  \u003e  \u0026
//	/                     \/
//	U+2028  U+2029        \u2028  \u2029
//	invalid UTF-8         \ufffd for each byte
//
// For a Go string, that is encoding/json's output with every '/' written as
// \/ (and, under Go 1.27, whose encoding/json writes invalid UTF-8 as a raw
// U+FFFD, with that written as \ufffd). Everything else is encoding/json's:
// the text decodes to the same value.
//
// # Security considerations
//
// What is guaranteed: the text is valid JSON and valid UTF-8, and contains
// none of the bytes <, >, &, an unescaped /, U+2028 or U+2029 anywhere.
// Without '<' there is no "</script" to end the element and no "<!--" to
// put the HTML tokenizer into its escaped states (where "<!--<script>"
// would keep the real "</script>" from closing the element); without raw
// U+2028/U+2029 older JavaScript engines cannot see a line break inside a
// string literal. So the text can sit between <script> and </script>, as
// an expression in a classic or module script, or as the body of a
// <script type="application/json"> data block read with JSON.parse, and
// the value the script sees equals what encoding/json would decode.
//
// What is not covered:
//   - HTML attribute values (onclick="...", data-x="..."): they need HTML
//     attribute escaping (html/template does it), and an event handler
//     attribute is also a JavaScript context with its own rules.
//   - URLs (href, src, javascript: URLs): JSON escaping says nothing about
//     which URLs are safe to follow.
//   - Text placed into other contexts: inside a JavaScript string literal
//     or template literal that the page builds itself, in CSS, or in an
//     HTML comment.
//   - What the page's own script does with the value, for example passing
//     it to innerHTML or eval.
//
// Use [html/template] for the page around the script, and [JS] or
// [DataBlock] for the JSON in it.
package safe
