package streamdecoder

// The token kinds of Go 1.27's streaming reader (jsontext's). The tokens
// themselves are read by the grammar's resumable rules, which go on where
// they stopped when the buffer ends inside a token (see value_onv2.go).

// onV2Kind is the kind of the token a byte starts: the byte itself for
// literals, strings and brackets, '0' for numbers, 0 for anything else.
func onV2Kind(c byte) byte { return onV2Kinds[c] }

var onV2Kinds = func() (t [256]byte) {
	for _, c := range []byte(`nft"{}[]`) {
		t[c] = c
	}
	for _, c := range []byte("-0123456789") {
		t[c] = '0'
	}
	return t
}()
