//go:build !safejson_safe

package stdsuite

// buildTags passes this build's tags on to the suite's build.
const buildTags = ""
