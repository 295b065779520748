package methods

import (
	"encoding/json"
	"reflect"
	"testing"
	"time"
)

type valueText struct{}

func (valueText) MarshalText() ([]byte, error) { return nil, nil }

type pointerJSON struct{}

func (*pointerJSON) MarshalJSON() ([]byte, error) { return nil, nil }
func (*pointerJSON) UnmarshalJSON([]byte) error   { return nil }

type otherSignatures struct{}

func (otherSignatures) MarshalText() string         { return "" }
func (*otherSignatures) UnmarshalText(string) error { return nil }
func (otherSignatures) IsZero() int                 { return 0 }

type zeroer struct{}

func (*zeroer) IsZero() bool { return true }

type promoted struct{ valueText }

type textInterface interface{ MarshalText() ([]byte, error) }

// TestOf holds Of to Go's method sets, written out by hand: value methods
// belong to T and *T, pointer methods to *T only, promoted ones to the
// embedding type, and a method of another signature to none.
func TestOf(t *testing.T) {
	tests := []struct {
		t    reflect.Type
		want Set
	}{
		{reflect.TypeFor[int](), 0},
		{reflect.TypeFor[valueText](), MarshalText},
		{reflect.TypeFor[*valueText](), MarshalText},
		{reflect.TypeFor[pointerJSON](), 0},
		{reflect.TypeFor[*pointerJSON](), MarshalJSON | UnmarshalJSON},
		{reflect.TypeFor[otherSignatures](), 0},
		{reflect.TypeFor[*otherSignatures](), 0},
		{reflect.TypeFor[zeroer](), 0},
		{reflect.TypeFor[*zeroer](), IsZero},
		{reflect.TypeFor[promoted](), MarshalText},
		{reflect.TypeFor[textInterface](), MarshalText},
		{reflect.TypeFor[json.RawMessage](), MarshalJSON},
		{reflect.TypeFor[*json.RawMessage](), MarshalJSON | UnmarshalJSON},
		{reflect.TypeFor[*time.Time](), MarshalJSON | AppendText | MarshalText | UnmarshalJSON | UnmarshalText | IsZero},
	}
	for _, tt := range tests {
		if got := Of(tt.t); got != tt.want {
			t.Errorf("Of(%v) = %#x, want %#x", tt.t, got, tt.want)
		}
	}
}

func TestAddressable(t *testing.T) {
	tests := []struct {
		t    reflect.Type
		want Set
	}{
		{reflect.TypeFor[pointerJSON](), MarshalJSON | UnmarshalJSON},
		{reflect.TypeFor[*pointerJSON](), MarshalJSON | UnmarshalJSON},
		{reflect.TypeFor[zeroer](), IsZero},
		// A pointer's pointer and an interface's pointer have no methods.
		{reflect.TypeFor[**pointerJSON](), 0},
		{reflect.TypeFor[textInterface](), MarshalText},
	}
	for _, tt := range tests {
		if got := Addressable(tt.t); got != tt.want {
			t.Errorf("Addressable(%v) = %#x, want %#x", tt.t, got, tt.want)
		}
	}
}

type jsonAndText struct{}

func (*jsonAndText) MarshalJSON() ([]byte, error) { return nil, nil }
func (jsonAndText) MarshalText() ([]byte, error)  { return nil, nil }

// TestPick follows encoding/json's order for an addressable value: each
// method through the pointer first, then the value's own.
func TestPick(t *testing.T) {
	want := MarshalJSON | MarshalText
	tests := []struct {
		t           reflect.Type
		addressable bool
		m           Set
		viaPointer  bool
	}{
		{reflect.TypeFor[jsonAndText](), true, MarshalJSON, true},
		{reflect.TypeFor[jsonAndText](), false, MarshalText, false},
		{reflect.TypeFor[valueText](), true, MarshalText, true},
		{reflect.TypeFor[valueText](), false, MarshalText, false},
		{reflect.TypeFor[*pointerJSON](), true, MarshalJSON, false},
		{reflect.TypeFor[pointerJSON](), false, 0, false},
		{reflect.TypeFor[int](), true, 0, false},
	}
	for _, tt := range tests {
		m, via := Pick(tt.t, want, tt.addressable)
		if m != tt.m || via != tt.viaPointer {
			t.Errorf("Pick(%v, addressable %v) = %#x, %v; want %#x, %v", tt.t, tt.addressable, m, via, tt.m, tt.viaPointer)
		}
	}
	if m, _ := Pick(reflect.TypeFor[jsonAndText](), MarshalText, true); m != MarshalText {
		t.Errorf("Pick of MarshalText alone = %#x", m)
	}
}

// TestPickV2 follows encoding/json/v2: the first method of an addressable
// value, none on a pointer or an interface.
func TestPickV2(t *testing.T) {
	want := MarshalJSON | MarshalText
	tests := []struct {
		t reflect.Type
		m Set
	}{
		{reflect.TypeFor[jsonAndText](), MarshalJSON},
		{reflect.TypeFor[valueText](), MarshalText},
		{reflect.TypeFor[pointerJSON](), MarshalJSON},
		{reflect.TypeFor[*pointerJSON](), 0},
		{reflect.TypeFor[textInterface](), 0},
		{reflect.TypeFor[int](), 0},
	}
	for _, tt := range tests {
		if m := PickV2(tt.t, want); m != tt.m {
			t.Errorf("PickV2(%v) = %#x, want %#x", tt.t, m, tt.m)
		}
	}
}

func TestFirst(t *testing.T) {
	for _, tt := range []struct{ s, want Set }{
		{0, 0},
		{MarshalText | MarshalJSON, MarshalJSON},
		{Marshal, MarshalJSONTo},
		{Unmarshal, UnmarshalJSONFrom},
		{UnmarshalText | IsZero, UnmarshalText},
	} {
		if got := tt.s.First(); got != tt.want {
			t.Errorf("%#x.First() = %#x, want %#x", tt.s, got, tt.want)
		}
	}
}

func TestWhich(t *testing.T) {
	for _, tt := range []struct {
		t         reflect.Type
		want, got Set
	}{
		{reflect.TypeFor[*pointerJSON](), UnmarshalText | UnmarshalJSON, UnmarshalJSON},
		{reflect.TypeFor[*pointerJSON](), Unmarshal, UnmarshalJSON},
		{reflect.TypeFor[*pointerJSON](), MarshalText, 0},
		{reflect.TypeFor[valueText](), Marshal | IsZero, MarshalText},
		{reflect.TypeFor[int](), Codec, 0},
	} {
		if got := Which(tt.t, tt.want); got != tt.got || got != Of(tt.t)&tt.want {
			t.Errorf("Which(%v, %#x) = %#x, want %#x", tt.t, tt.want, got, tt.got)
		}
	}
}
