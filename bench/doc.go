// Package bench compares safejson's compat package with encoding/json and
// peer JSON libraries on the corpora of internal/corpus.
//
// It is a separate module so that the peers never appear in the root
// module's go.mod. See README.md for how to run it.
package bench
