// Package conformance holds safejson to encoding/json with generated cases.
//
// It is a test-support package: its generators (built on gopter) make
// random Go types with reflect.StructOf, random values of them with hostile
// strings and floats at the formatting cut-offs, and random JSON texts,
// valid, almost valid and random. Its properties run each case through
// safejson and through encoding/json (the oracle) and compare bytes, error
// types and error messages. A failing case is shrunk and reported with its
// seed, its type and a cmp.Diff (-want +got).
//
// # Running
//
// go test ./conformance runs every property on a fixed budget of cases
// from a fixed seed (flags -conform.n and -conform.seed change both).
// go run ./cmd/safejson conform runs a longer campaign and prints a table.
// Case i of a run uses seed Seed+i, so a reported seed replays alone.
//
// # For users
//
// [Check] asserts that values of a user's own types encode and decode alike
// through safejson and encoding/json; it is the test to write before
// switching imports. [ValueOf] generates random values of a user's type for
// property tests of their own.
//
// # Reference
//
// The oracle is the encoding/json of the Go toolchain that runs the tests,
// named by [Oracle]: Go 1.26's classic implementation, or Go 1.27's, which
// runs v1 on encoding/json/v2 by default and the classic code with
// GOEXPERIMENT=nojsonv2. Go 1.26's GOEXPERIMENT=jsonv2 preview is not a
// target.
package conformance
