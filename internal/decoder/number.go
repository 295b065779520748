package decoder

import (
	"math"

	"github.com/safejson/safejson/internal/grammar"
	"github.com/safejson/safejson/internal/numparse"
)

// Fast paths for the numbers most documents hold. Each consumes its input
// only when it is sure of both the syntax and the value; otherwise it leaves
// d.i alone and the general path (number, then strconv) takes over.

// fastUint reads an integer with no sign that fits in a uint64, with
// nothing after it that could continue a number: of up to twenty digits
// where 24 bytes or more are left, as fastInt reads it nearer the end.
func (d *decodeState) fastUint() (uint64, bool) {
	if v, end, ok := numparse.Uint(d.data, d.i); ok {
		d.i = end
		return v, true
	}
	if d.peek() == '-' || len(d.data)-d.i >= 24 {
		return 0, false
	}
	n, ok := d.fastInt()
	return uint64(n), ok
}

// fastInt reads an integer that fits in an int64 (of at most 18 digits
// within 24 bytes of the end of the input) with nothing after it that
// could continue a number.
func (d *decodeState) fastInt() (int64, bool) {
	if v, end, ok := numparse.Int(d.data, d.i); ok {
		d.i = end
		return v, true
	}
	if len(d.data)-d.i >= 25 {
		// Seventeen digits or more: the magnitude as a uint64.
		neg := d.data[d.i] == '-'
		j := d.i
		if neg {
			j++
		}
		u, end, ok := numparse.Uint(d.data, j)
		if !ok || u > math.MaxInt64 && !(neg && u == -math.MinInt64) {
			return 0, false
		}
		d.i = end
		if neg {
			return int64(-u), true
		}
		return int64(u), true
	}
	if v, end, ok := numparse.IntNearEnd(d.data, d.i); ok {
		d.i = end
		return v, true
	}
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
	if n == 0 || n > 1 && data[start] == '0' || i < len(data) && grammar.Is(data[i], grammar.InNumber) {
		return 0, false
	}
	d.i = i
	if neg {
		return -int64(u), true
	}
	return int64(u), true
}

// fastFloat reads a number that numparse.Float takes, with nothing after
// it that could continue a number.
func (d *decodeState) fastFloat() (f float64, ok bool) {
	var end int
	if f, end, ok = numparse.Float(d.data, d.i); ok {
		d.i = end
	}
	return
}
