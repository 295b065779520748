package policy_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/safejson/safejson/policy"
)

// fixed is the oracle's time: encoding/json writes it through these
// methods, which format with the standard library (Truncate, then Format
// with a fixed-width layout) and fail as time.Time's own methods fail.
type fixed struct {
	t      time.Time
	digits int
	utc    bool
}

func (f fixed) text(method string) ([]byte, error) {
	t := f.t
	if f.utc {
		t = t.UTC()
	}
	if _, err := t.MarshalText(); err != nil {
		return nil, errors.New(strings.Replace(err.Error(), "MarshalText", method, 1))
	}
	layout := "2006-01-02T15:04:05Z07:00"
	unit := time.Second
	if f.digits > 0 {
		layout = "2006-01-02T15:04:05." + strings.Repeat("0", f.digits) + "Z07:00"
		for range f.digits {
			unit /= 10
		}
	}
	return []byte(t.Truncate(unit).Format(layout)), nil
}

func (f fixed) MarshalText() ([]byte, error) { return f.text("MarshalText") }

func (f fixed) MarshalJSON() ([]byte, error) {
	b, err := f.text("MarshalJSON")
	if err != nil {
		return nil, err
	}
	return json.Marshal(string(b))
}

// shape holds a T in each place the policy must reach.
type shape[T comparable] struct {
	V    T
	P    *T
	NilP *T
	S    []T
	A    [2]T
	M    map[string]T
	K    map[T]int
	I    any
	PI   any
}

func shapeOf[T comparable](conv func(time.Time) T, ts []time.Time) shape[T] {
	s := shape[T]{M: map[string]T{}, K: map[T]int{}}
	for i, t := range ts {
		c := conv(t)
		s.S = append(s.S, c)
		s.M[string(rune('a'+i))] = c
		s.K[c] = i
	}
	s.V = conv(ts[0])
	p := conv(ts[1%len(ts)])
	s.P = &p
	s.A = [2]T{conv(ts[0]), conv(ts[len(ts)-1])}
	s.I = conv(ts[0])
	s.PI = &p
	return s
}

func randomTime(r *rand.Rand) time.Time {
	zones := []*time.Location{time.UTC, time.FixedZone("", -1800), time.FixedZone("X", 5*3600+45*60), time.FixedZone("", -30)}
	ns := r.Int64N(1e9)
	switch r.IntN(4) {
	case 0:
		ns = 0
	case 1:
		ns = ns / 1e6 * 1e6
	}
	sec := r.Int64N(253402300800+62135596800) - 62135596800 // years 1 to 9999
	return time.Unix(sec, ns).In(zones[r.IntN(len(zones))])
}

func TestTimePrecisionEverywhere(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for i := 0; i < 300; i++ {
		digits, utc := r.IntN(10), r.IntN(2) == 0
		ts := []time.Time{randomTime(r), randomTime(r), randomTime(r)}
		opts := []policy.Option{policy.TimePrecision(digits)}
		if utc {
			opts = append(opts, policy.TimeUTC())
		}
		p := policy.New(opts...)
		got, err := p.Marshal(shapeOf(func(t time.Time) time.Time { return t }, ts))
		if err != nil {
			t.Fatal(err)
		}
		want, err := json.Marshal(shapeOf(func(t time.Time) fixed { return fixed{t, digits, utc} }, ts))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Fatalf("%v:\n got %s\nwant %s", p, got, want)
		}
	}
}

type event struct {
	time.Time
	Name string
}

type deepEvent struct{ event }

type ptrEvent struct {
	*time.Time
	Name string
}

// ownTime declares its own MarshalJSON: a user marshaler, never rewritten.
type ownTime struct{ time.Time }

func (o ownTime) MarshalJSON() ([]byte, error) {
	return []byte(`"` + o.Time.Format(time.RFC3339Nano) + `"`), nil
}

