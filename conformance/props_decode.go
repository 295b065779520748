package conformance

import (
	"encoding/json"
	"fmt"
	"math/rand"
	"reflect"
	"unicode"

	"github.com/leanovate/gopter"
)

// decodeInput is one Unmarshal case: a text, the type to decode it into,
// and optionally a value the target holds before decoding (encoding/json
// merges into existing maps, pointers and structs).
type decodeInput struct {
	Type    reflect.Type
	Text    []byte
	Prefill reflect.Value // invalid: a fresh zero target
	Target  target
}

// target says what is passed to Unmarshal.
type target int

const (
	toPointer    target = iota // a pointer to the value, the usual call
	toValue                    // the value itself: InvalidUnmarshalError
	toNilPointer               // a nil pointer: InvalidUnmarshalError
)

func (in decodeInput) describe() (string, string) {
	s := fmt.Sprintf("Unmarshal(%q, %s)", in.Text, [...]string{"new", "value", "nil pointer"}[in.Target])
	if in.Prefill.IsValid() {
		s += " into " + formatValue(in.Prefill.Interface())
	}
	return s, in.Type.String()
}

// typedCase draws a random type of depth levels for a case that reads
// text into it, and returns it with p's source and generators of its
// values and of texts on that source.
func typedCase(p *gopter.GenParameters, depth int) (*rand.Rand, reflect.Type, valueGen, textGen) {
	r := p.Rng
	return r, typeGen{r}.typ(depth), valueGen{r: r, size: p.MaxSize}, textGen{r, p.MaxSize}
}

func genDecodeInput() gopter.Gen {
	return func(p *gopter.GenParameters) *gopter.GenResult {
		depth := 1 + p.MaxSize/6
		r, t, vg, tg := typedCase(p, depth)
		fitting := func() []byte {
			b, err := marshalQuietly(vg.value(t, depth).Interface())
			if err != nil {
				return tg.text()
			}
			return b
		}
		in := decodeInput{Type: t}
		switch r.Intn(10) {
		case 0, 1, 2, 3:
			in.Text = fitting()
		case 4, 5:
			in.Text = tg.mutate(fitting())
		case 6:
			in.Text = flipCase(r.Intn, fitting())
		case 7:
			in.Text = tg.text()
		default:
			in.Text = tg.anyText()
		}
		if r.Intn(3) == 0 {
			in.Prefill = vg.value(t, depth)
		}
		if r.Intn(30) == 0 {
			in.Target = target(1 + r.Intn(2))
		}
		return gopter.NewGenResult(in, shrinkDecodeInput)
	}
}

// flipCase changes the case of some letters: encoding/json matches field
// names without regard to case, with Unicode folding (the Kelvin sign
// folds to k, long s to s), but literals such as true must be exact.
func flipCase(intn func(int) int, b []byte) []byte {
	rs := []rune(string(b))
	for i, c := range rs {
		switch {
		case (c == 'k' || c == 'K') && intn(2) == 0:
			rs[i] = '\u212a'
			continue
		case (c == 's' || c == 'S') && intn(2) == 0:
			rs[i] = '\u017f'
			continue
		}
		if unicode.IsLetter(c) && intn(4) == 0 {
			if unicode.IsUpper(c) {
				rs[i] = unicode.ToLower(c)
			} else {
				rs[i] = unicode.ToUpper(c)
			}
		}
	}
	return []byte(string(rs))
}

func shrinkDecodeInput(v any) gopter.Shrink {
	in := v.(decodeInput)
	var out []decodeInput
	if in.Prefill.IsValid() {
		w := in
		w.Prefill = reflect.Value{}
		out = append(out, w)
	}
	for _, s := range shrinkString(string(in.Text)) {
		w := in
		w.Text = []byte(s)
		out = append(out, w)
	}
	for _, c := range shrinkValue(in.Prefill, true, 0) {
		w := in
		w.Prefill = c
		out = append(out, w)
	}
	return shrinkList(out)
}

// unmarshal decodes into a fresh target and returns a copy of what it
// holds after, with times moved to shared locations from zones: each
// decoded time has a *time.Location of its own, and cmp compares map keys
// with ==, pointers included.
func unmarshal(f func([]byte, any) error, in decodeInput, zones *zoneCache) (any, error) {
	p := reflect.New(in.Type)
	if in.Prefill.IsValid() {
		p.Elem().Set(copyValue(in.Prefill, nil))
	}
	var arg any
	switch in.Target {
	case toValue:
		arg = p.Elem().Interface()
	case toNilPointer:
		arg = reflect.Zero(p.Type()).Interface()
	default:
		arg = p.Interface()
	}
	err := f(append([]byte(nil), in.Text...), arg)
	return copyValue(p.Elem(), zones.canon).Interface(), err
}

func decodeProperties() []Property {
	return []Property{
		decodingProperty("Unmarshal", "Unmarshal",
			"Unmarshal of fitting, mutated and random texts into fresh or filled values of random types",
			genDecodeInput(), func(impl Impl, in decodeInput, zones *zoneCache) (any, error) {
				return unmarshal(impl.Unmarshal, in, zones)
			}),
	}
}

// decodingProperty is a property that compares what decode gives with the
// Impl and with encoding/json, the two runs sharing one case's zoneCache.
func decodingProperty[In any](name, call, doc string, gen gopter.Gen, decode func(impl Impl, in In, zones *zoneCache) (any, error)) Property {
	return property(name, call, doc, gen, func(o *oracle, impl Impl, in In) *Mismatch {
		zones := &zoneCache{}
		return o.compareRun(name, impl, func(impl Impl) (any, error) { return decode(impl, in, zones) })
	})
}

// marshalQuietly is encoding/json's Marshal with a panic (from a generated
// panicky marshaler) turned into an error, for generators.
func marshalQuietly(v any) (b []byte, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	b, err = json.Marshal(v)
	// Tied members in one order, so that a case depends on its seed alone.
	return tiesOf(v).text(b), err
}
