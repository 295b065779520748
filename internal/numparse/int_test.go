package numparse

import (
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
)

// intByBytes is Int's contract read a byte at a time: one to sixteen
// digits, no leading zero, nothing after them that goes on a number, and
// 24 bytes or more from i.
func intByBytes(data []byte, i int) (int64, int, bool) {
	if len(data)-i < 24 {
		return 0, 0, false
	}
	j := i
	if data[j] == '-' {
		j++
	}
	k := j
	for k < len(data) && data[k]-'0' < 10 {
		k++
	}
	switch n := k - j; {
	case n == 0 || n > 16, n > 1 && data[j] == '0', k < len(data) && strings.IndexByte("0123456789.eE+-", data[k]) >= 0:
		return 0, 0, false
	}
	v, err := strconv.ParseInt(string(data[i:k]), 10, 64)
	if err != nil {
		panic(err)
	}
	return v, k, true
}

// TestIntIsBytewise compares Int with intByBytes on numbers of every
// length up to twenty digits, signed or not, with leading zeros or not,
// followed by each way a number can go on or end, with and without room
// for the words.
func TestIntIsBytewise(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	tails := []string{"", ",", "}", "]", " ", ".5", "e3", "E+1", "+", "-", "x", `"`, "0", "9"}
	check := func(text string) {
		for _, prefix := range []string{"", "[", "  "} {
			data := []byte(prefix + text)
			i := len(prefix)
			v, end, ok := Int(data, i)
			wv, wend, wok := intByBytes(data, i)
			if ok != wok || ok && (v != wv || end != wend) {
				t.Fatalf("Int(%q, %d) = %d, %d, %v; want %d, %d, %v", data, i, v, end, ok, wv, wend, wok)
			}
		}
	}
	for n := range 21 {
		for range 300 {
			var sb strings.Builder
			if r.IntN(2) == 0 {
				sb.WriteByte('-')
			}
			for d := range n {
				c := byte('0' + r.IntN(10))
				if d == 0 && r.IntN(3) > 0 && n > 1 {
					c = byte('1' + r.IntN(9))
				}
				sb.WriteByte(c)
			}
			num := sb.String()
			for _, tail := range tails {
				check(num + tail)
				check(num + tail + strings.Repeat(" ", 24))
			}
		}
	}
}
