package numparse

import (
	"encoding/binary"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/safejson/safejson/internal/grammar"
)

// intByBytes is the contract of Int and IntNearEnd read a byte at a
// time: one to sixteen digits with 24 bytes or more from i (Int), or one
// to seven with fewer in an input of eight bytes or more (IntNearEnd), no
// leading zero, and nothing after them that goes on a number.
func intByBytes(data []byte, i int) (int64, int, bool) {
	maxDigits := 16
	if len(data)-i < 24 {
		if len(data) < 8 {
			return 0, 0, false
		}
		maxDigits = 7
	}
	j := i
	if data[j] == '-' {
		j++
	}
	k, ok := digitsEnd(data, j, maxDigits)
	if !ok {
		return 0, 0, false
	}
	v, err := strconv.ParseInt(string(data[i:k]), 10, 64)
	if err != nil {
		panic(err)
	}
	return v, k, true
}

// digitsEnd returns where the digits from data[j] end, and whether there
// are one to maxDigits of them, with no leading zero and nothing after them
// that goes on a number.
func digitsEnd(data []byte, j, maxDigits int) (int, bool) {
	k := j
	for k < len(data) && data[k]-'0' < 10 {
		k++
	}
	n := k - j
	bad := n == 0 || n > maxDigits || n > 1 && data[j] == '0' ||
		k < len(data) && strings.IndexByte("0123456789.eE+-", data[k]) >= 0
	return k, !bad
}

// TestIntIsBytewise compares Int and IntNearEnd with intByBytes on
// numbers of every length up to twenty digits, signed or not, with leading
// zeros or not, after prefixes of several lengths and followed by each way
// a number can go on or end, with and without room for the words.
func TestIntIsBytewise(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	check := func(text string) {
		for _, prefix := range []string{"", "[", "  ", `{"id":`} {
			data := []byte(prefix + text)
			i := len(prefix)
			v, end, ok := Int(data, i)
			if len(data)-i < 24 {
				v, end, ok = IntNearEnd(data, i)
			}
			wv, wend, wok := intByBytes(data, i)
			if ok != wok || ok && (v != wv || end != wend) {
				t.Fatalf("Int(%q, %d) = %d, %d, %v; want %d, %d, %v", data, i, v, end, ok, wv, wend, wok)
			}
		}
	}
	for n := range 21 {
		for range 300 {
			checkWithTails(randomNumber(r, n, 2), check)
		}
	}
}

// randomNumber draws a number of n digits, with a minus sign one time in
// minusOdds, a first digit that is mostly not a zero, and, at twenty
// digits, half of them starting with 1: around the top of uint64's range.
func randomNumber(r *rand.Rand, n, minusOdds int) string {
	var sb strings.Builder
	if r.IntN(minusOdds) == 0 {
		sb.WriteByte('-')
	}
	for d := range n {
		c := byte('0' + r.IntN(10))
		if d == 0 && r.IntN(3) > 0 && n > 1 {
			c = byte('1' + r.IntN(9))
		}
		if n == 20 && d == 0 && r.IntN(2) == 0 {
			c = '1'
		}
		sb.WriteByte(c)
	}
	return sb.String()
}

// checkWithTails calls check with num followed by each way a number can
// go on or end, with and without room for the words after it.
func checkWithTails(num string, check func(string)) {
	for _, tail := range []string{"", ",", "}", "]", " ", ".5", "e3", "E+1", "+", "-", "x", `"`, "0", "9"} {
		check(num + tail)
		check(num + tail + strings.Repeat(" ", 24))
	}
}

// uintByBytes is the contract of Uint read a byte at a time: one to twenty
// digits with no sign and 24 bytes or more from i, no leading zero, a value
// that fits in a uint64, and nothing after them that goes on a number.
func uintByBytes(data []byte, i int) (uint64, int, bool) {
	if len(data)-i < 24 {
		return 0, 0, false
	}
	k, ok := digitsEnd(data, i, 20)
	if !ok {
		return 0, 0, false
	}
	v, err := strconv.ParseUint(string(data[i:k]), 10, 64)
	if err != nil {
		return 0, 0, false
	}
	return v, k, true
}

// TestUintIsBytewise compares Uint with uintByBytes on numbers of every
// length up to twenty-two digits, near the top of the range or not, with
// leading zeros or not, signed or not, after prefixes of several lengths
// and followed by each way a number can go on or end, with and without
// room for the words.
func TestUintIsBytewise(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	check := func(text string) {
		for _, prefix := range []string{"", "[", "  ", `{"id":`} {
			data := []byte(prefix + text)
			i := len(prefix)
			v, end, ok := Uint(data, i)
			wv, wend, wok := uintByBytes(data, i)
			if ok != wok || ok && (v != wv || end != wend) {
				t.Fatalf("Uint(%q, %d) = %d, %d, %v; want %d, %d, %v", data, i, v, end, ok, wv, wend, wok)
			}
		}
	}
	edges := []string{"18446744073709551615", "18446744073709551616", "18446744073709551609", "99999999999999999999",
		"10000000000000000000", "9999999999999999999", "1844674407370955161", "18446744073709551620"}
	for _, e := range edges {
		checkWithTails(e, check)
	}
	for n := range 23 {
		for range 300 {
			checkWithTails(randomNumber(r, n, 8), check)
		}
	}
}

// TestEightDigits holds the word-at-a-time digit check (grammar.NonDigits
// finding none) and EightDigits's value to a byte at a time, on every byte
// value in every place and on random words.
func TestEightDigits(t *testing.T) {
	plain := func(b []byte) (uint64, bool) {
		var n uint64
		for _, c := range b {
			if c < '0' || c > '9' {
				return 0, false
			}
			n = n*10 + uint64(c-'0')
		}
		return n, true
	}
	try := func(b []byte) {
		w := binary.LittleEndian.Uint64(b)
		want, ok := plain(b)
		if digits := grammar.NonDigits(w) == 0; digits != ok || ok && EightDigits(w) != want {
			t.Errorf("%q: all digits %v, value %d; want %v, %d", b, digits, EightDigits(w), ok, want)
		}
	}
	r := rand.New(rand.NewPCG(8, 8))
	for place := range 8 {
		for c := range 256 {
			b := []byte("12345678")
			b[place] = byte(c)
			try(b)
		}
	}
	for range 100000 {
		b := make([]byte, 8)
		for i := range b {
			b[i] = byte('0' + r.IntN(10))
			if r.IntN(20) == 0 {
				b[i] = byte(r.IntN(256))
			}
		}
		try(b)
	}
}
