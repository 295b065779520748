package decoder

// Fast paths for the numbers most documents hold. Each consumes its input
// only when it is sure of both the syntax and the value; otherwise it leaves
// d.i alone and the general path (number, then strconv) takes over.

// fastInt reads an integer of at most 18 digits with nothing after it that
// could continue a number.
func (d *decodeState) fastInt() (int64, bool) {
	data, i := d.data, d.i
	neg := i < len(data) && data[i] == '-'
	if neg {
		i++
	}
	start := i
	var u uint64
	for i < len(data) && data[i]-'0' < 10 && i-start < 18 {
		u = u*10 + uint64(data[i]-'0')
		i++
	}
	n := i - start
	if n == 0 || n > 1 && data[start] == '0' || i < len(data) && class[data[i]]&classNum != 0 {
		return 0, false
	}
	d.i = i
	if neg {
		return -int64(u), true
	}
	return int64(u), true
}

// pow10 holds the powers of ten that float64 represents exactly.
var pow10 = [...]float64{1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10,
	1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22}

// leadingZeros counts the zeros that open the digits of num, as in
// 0.000ddd: they hold no digit of the mantissa, so 0.0016666666666666668
// has 17 significant digits, not 20.
func leadingZeros(num []byte) int {
	n := 0
	for _, c := range num {
		switch c {
		case '0':
			n++
		case '.':
		default:
			return n
		}
	}
	return n
}

// fastFloat reads a number of at most 19 digits. If the digits, taken as an
// integer, are below 2^53 and the decimal exponent is at most 22 in size,
// the value is one exactly rounded operation on exact operands; otherwise
// eiselLemire works it out when it can. Either way it is the value
// strconv.ParseFloat gives.
func (d *decodeState) fastFloat() (float64, bool) {
	data, i := d.data, d.i
	neg := i < len(data) && data[i] == '-'
	if neg {
		i++
	}
	start := i
	var m uint64
	digits := 0
	for i < len(data) && data[i]-'0' < 10 {
		m = m*10 + uint64(data[i]-'0')
		i++
	}
	digits = i - start
	if digits == 0 || digits > 1 && data[start] == '0' {
		return 0, false
	}
	exp := 0
	if i < len(data) && data[i] == '.' {
		i++
		fstart := i
		for i < len(data) && data[i]-'0' < 10 {
			m = m*10 + uint64(data[i]-'0')
			i++
		}
		if i == fstart {
			return 0, false
		}
		digits += i - fstart
		exp = fstart - i
	}
	if i < len(data) && data[i]|0x20 == 'e' {
		i++
		eneg := i < len(data) && data[i] == '-'
		if i < len(data) && (data[i] == '-' || data[i] == '+') {
			i++
		}
		estart, e := i, 0
		for i < len(data) && data[i]-'0' < 10 && i-estart < 4 {
			e = e*10 + int(data[i]-'0')
			i++
		}
		if i == estart {
			return 0, false
		}
		if eneg {
			e = -e
		}
		exp += e
	}
	if digits > 19 {
		digits -= leadingZeros(data[start:i])
	}
	if digits > 19 || i < len(data) && class[data[i]]&classNum != 0 {
		return 0, false
	}
	var f float64
	switch {
	case m == 0:
	case digits <= 15 && m < 1<<53 && exp >= -22 && exp <= 22:
		f = float64(m)
		if exp < 0 {
			f /= pow10[-exp]
		} else {
			f *= pow10[exp]
		}
	default:
		var ok bool
		if f, ok = eiselLemire(m, exp); !ok {
			return 0, false
		}
	}
	if neg {
		f = -f
	}
	d.i = i
	return f, true
}
