// Package semantics is the one place that knows how the two encoding/json
// implementations a toolchain can build differ: Go 1.26's classic code, and
// Go 1.27's default, v1 implemented on top of encoding/json/v2.
//
// The choice is made at compile time by the same build constraint that picks
// the standard library's files, goexperiment.jsonv2, so a binary always
// matches the encoding/json it was built with. Files of the v1-on-v2 mode are
// built with "goexperiment.jsonv2 && go1.27" and those of the classic mode
// with its negation: the go1.27 term lets them use the Go 1.27 API
// (encoding/json/jsontext) in a module that still declares go 1.26. Everything that differs is a
// constant or a small function here, so the other packages branch on
// constants that the compiler folds away: the hot paths pay nothing for the
// mode they were not built for.
//
// Go 1.26 built with GOEXPERIMENT=jsonv2 (the preview) is not a target: it
// builds the classic mode here, which does not match that preview.
package semantics
