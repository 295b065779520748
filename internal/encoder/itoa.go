package encoder

// Integer formatting with a two-digit table, written from the end of a
// small buffer; strconv's general entry points cost more than the digits
// for the short numbers that JSON documents are full of.

const digitPairs = "00010203040506070809" +
	"10111213141516171819" +
	"20212223242526272829" +
	"30313233343536373839" +
	"40414243444546474849" +
	"50515253545556575859" +
	"60616263646566676869" +
	"70717273747576777879" +
	"80818283848586878889" +
	"90919293949596979899"

func appendUint(b []byte, u uint64) []byte {
	if u < 10 {
		return append(b, byte('0'+u))
	}
	var buf [20]byte
	i := len(buf)
	for u >= 100 {
		q := u / 100
		r := (u - q*100) * 2
		i -= 2
		buf[i], buf[i+1] = digitPairs[r], digitPairs[r+1]
		u = q
	}
	if u >= 10 {
		i -= 2
		buf[i], buf[i+1] = digitPairs[u*2], digitPairs[u*2+1]
	} else {
		i--
		buf[i] = byte('0' + u)
	}
	return append(b, buf[i:]...)
}

func appendInt(b []byte, v int64) []byte {
	if v < 0 {
		return appendUint(append(b, '-'), uint64(-v))
	}
	return appendUint(b, uint64(v))
}
