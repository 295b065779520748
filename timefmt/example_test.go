package timefmt_test

import (
	"errors"
	"fmt"
	"time"

	"github.com/safejson/safejson/timefmt"
)

func ExampleAppend() {
	t := time.Date(2024, 3, 5, 7, 8, 9, 123456789, time.UTC)
	for _, digits := range []int{0, 3, 9} {
		b, err := timefmt.Append(nil, t, digits, false)
		if err != nil {
			panic(err)
		}
		fmt.Println(string(b))
	}
	// Output:
	// 2024-03-05T07:08:09Z
	// 2024-03-05T07:08:09.123Z
	// 2024-03-05T07:08:09.123456789Z
}

// The digits are fixed, so a whole second still gets its zeros, and the
// zone is kept unless utc is set.
func ExampleAppend_zone() {
	t := time.Date(2024, 3, 5, 7, 8, 9, 0, time.FixedZone("", -1800))
	local, _ := timefmt.Append(nil, t, 3, false)
	utc, _ := timefmt.Append(nil, t, 3, true)
	fmt.Println(string(local))
	fmt.Println(string(utc))
	// Output:
	// 2024-03-05T07:08:09.000-00:30
	// 2024-03-05T07:38:09.000Z
}

// AppendTrimmed writes what time.Time.MarshalText writes.
func ExampleAppendTrimmed() {
	t := time.Date(2024, 3, 5, 7, 8, 9, 120000000, time.UTC)
	b, _ := timefmt.AppendTrimmed([]byte("at "), t, false)
	want, _ := t.MarshalText()
	fmt.Println(string(b))
	fmt.Println(string(want))
	// Output:
	// at 2024-03-05T07:08:09.12Z
	// 2024-03-05T07:08:09.12Z
}

func ExampleError() {
	_, err := timefmt.Append(nil, time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC), 3, false)
	var e *timefmt.Error
	fmt.Println(errors.As(err, &e), err)
	// Output: true year outside of range [0,9999]
}

// With utc set, any zone is written as Z.
func ExampleAppend_utc() {
	t := time.Date(2024, 3, 5, 8, 8, 9, 123456789, time.FixedZone("CET", 3600))
	b, err := timefmt.Append(nil, t, 3, true) // 2024-03-05T07:08:09.123Z
	fmt.Println(string(b), err)
	// Output: 2024-03-05T07:08:09.123Z <nil>
}
