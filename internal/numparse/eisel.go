package numparse

import (
	"math"
	"math/big"
	"math/bits"
	"sync"
)

// Decimals with up to 19 digits that the exact fast path cannot take are
// converted by the Eisel-Lemire method: the digits times a 128-bit
// approximation of the power of ten, with checks that give up (and leave
// the number to strconv) whenever the approximation could round the wrong
// way.

const (
	minPow10 = -348
	maxPow10 = 347
)

// pow10Entry is 10^q as hi·2^64+lo times 2^exp, truncated, with the top bit
// of hi set.
type pow10Entry struct {
	hi, lo uint64
	exp    int
}

var (
	pow10Once  sync.Once
	pow10Table []pow10Entry
)

// powersOfTen computes the table once, exactly, with math/big.
func powersOfTen() []pow10Entry {
	pow10Once.Do(func() {
		t := make([]pow10Entry, maxPow10-minPow10+1)
		ten := big.NewInt(10)
		for q := minPow10; q <= maxPow10; q++ {
			p := new(big.Int).Exp(ten, big.NewInt(int64(abs(q))), nil)
			var m *big.Int
			var exp int
			if q >= 0 {
				// 10^q = m·2^exp with m of exactly 128 bits.
				exp = p.BitLen() - 128
				m = shift(p, -exp)
			} else {
				// 10^q = 1/p: m = floor(2^k/p) with 128 bits.
				k := p.BitLen() + 127
				m = new(big.Int).Quo(new(big.Int).Lsh(big.NewInt(1), uint(k)), p)
				if m.BitLen() > 128 {
					k--
					m = new(big.Int).Quo(new(big.Int).Lsh(big.NewInt(1), uint(k)), p)
				}
				exp = -k
			}
			words := new(big.Int).Rsh(m, 64).Uint64()
			t[q-minPow10] = pow10Entry{hi: words, lo: new(big.Int).And(m, new(big.Int).SetUint64(math.MaxUint64)).Uint64(), exp: exp}
		}
		pow10Table = t
	})
	return pow10Table
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// shift returns floor(x·2^n).
func shift(x *big.Int, n int) *big.Int {
	if n >= 0 {
		return new(big.Int).Lsh(x, uint(n))
	}
	return new(big.Int).Rsh(x, uint(-n))
}

// eiselLemire returns m·10^q correctly rounded, or ok false if it cannot be
// sure. m must not be 0.
func eiselLemire(m uint64, q int) (float64, bool) {
	if q < minPow10 || q > maxPow10 {
		return 0, false
	}
	p := powersOfTen()[q-minPow10]
	lz := bits.LeadingZeros64(m)
	m <<= lz
	hi, lo := bits.Mul64(m, p.hi)
	// The truncated product may be short by less than m in its low word;
	// only when that could carry into the bits that decide the rounding is
	// the next word of the power needed.
	if hi&0x1FF == 0x1FF && lo+m < lo {
		h2, l2 := bits.Mul64(m, p.lo)
		var c uint64
		lo, c = bits.Add64(lo, h2, 0)
		hi += c
		if hi&0x1FF == 0x1FF && lo == math.MaxUint64 && l2+m < l2 {
			return 0, false
		}
	}
	top := hi >> 63
	mant := hi >> (top + 9) // 54 bits: the 53 kept and one to round with
	// value ≈ mant·2^(top+9+128+p.exp-lz); the float's exponent follows.
	e2 := int(top) + 9 + 128 + p.exp - lz + 53
	if lo == 0 && hi&0x1FF == 0 && mant&3 == 1 {
		return 0, false // exactly halfway as far as these bits tell
	}
	mant += mant & 1
	mant >>= 1
	if mant>>53 != 0 {
		mant >>= 1
		e2++
	}
	biased := e2 + 1023
	if biased <= 0 || biased >= 0x7FF {
		return 0, false // subnormal or out of range: strconv decides
	}
	return math.Float64frombits(uint64(biased)<<52 | mant&(1<<52-1)), true
}
