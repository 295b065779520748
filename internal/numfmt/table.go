package numfmt

import (
	"math/big"
	"sync"
)

const (
	kMin = -292 // range of e in the 10^e that toDecimal needs
	kMax = 324
)

// pow10Table[k-kMin] holds g = floor(10^k / 2^r) + 1, split as g1 (high 63
// bits) and g0 (low 63 bits), with r chosen so that 2^125 <= g < 2^126.
// It is computed once, exactly, with math/big, on first use.
var pow10Table = sync.OnceValue(func() *[kMax - kMin + 1][2]uint64 {
	var tab [kMax - kMin + 1][2]uint64
	mask63 := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 63), big.NewInt(1))
	for k := kMin; k <= kMax; k++ {
		// 10^k as a fraction num/den.
		num, den := big.NewInt(1), big.NewInt(1)
		p := new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(abs(k))), nil)
		if k >= 0 {
			num = p
		} else {
			den = p
		}
		r := floorLog2Pow10(k) - 125
		// g = floor(num / (den * 2^r)) + 1
		if r >= 0 {
			den = new(big.Int).Lsh(den, uint(r))
		} else {
			num = new(big.Int).Lsh(num, uint(-r))
		}
		g := new(big.Int).Quo(num, den)
		g.Add(g, big.NewInt(1))
		tab[k-kMin][0] = new(big.Int).Rsh(g, 63).Uint64()
		tab[k-kMin][1] = new(big.Int).And(g, mask63).Uint64()
	}
	return &tab
})

func pow10(k int) (g1, g0 uint64) {
	e := &pow10Table()[k-kMin]
	return e[0], e[1]
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
