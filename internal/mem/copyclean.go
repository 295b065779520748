//go:build amd64 && !safejson_safe

package mem

// The UTF-8 check of AppendClean finds every error between a byte and the
// one before it as the AND of three table lookups: by the high nibble of
// the previous byte, by its low nibble, and by the high nibble of this
// byte. Each bit is one kind of error that is a product of conditions on
// those three nibbles:
//
//	0x01 lead byte (C0-FF) not followed by a continuation (80-BF)
//	0x02 ASCII followed by a continuation
//	0x04 C0 or C1 (overlong 2-byte) followed by a continuation
//	0x08 E0 followed by 80-9F (overlong 3-byte)
//	0x10 ED followed by A0-BF (surrogate)
//	0x20 F0 followed by 80-8F (overlong 4-byte), or F5-FF followed by 80-8F
//	0x40 F4-FF followed by 90-BF (above U+10FFFF)
//	0x80 a continuation followed by a continuation
//
// The last is an error unless the byte two or three back is a 3- or 4-byte
// lead asking for it, and where such a lead asks for a continuation it is
// an error if there is none: the check XORs 0x80 in where one is asked for.
// utf8Tables holds the three lookups, each repeated for both 128-bit lanes.
var utf8Tables = func() (t [3][32]byte) {
	const (
		tooShort = 1 << iota
		tooLong
		overlong2
		overlong3
		surrogate
		overlong4OrTooLarge
		tooLarge
		twoConts
	)
	// The bits whose condition does not involve a nibble are set in every
	// entry of that nibble's table.
	for n := range 16 {
		var prevHigh, prevLow, curHigh byte
		switch {
		case n < 8:
			prevHigh = tooLong
			curHigh = tooShort
		case n < 0xC:
			prevHigh = twoConts
			curHigh = tooLong | overlong2 | twoConts
			switch n {
			case 0x8:
				curHigh |= overlong3 | overlong4OrTooLarge
			case 0x9:
				curHigh |= overlong3 | tooLarge
			default:
				curHigh |= surrogate | tooLarge
			}
		default:
			curHigh = tooShort
			prevHigh = tooShort
			switch n {
			case 0xC:
				prevHigh |= overlong2
			case 0xE:
				prevHigh |= overlong3 | surrogate
			case 0xF:
				prevHigh |= overlong4OrTooLarge | tooLarge
			}
		}
		prevLow = tooShort | tooLong | twoConts
		if n <= 1 {
			prevLow |= overlong2
		}
		if n == 0 {
			prevLow |= overlong3
		}
		if n == 0xD {
			prevLow |= surrogate
		}
		if n == 0 || n >= 5 {
			prevLow |= overlong4OrTooLarge
		}
		if n >= 4 {
			prevLow |= tooLarge
		}
		for lane := range 2 {
			t[0][lane*16+n] = prevHigh
			t[1][lane*16+n] = prevLow
			t[2][lane*16+n] = curHigh
		}
	}
	return t
}()

// incompleteTail returns how many bytes at the end of s begin a UTF-8
// sequence that s cuts short: at most 3.
func incompleteTail(s string) int {
	n := len(s)
	switch {
	case n >= 1 && s[n-1] >= 0xC0:
		return 1
	case n >= 2 && s[n-2] >= 0xE0:
		return 2
	case n >= 3 && s[n-3] >= 0xF0:
		return 3
	}
	return 0
}
