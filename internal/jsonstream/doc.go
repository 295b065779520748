// Package jsonstream re-encodes and checks streams of JSON text token by
// token, so that memory grows with the largest single token (a long string
// or number), not with the input: a gigabyte of JSON passes through in a
// few kilobytes of buffer.
//
// Re-encoding keeps object keys in their order, duplicates included, and
// numbers as written; strings are decoded and written again as
// encoding/json writes a Go string, under the escape mode asked for.
// A stream may hold several values separated by whitespace, as
// encoding/json's Decoder reads them; each is written followed by a newline,
// as its Encoder writes them.
package jsonstream
