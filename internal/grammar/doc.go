// Package grammar owns JSON text at the level of tokens: the byte classes,
// whitespace, literals, numbers, strings, escapes, surrogates and UTF-8, the
// nesting limit [MaxDepth] and the SWAR word constants, and the syntax
// errors of every API as typed values.
//
// Everything in the module that reads JSON text is meant to drive these
// functions rather than spell the rules again: the validating, compacting,
// indenting and script-safe rewriting drivers of internal/syntax, the
// decoders' lexers, the stream re-encoder and the rewriting of MarshalJSON
// text. A hot loop that needs its own inlined form of a rule keeps it next
// to the rule it specialises here, with a test that holds the two equal.
//
// The rules come in two forms. The in-memory ones are stateless and work on
// the whole text: each takes the text and an index and returns the index
// past what it read, or the position and [semantics.SyntaxCtx] of the first
// error. The resumable ones ([ResumeString], [ResumeNumber],
// [ResumeLiteral]) take a token in pieces, as readers of streams get it,
// and keep a [Partial] that says where inside the token the scan stopped,
// so that no byte is read twice. In both, the position of an error is never
// past len(src), and no function reads past len(src).
//
// # Errors
//
// A failure is found as a position and a context; [Fail] turns it into a
// [*SyntaxErr] holding the exact message and offset that the toolchain's
// encoding/json reports for the entry point, and [AsJSON] converts that to
// encoding/json's *SyntaxError. The words and offsets come from
// internal/semantics, because they differ between Go 1.26 and Go 1.27 and
// between entry points.
//
// The package never imports reflect, unsafe or encoding/json.
package grammar
