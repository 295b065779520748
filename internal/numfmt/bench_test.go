package numfmt

import "testing"

func BenchmarkAppendUint(b *testing.B) {
	for _, c := range []struct {
		name string
		v    uint64
	}{{"3digits", 127}, {"9digits", 339420802}, {"13digits", 1378922400000}, {"20digits", 18446744073709551615}} {
		b.Run(c.name, func(b *testing.B) {
			buf := make([]byte, 0, 64)
			for b.Loop() {
				buf = AppendUint(buf[:0], c.v)
			}
		})
	}
}
