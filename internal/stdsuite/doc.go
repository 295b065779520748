// Package stdsuite runs Go's own encoding/json tests against compat.
//
// Its test reads the test files that the running toolchain builds for
// encoding/json (Go 1.26's classic ones, or Go 1.27's v2_*_test.go), and
// compiles them as a package json whose exported API is compat's: each
// exported type is an alias of compat's (and so of encoding/json's), each
// exported function is compat's. Nothing in the tests themselves changes
// except that:
//
//   - the example files import that package instead of encoding/json;
//   - composite literals of the two error types with unexported fields
//     (SyntaxError, MarshalerError) become calls that build the same value;
//   - declarations that need encoding/json's unexported internals (its
//     scanner, caches, tag parser) cannot compile outside it and are dropped,
//     along with whatever uses them. The test logs every dropped name.
//
// Under Go 1.27 it also runs the internal tests of encoding/json/v2 and
// encoding/json/jsontext against compat/v2 and compat/jsontext, the same
// way (see v2suite_onv2_test.go), with stand-ins for the standard
// library's internal packages, the package's constants, sentinel errors
// and reflect types taken as facts, and errors.Is accepting an error of
// the same type and text as a stood-in sentinel. Where a case of a table
// of test cases cannot compile outside the standard package, that case is
// dropped rather than the whole test; every dropped case is logged.
//
// The generated packages live only in a go command overlay; nothing is
// written into the source tree.
package stdsuite
