// Package conformance checks that safejson encodes and decodes your values
// as encoding/json does: call [Check](t, values...) in a test before you
// switch imports, or run go run ./cmd/safejson conform for the whole
// campaign.
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
// # Where encoding/json's outcome varies
//
// For some inputs encoding/json can give several outcomes, from one call to
// the next. There the properties and Check accept any outcome it can give,
// and nothing else:
//
//   - Tied names. A map's members are sorted by name, and members whose
//     names compare equal come out in the order of map iteration. Under Go
//     1.26 that takes keys with the same text (TextMarshaler keys). Go
//     1.27's encoding/json, v1 on v2, sorts the keys of types with methods
//     (TextMarshaler keys) by their names with each byte of invalid UTF-8
//     replaced by U+FFFD, so that keys "\xfe" and "\uFFFD" tie as well
//     (plain string keys sort by their bytes); so does encoding/json/v2
//     with Deterministic and AllowInvalidUTF8
//     (AllowDuplicateNames lets the duplicate names through; without it,
//     v2 reports an error). Runs of adjacent members with one tied name
//     are compared in an order of the properties' own, the same for both
//     outputs, so which duplicate a decoder keeps (the last) follows too.
//     Any other move of a member is a difference.
//   - Errors in maps. Which tied member comes first decides whose error is
//     reported. Go 1.27 writes a map's keys before it sorts them, so of
//     two keys that cannot be written (a failing MarshalText, a float that
//     is not finite) map iteration picks whose error it reports. Where
//     either may happen, encoding/json is called again, up to 200 times,
//     and any outcome it gives is accepted; for an Encoder's sequence of
//     calls, any it gives each call.
//   - Map order without Deterministic. encoding/json/v2 writes a map's
//     members in iteration order unless Deterministic(true) is given, and
//     meets failing members in that order: V2Marshal compares such output
//     with all members sorted (RFC 8785) and calls again for errors as
//     above; V2Options and V2MarshalWrite always add Deterministic(true).
//   - Text written before an error. MarshalWrite writes its buffer out as
//     it fills, and its pooled encoders' buffers keep their size from
//     earlier calls, so how much of the text it has written when it meets
//     an error varies from call to call. Where the errors agree,
//     V2MarshalWrite calls it again as above and accepts an output of
//     which the other is a prefix.
//   - Input quoted in UnmarshalRead's errors. In a decoder it has just
//     allocated, Go 1.27.3's encoding/json/v2.UnmarshalRead can quote other
//     bytes of its buffer in an error: a member of its JSON pointer ("/0/:"
//     for "/0/x"), a bad escape sequence ("\uw0" for "\uw03c"), a bad
//     surrogate pair with more or fewer of the bytes after it. compat/v2
//     hands such texts to it too. Where two outcomes differ in that quoted
//     text alone, the calls are made again on both sides, up to 20 times,
//     and agreement is accepted.
//
// safejson's compat writes tied members in one order of its own (the byte
// order of their values), which is not always one encoding/json gives for
// three or more; the properties compare every output with tied members put
// in order, so either way is accepted.
//
// # Calls that do not return
//
// Every call of encoding/json runs under a deadline (Config.OracleTimeout,
// conform's -oracle-timeout; DefaultOracleTimeout in Check). A case whose
// call runs past it is reported as "encoding/json did not return", with
// its input and seed, and counted apart from differences (Result.NoReturn);
// the run goes on. A goroutine cannot be stopped, so the call keeps
// running, and a loop keeps a core busy until the process exits: after
// Config.MaxTimeouts such calls a property makes no more and stops
// (Result.Stopped). One loop is known and never called: Go 1.27's Indent
// with a prefix holding bytes other than spaces and tabs, an empty indent,
// and a newline followed by more spaces than the prefix has bytes, in the
// trailing whitespace of a valid text or anywhere in an invalid one
// (golang/go#81547). Such cases count as not returning at once.
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
