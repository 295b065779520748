//go:build safejson_safe

package stdsuite

// buildTags passes this build's tags on to the suite's build, so that the
// safe build runs Go's tests too.
const buildTags = "safejson_safe"