func TestTimePrecisionPromotedAndUserMarshalers(t *testing.T) {
	tm := time.Date(2024, 3, 5, 7, 8, 9, 123456789, time.UTC)
	p := policy.New(policy.TimePrecision(3))
	cases := []struct {
		v    any
		want string
	}{
		{tm, `"2024-03-05T07:08:09.123Z"`},
		{time.Date(2024, 3, 5, 7, 8, 9, 0, time.UTC), `"2024-03-05T07:08:09.000Z"`},
		{tm.In(time.FixedZone("", -1800)), `"2024-03-05T06:38:09.123-00:30"`},
		{event{tm, "x"}, `"2024-03-05T07:08:09.123Z"`},
		{&event{tm, "x"}, `"2024-03-05T07:08:09.123Z"`},
		{[]deepEvent{{event{tm, "x"}}}, `["2024-03-05T07:08:09.123Z"]`},
		{ptrEvent{&tm, "x"}, `"2024-03-05T07:08:09.123Z"`},
		{map[string]any{"e": event{tm, "x"}}, `{"e":"2024-03-05T07:08:09.123Z"}`},
		{(*time.Time)(nil), `null`},
		{struct{ T *time.Time }{}, `{"T":null}`},
		{ownTime{tm}, `"2024-03-05T07:08:09.123456789Z"`},
		{json.RawMessage(`"2024-03-05T07:08:09.123456789Z"`), `"2024-03-05T07:08:09.123456789Z"`},
	}
	for _, c := range cases {
		got, err := p.Marshal(c.v)
		if err != nil || string(got) != c.want {
			t.Errorf("Marshal(%#v) = %s, %v; want %s", c.v, got, err, c.want)
		}
	}
	// A nil embedded pointer makes the promoted method panic in
	// encoding/json; the policy must not hide that.
	for _, enc := range []func(any) ([]byte, error){json.Marshal, p.Marshal} {
		func() {
			defer func() {
				if recover() == nil {
					t.Error("a nil embedded *time.Time did not panic")
				}
			}()
			enc(ptrEvent{nil, "x"})
		}()
	}
}

func TestTimeErrorsMatchTimeMethods(t *testing.T) {
	bad := []time.Time{
		time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC),
		time.Date(-1, 1, 1, 0, 0, 0, 0, time.UTC),
		time.Date(2024, 1, 1, 0, 0, 0, 0, time.FixedZone("", 24*3600)),
	}
	for _, tm := range bad {
		for _, v := range []any{tm, event{tm, ""}, []*time.Time{&tm}, map[time.Time]int{tm: 1}} {
			_, wantErr := json.Marshal(v)
			for _, p := range []policy.Policy{{}, policy.New(policy.TimePrecision(3))} {
				_, err := p.Marshal(v)
				if !sameErr(err, wantErr) {
					t.Errorf("%v.Marshal(%T with %v): error %v, want %v", p, v, tm, err, wantErr)
				}
			}
		}
	}
	// 9999-12-31 late in a negative zone is year 10000 in UTC.
	late := time.Date(9999, 12, 31, 23, 0, 0, 0, time.FixedZone("", -2*3600))
	_, wantErr := json.Marshal(late.UTC())
	if _, err := policy.New(policy.TimeUTC()).Marshal(late); !sameErr(err, wantErr) {
		t.Errorf("TimeUTC on %v: error %v, want %v", late, err, wantErr)
	}
}

func TestTimeKeysSortAfterFormattingAndCollide(t *testing.T) {
	a := time.Date(2024, 1, 1, 0, 0, 0, 900, time.UTC)
	b := time.Date(2024, 1, 1, 0, 0, 0, 100, time.UTC)
	c := time.Date(2023, 12, 31, 23, 0, 0, 0, time.FixedZone("", -2*3600)) // 2024-01-01T01:00Z
	m := map[time.Time]int{a: 1, c: 3}
	got, err := policy.New(policy.TimeUTC()).Marshal(m)
	if want := `{"2024-01-01T00:00:00.0000009Z":1,"2024-01-01T01:00:00Z":3}`; err != nil || string(got) != want {
		t.Errorf("TimeUTC keys = %s, %v; want %s", got, err, want)
	}
	var uv *json.UnsupportedValueError
	if _, err := policy.New(policy.TimePrecision(3)).Marshal(map[time.Time]int{a: 1, b: 2}); !errors.As(err, &uv) ||
		!strings.Contains(err.Error(), `"2024-01-01T00:00:00.000Z"`) {
		t.Errorf("colliding keys: error %v, want an UnsupportedValueError naming the key", err)
	}
	// Without time options encoding/json's bytes stand, duplicates and all.
	same := map[time.Time]int{a: 1, a.In(time.FixedZone("UTC", 0)): 1}
	want, _ := json.Marshal(same)
	if got, err := policy.New().Marshal(same); err != nil || !bytes.Equal(got, want) {
		t.Errorf("zero policy on duplicate-text keys = %s, %v; want %s", got, err, want)
	}
}
