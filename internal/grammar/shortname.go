package grammar

import "encoding/binary"

// ShortName is a member name of up to 15 bytes, spelled as a JSON string's
// body holds it, ready to be compared with the input in place: the name
// and its closing quote as two words, with no call to compare strings.
// Both decoders use it for the name they expect next.
type ShortName struct {
	w, mask [2]uint64
	s       string
}

// ShortNameOf returns s as a ShortName, or false if it is longer than 15
// bytes.
func ShortNameOf(s string) (ShortName, bool) {
	if len(s) > 15 {
		return ShortName{}, false
	}
	var pad [16]byte
	n := copy(pad[:], s)
	pad[n] = '"'
	sn := ShortName{s: s}
	for k := range 2 {
		sn.w[k] = binary.LittleEndian.Uint64(pad[8*k:])
		if bytes := min(max(n+1-8*k, 0), 8); bytes < 8 {
			sn.mask[k] = 1<<(8*bytes) - 1
		} else {
			sn.mask[k] = ^uint64(0)
		}
	}
	return sn, true
}

// Name returns the name, for inputs too near their end to hold a window.
func (sn *ShortName) Name() string { return sn.s }

// At reports whether window, the 16 bytes of input that follow an opening
// quote, starts with the name and its closing quote.
func (sn *ShortName) At(window *[16]byte) bool {
	return (binary.LittleEndian.Uint64(window[:8])^sn.w[0])&sn.mask[0]|
		(binary.LittleEndian.Uint64(window[8:])^sn.w[1])&sn.mask[1] == 0
}
