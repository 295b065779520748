package numfmt

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

// AppendUint appends the decimal form of u.
func AppendUint(b []byte, u uint64) []byte {
	if u < 10 {
		return append(b, byte('0'+u))
	}
	var buf [20]byte
	i := putUint(&buf, u)
	return append(b, buf[i:]...)
}

// AppendInt appends the decimal form of v.
func AppendInt(b []byte, v int64) []byte {
	if v < 0 {
		return AppendUint(append(b, '-'), uint64(-v))
	}
	return AppendUint(b, uint64(v))
}

// putUint writes u's digits at the end of buf and returns where they start.
// Eight digits at a time are split off with one 64-bit division and written
// with 32-bit arithmetic, which is much cheaper than dividing by 100 in
// 64 bits for every pair.
func putUint(buf *[20]byte, u uint64) int {
	i := len(buf)
	for u >= 1e8 {
		q := u / 1e8
		r := uint32(u - q*1e8)
		hi, lo := r/10000, r%10000
		i -= 8
		put2(buf[i:], hi/100)
		put2(buf[i+2:], hi%100)
		put2(buf[i+4:], lo/100)
		put2(buf[i+6:], lo%100)
		u = q
	}
	r := uint32(u)
	for r >= 100 {
		q := r / 100
		i -= 2
		put2(buf[i:], r-q*100)
		r = q
	}
	if r >= 10 {
		i -= 2
		put2(buf[i:], r)
	} else {
		i--
		buf[i] = byte('0' + r)
	}
	return i
}

func put2(b []byte, v uint32) {
	b[0], b[1] = digitPairs[v*2], digitPairs[v*2+1]
}
