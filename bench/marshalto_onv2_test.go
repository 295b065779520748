//go:build goexperiment.jsonv2 && go1.27 && !nosafejson

package bench

import (
	"encoding/json/jsontext"
	jsonv2 "encoding/json/v2"
	"fmt"
	"reflect"
	"testing"
	"time"

	ours "github.com/safejson/safejson/compat/v2"
)

// level is an enum that writes itself by MarshalJSONTo, as v2 code does.
type level int

var levelNames = [...]string{"debug", "info", "warn", "error"}

func (l level) MarshalJSONTo(enc *jsontext.Encoder) error {
	return enc.WriteToken(jsontext.String(levelNames[l%4]))
}

func (l *level) UnmarshalJSONFrom(dec *jsontext.Decoder) error {
	tok, err := dec.ReadToken()
	if err != nil {
		return err
	}
	for i, name := range levelNames {
		if tok.String() == name {
			*l = level(i)
			return nil
		}
	}
	return fmt.Errorf("unknown level %q", tok.String())
}

// span writes and reads a nested value through the encoder or decoder.
type span struct{ Start, End time.Time }

func (s *span) UnmarshalJSONFrom(dec *jsontext.Decoder) error {
	var ms [2]int64
	if err := jsonv2.UnmarshalDecode(dec, &ms); err != nil {
		return err
	}
	s.Start, s.End = time.UnixMilli(ms[0]).UTC(), time.UnixMilli(ms[1]).UTC()
	return nil
}

func (s span) MarshalJSONTo(enc *jsontext.Encoder) error {
	return jsonv2.MarshalEncode(enc, [2]int64{s.Start.UnixMilli(), s.End.UnixMilli()})
}

type logRecord struct {
	Time    time.Time         `json:"time"`
	Level   level             `json:"level"`
	Message string            `json:"msg"`
	Service string            `json:"service"`
	Host    string            `json:"host"`
	Latency float64           `json:"latency_ms"`
	Status  int               `json:"status"`
	Span    span              `json:"span"`
	Labels  map[string]string `json:"labels,omitempty"`
	Tags    []string          `json:"tags"`
}

func logRecords(n int) []logRecord {
	t0 := time.Date(2026, 12, 6, 12, 0, 0, 0, time.UTC)
	rs := make([]logRecord, n)
	for i := range rs {
		at := t0.Add(time.Duration(i) * 1733 * time.Microsecond)
		rs[i] = logRecord{
			Time: at, Level: level(i % 7), Message: fmt.Sprintf("request %d served", i),
			Service: "checkout", Host: fmt.Sprintf("web-%02d", i%16), Latency: float64(i%97) * 0.37,
			Status: 200 + i%3, Span: span{at, at.Add(time.Duration(i%50) * time.Millisecond)},
			Labels: map[string]string{"region": "eu-west-1"}, Tags: []string{"http", "v2"},
		}
	}
	return rs
}

// BenchmarkV2MarshalJSONTo times compat/v2 and encoding/json/v2 on records
// whose types have MarshalJSONTo methods: one that writes a token, one
// that marshals a nested value through the encoder.
func BenchmarkV2MarshalJSONTo(b *testing.B) {
	v := logRecords(1000)
	want, err := jsonv2.Marshal(v, jsonv2.Deterministic(true))
	if err != nil {
		b.Fatal(err)
	}
	if got, err := ours.Marshal(v, jsonv2.Deterministic(true)); err != nil || string(got) != string(want) {
		b.Fatalf("compat/v2 differs from encoding/json/v2: %v", err)
	}
	for _, lib := range []struct {
		name    string
		marshal func(any, ...jsonv2.Options) ([]byte, error)
	}{{"stdv2", jsonv2.Marshal}, {"safejsonv2", ours.Marshal}} {
		b.Run("lib="+lib.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(want)))
			for b.Loop() {
				if _, err := lib.marshal(v); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkV2UnmarshalJSONFrom times compat/v2 and encoding/json/v2
// decoding the records of BenchmarkV2MarshalJSONTo, whose types have
// UnmarshalJSONFrom methods: one that reads a token, one that decodes a
// nested value through the decoder.
func BenchmarkV2UnmarshalJSONFrom(b *testing.B) {
	data, err := jsonv2.Marshal(logRecords(1000), jsonv2.Deterministic(true))
	if err != nil {
		b.Fatal(err)
	}
	var want, got []logRecord
	if err := jsonv2.Unmarshal(data, &want); err != nil {
		b.Fatal(err)
	}
	if err := ours.Unmarshal(data, &got); err != nil || !reflect.DeepEqual(got, want) {
		b.Fatalf("compat/v2 differs from encoding/json/v2: %v", err)
	}
	for _, lib := range []struct {
		name      string
		unmarshal func([]byte, any, ...jsonv2.Options) error
	}{{"stdv2", jsonv2.Unmarshal}, {"safejsonv2", ours.Unmarshal}} {
		b.Run("lib="+lib.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(data)))
			for b.Loop() {
				var v []logRecord
				if err := lib.unmarshal(data, &v); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
