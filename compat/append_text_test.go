package compat_test

import (
	"errors"
	"testing"
)

// Go 1.27's encoding/json prefers encoding.TextAppender's AppendText to
// MarshalText; Go 1.26's knows only MarshalText. Compared with the
// toolchain running the test.

// appendOnly has AppendText and no MarshalText.
type appendOnly struct{ S string }

func (v appendOnly) AppendText(b []byte) ([]byte, error) { return append(b, "append:"+v.S...), nil }

// appendAndText has both, writing different texts.
type appendAndText int

func (v appendAndText) AppendText(b []byte) ([]byte, error) { return append(b, "<append>"...), nil }

func (v appendAndText) MarshalText() ([]byte, error) { return []byte("<text>"), nil }

// appendFails fails in AppendText only.
type appendFails int

func (v appendFails) AppendText(b []byte) ([]byte, error) { return b, errors.New("append: boom") }

func (v appendFails) MarshalText() ([]byte, error) { return []byte("text"), nil }

// ptrAppend has AppendText on the pointer and MarshalText on the value.
type ptrAppend struct{ S string }

func (v *ptrAppend) AppendText(b []byte) ([]byte, error) { return append(b, "ptr:"+v.S...), nil }

func (v ptrAppend) MarshalText() ([]byte, error) { return []byte("val:" + v.S), nil }

// appendJSON has AppendText and MarshalJSON.
type appendJSON int

func (v appendJSON) AppendText(b []byte) ([]byte, error) { return append(b, "append"...), nil }

func (v appendJSON) MarshalJSON() ([]byte, error) { return []byte(`"json"`), nil }

// textFails is a struct with only a MarshalText, which fails.
type textFails struct{ N int }

func (v textFails) MarshalText() ([]byte, error) { return nil, errors.New("text: boom") }

// appendKeyString is a string kind: its methods are not called for keys.
type appendKeyString string

func (v appendKeyString) AppendText(b []byte) ([]byte, error) { return append(b, "k:"+v...), nil }

func TestEncodeAppendText(t *testing.T) {
	runEncodeCases(t, []encodeCase{
		{"only", appendOnly{"a<b"}},
		{"only/ptr", &appendOnly{"p"}},
		{"only/nilPtr", (*appendOnly)(nil)},
		{"both", appendAndText(1)},
		{"both/inSlice", []appendAndText{1, 2}},
		{"fails", appendFails(1)},
		{"fails/inField", struct{ F appendFails }{1}},
		{"ptr/value", ptrAppend{"v"}},
		{"ptr/addressable", &struct{ P ptrAppend }{ptrAppend{"a"}}},
		{"ptr/inSlice", []ptrAppend{{"s"}}},
		{"ptr/inMap", map[string]ptrAppend{"k": {"m"}}},
		{"json", appendJSON(1)},
		{"key/only", map[appendOnly]int{{"k"}: 1, {"j"}: 2}},
		{"key/both", map[appendAndText]int{1: 1}},
		{"key/fails", map[appendFails]int{1: 1}},
		{"key/ptr", map[*ptrAppend]int{{"x"}: 1}},
		{"key/ptrMethodOfValue", map[ptrAppend]int{{"v"}: 1, {"w"}: 2}},
		{"key/textFails", map[textFails]int{{1}: 1}},
		{"key/interfaceOfMethods", map[interface{ MarshalText() ([]byte, error) }]int{appendAndText(1): 1, ptrAppend{"i"}: 2}},
		{"key/string", map[appendKeyString]int{"s": 1}},
		{"value/string", appendKeyString("s")},
	})
}
