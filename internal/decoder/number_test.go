package decoder

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
)

// The fast number paths must give strconv's values, bit for bit, or step
// aside.
func TestFastNumbersMatchStrconv(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	check := func(s string) {
		want, werr := strconv.ParseFloat(s, 64)
		d := decodeState{data: []byte(s)}
		if got, ok := d.fastFloat(); ok && (werr != nil || math.Float64bits(got) != math.Float64bits(want) || d.i != len(s)) {
			t.Errorf("fastFloat(%q) = %v (to %d), strconv: %v, %v", s, got, d.i, want, werr)
		}
		wantI, ierr := strconv.ParseInt(s, 10, 64)
		d = decodeState{data: []byte(s)}
		if got, ok := d.fastInt(); ok && (ierr != nil || got != wantI || d.i != len(s)) {
			t.Errorf("fastInt(%q) = %v (to %d), strconv: %v, %v", s, got, d.i, wantI, ierr)
		}
	}
	for _, s := range []string{"0", "-0", "0.0", "-0.0", "1e22", "1e23", "9007199254740992", "9007199254740993",
		"123456789012345678", "1234567890123456789", "0.1", "1.7976931348623157e308", "5e-324", "1e-22", "01", "1.", "1e", "-"} {
		check(s)
	}
	// Long mantissas go through eiselLemire, which must take almost all.
	taken := 0
	for range 100000 {
		s := fmt.Sprintf("%d.%017de%d", r.IntN(100), r.Uint64N(1e17), r.IntN(600)-300)
		check(s)
		d := decodeState{data: []byte(s)}
		if _, ok := d.fastFloat(); ok {
			taken++
		}
	}
	if taken < 99000 {
		t.Errorf("fastFloat took %d of 100000 long mantissas", taken)
	}
	// Small fractions, whose leading zeros are not significant digits:
	// fastFloat must take them (17 digits after the zeros) and agree.
	taken = 0
	for range 20000 {
		s := fmt.Sprintf("0.%s%d", strings.Repeat("0", r.IntN(25)), r.Uint64N(1e17-1e16)+1e16)
		check(s)
		check("-" + s)
		check(s + "e-3")
		d := decodeState{data: []byte(s)}
		if _, ok := d.fastFloat(); ok {
			taken++
		}
	}
	if taken < 19800 {
		t.Errorf("fastFloat took %d of 20000 small fractions", taken)
	}
	for _, s := range []string{"0.000", "-0.000", "0.0001", "0.00000000000000000000000000000000000000000001", "0.0e5", "0.00e-400"} {
		check(s)
	}
	// Integers end at whatever follows them in a document, which the word
	// at a time reading of fastInt looks at: it must stop before it, and
	// step aside when it could continue the number.
	for range 100000 {
		s := strconv.FormatInt(r.Int64()>>r.IntN(64), 10)
		if r.IntN(4) == 0 {
			s = strconv.FormatInt(r.Int64N(1e18), 10)
		}
		want, _ := strconv.ParseInt(s, 10, 64)
		for _, suffix := range []string{"", ",", "]", "}", " ", ",1234567", ".5", "e3", "E", "x"} {
			d := decodeState{data: []byte(s + suffix)}
			got, ok := d.fastInt()
			digits := len(strings.TrimPrefix(s, "-"))
			continues := suffix != "" && strings.ContainsAny(suffix[:1], ".eE")
			switch {
			case ok && (got != want || d.i != len(s) || continues):
				t.Errorf("fastInt(%q) = %v (to %d), want %v (to %d)", s+suffix, got, d.i, want, len(s))
			case !ok && !continues && digits <= 18:
				t.Errorf("fastInt(%q) stepped aside from an integer of %d digits", s+suffix, digits)
			}
		}
	}
	for range 200000 {
		var s string
		switch r.IntN(5) {
		case 4:
			s = strconv.FormatFloat(math.Float64frombits(r.Uint64()), 'g', -1, 64)
		case 0:
			s = strconv.FormatInt(r.Int64()>>r.IntN(64), 10)
		case 1:
			s = strconv.FormatFloat(r.NormFloat64()*math.Pow(10, float64(r.IntN(40)-20)), 'g', -1, 64)
		case 2:
			s = fmt.Sprintf("%d.%de%d", r.IntN(100000), r.IntN(1000000000), r.IntN(50)-25)
		default:
			s = strconv.FormatFloat(r.Float64()*1000, 'f', r.IntN(16), 64)
		}
		check(s)
	}
}

// TestFloat32Fields decodes numbers into float32 fields and elements, at
// the ends of float32's range, at exact midpoints between float32s and
// near them, and at random, and compares with encoding/json, errors too.
func TestFloat32Fields(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	nums := []string{"0", "-0", "1.5", "3.4028235e38", "3.4028236e38", "3.4028235677973366e38", "-3.4e39",
		"1.17549435e-38", "1e-45", "7e-46", "16777217", "0.000244140625", "0.36873543", "1e400"}
	for range 3000 {
		x := math.Float32frombits(r.Uint32())
		up := math.Nextafter32(x, float32(math.Inf(1)))
		if math.IsNaN(float64(x)) || math.IsInf(float64(x), 0) || math.IsInf(float64(up), 0) {
			continue
		}
		mid := (float64(x) + float64(up)) / 2
		nums = append(nums, strconv.FormatFloat(float64(x), 'g', -1, 32), strconv.FormatFloat(mid, 'g', -1, 64),
			strconv.FormatFloat(mid, 'e', 15+r.IntN(4), 64))
	}
	for _, n := range nums {
		data := `{"F":` + n + `,"G":[` + n + `,2]}` + strings.Repeat(" ", 40)
		if d := diffUnmarshal([]byte(data), func() any {
			return new(struct {
				F float32
				G []float32
			})
		}, Options{}); d != "" {
			t.Fatalf("Unmarshal(%q): %s", data, d)
		}
	}
}
