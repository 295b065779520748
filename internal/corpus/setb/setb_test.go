package setb

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

func TestRubyTime(t *testing.T) {
	const text = `"Sun Aug 31 00:29:15 +0000 2014"`
	var rt RubyTime
	if err := rt.UnmarshalJSON([]byte(text)); err != nil {
		t.Fatal(err)
	}
	if want := time.Date(2014, 8, 31, 0, 29, 15, 0, time.UTC); !rt.Equal(want) {
		t.Errorf("UnmarshalJSON(%s) = %v, want %v", text, rt.Time, want)
	}
	if out, err := rt.MarshalJSON(); err != nil || string(out) != text {
		t.Errorf("MarshalJSON() = %s, %v; want %s", out, err, text)
	}
	if err := rt.UnmarshalJSON([]byte("null")); err != nil || rt.Year() != 2014 {
		t.Errorf("UnmarshalJSON(null) = %v and changed the time to %v", err, rt.Time)
	}
	for _, bad := range []string{`1409444955`, `"2014-08-31T00:29:15Z"`, `"`, ``} {
		if err := rt.UnmarshalJSON([]byte(bad)); err == nil || !strings.HasPrefix(err.Error(), "setb: RubyTime: ") {
			t.Errorf("UnmarshalJSON(%s) = %v, want a setb: RubyTime error", bad, err)
		}
	}
}

func TestUnixTimes(t *testing.T) {
	var s UnixTime
	var ms UnixMilli
	if err := s.UnmarshalJSON([]byte("1316289444")); err != nil || s.Unix() != 1316289444 {
		t.Errorf("UnixTime: %v, %v", s.Time, err)
	}
	if err := ms.UnmarshalJSON([]byte("1372701600123")); err != nil || ms.UnixMilli() != 1372701600123 {
		t.Errorf("UnixMilli: %v, %v", ms.Time, err)
	}
	if out, _ := s.MarshalJSON(); string(out) != "1316289444" {
		t.Errorf("UnixTime.MarshalJSON() = %s", out)
	}
	if out, _ := ms.MarshalJSON(); string(out) != "1372701600123" {
		t.Errorf("UnixMilli.MarshalJSON() = %s", out)
	}
	if err := s.UnmarshalJSON([]byte("null")); err != nil || s.Unix() != 1316289444 {
		t.Errorf("UnixTime.UnmarshalJSON(null) = %v and changed the time to %v", err, s.Time)
	}
	for _, bad := range []string{`1.5`, `"1"`, `99999999999999999999`} {
		if err := s.UnmarshalJSON([]byte(bad)); err == nil || !strings.HasPrefix(err.Error(), "setb: UnixTime: ") {
			t.Errorf("UnixTime.UnmarshalJSON(%s) = %v, want a setb: UnixTime error", bad, err)
		}
		if err := ms.UnmarshalJSON([]byte(bad)); err == nil || !strings.HasPrefix(err.Error(), "setb: UnixMilli: ") {
			t.Errorf("UnixMilli.UnmarshalJSON(%s) = %v, want a setb: UnixMilli error", bad, err)
		}
	}
}

func TestDate(t *testing.T) {
	var d Date
	if err := d.UnmarshalText([]byte("1931-03-30")); err != nil || d != (Date{1931, time.March, 30}) {
		t.Errorf("UnmarshalText = %v, %v", d, err)
	}
	if out, err := (Date{7, time.January, 2}).MarshalText(); err != nil || string(out) != "0007-01-02" {
		t.Errorf("MarshalText() = %s, %v", out, err)
	}
	for _, bad := range []string{"1931-02-30", "1931-3-30", "1931-03-30T00:00:00Z", ""} {
		if err := d.UnmarshalText([]byte(bad)); err == nil || !strings.HasPrefix(err.Error(), "setb: Date: ") {
			t.Errorf("UnmarshalText(%q) = %v, want a setb: Date error", bad, err)
		}
	}
	for _, year := range []int{-1, 10000} {
		if out, err := (Date{year, time.May, 1}).MarshalText(); err == nil {
			t.Errorf("MarshalText() of year %d = %s, want an error", year, out)
		}
	}
}

func TestBlock(t *testing.T) {
	seen := map[string]bool{}
	for i, name := range blockNames {
		b := Block(i + 1)
		if seen[name] {
			t.Errorf("block name %q twice", name)
		}
		seen[name] = true
		var back Block
		out, err := b.MarshalText()
		if err != nil || string(out) != name || b.String() != name {
			t.Errorf("Block(%d): MarshalText() = %q, %v; String() = %q; want %q", b, out, err, b.String(), name)
		}
		if err := back.UnmarshalText(out); err != nil || back != b {
			t.Errorf("UnmarshalText(%q) = %d, %v; want %d", out, back, err, b)
		}
	}
	for _, b := range []Block{0, Block(len(blockNames) + 1), 255} {
		if out, err := b.MarshalText(); err == nil {
			t.Errorf("Block(%d).MarshalText() = %q, want an error", b, out)
		}
		if got, want := b.String(), fmt.Sprintf("Block(%d)", uint8(b)); got != want {
			t.Errorf("String() = %q, want %q", got, want)
		}
	}
	var b Block
	if err := b.UnmarshalText([]byte("Klingon")); err == nil {
		t.Errorf("UnmarshalText(Klingon) = %d, want an error", b)
	}
}
