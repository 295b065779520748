package conformance

import (
	"math/rand"
	"reflect"

	"github.com/leanovate/gopter"
)

// Types generates random Go types, for property tests of code that must
// take any type: structs built with reflect.StructOf
// (random names, json tags with every option, embedded and unexported
// fields), pointers, slices, arrays, maps with string, integer and
// TextMarshaler keys, and leaves from bool to time.Time, Number,
// RawMessage, any and types with their own marshalers. They do not shrink.
func Types() gopter.Gen {
	return func(p *gopter.GenParameters) *gopter.GenResult {
		return gopter.NewGenResult(typeGen{p.Rng}.typ(1+p.MaxSize/6), gopter.NoShrinker)
	}
}

// ValueOf generates random values of t, such as a user's own struct type:
// zero and nil values, hostile strings (</script>, <!--, U+2028, invalid
// UTF-8, control bytes, long runs), floats at the formatting cut-offs,
// boundary integers, times in odd zones. Unexported fields stay zero.
// Values shrink towards zero, shorter strings and fewer elements. For an
// interface type t, a nil value counts as a discarded case in gopter.
func ValueOf(t reflect.Type) gopter.Gen {
	return func(p *gopter.GenParameters) *gopter.GenResult {
		v := valueGen{r: p.Rng, size: p.MaxSize}.value(t, 2+p.MaxSize/6)
		res := gopter.NewGenResult(v.Interface(), func(x any) gopter.Shrink {
			var out []any
			for _, c := range shrinkValue(reflect.ValueOf(x), true, 0) {
				out = append(out, c.Interface())
			}
			return shrinkList(out)
		})
		res.ResultType = t
		return res
	}
}

// Values generates random values of random types (see Types and ValueOf),
// for property tests of code that must take any value; these may be
// cyclic, which encoding/json rejects with an error.
func Values() gopter.Gen {
	return func(p *gopter.GenParameters) *gopter.GenResult {
		depth := 1 + p.MaxSize/6
		t := typeGen{p.Rng}.typ(depth)
		v := valueGen{r: p.Rng, size: p.MaxSize, cyclic: true}.value(t, depth)
		return gopter.NewGenResult(v.Interface(), valueShrinker)
	}
}

// Draw runs f on n cases drawn from gen with seed, at sizes up to 24 as
// the properties use, for tests that run generated cases themselves: i
// numbers the draws, and a case gen declines is skipped.
func Draw(gen gopter.Gen, seed int64, n int, f func(i int, v any)) {
	params := gopter.DefaultGenParameters()
	params.Rng = rand.New(rand.NewSource(seed))
	params.MaxSize = 24
	for i := range n {
		if v, ok := gen(params).Retrieve(); ok {
			f(i, v)
		}
	}
}

// Texts generates JSON texts, for property tests of code that reads JSON:
// valid ones with hostile strings and numbers
// in every form, almost valid ones (truncated, a byte changed, too deep),
// and random bytes, in equal shares. They shrink by dropping bytes.
func Texts() gopter.Gen {
	return func(p *gopter.GenParameters) *gopter.GenResult {
		return gopter.NewGenResult(textGen{p.Rng, p.MaxSize}.anyText(), bytesShrinker)
	}
}

// Strings generates hostile strings, for property tests of code that
// writes or escapes them: </script>, <!--, U+2028, invalid UTF-8, control
// bytes and long runs. They shrink by halves and by dropping runs.
func Strings() gopter.Gen {
	return func(p *gopter.GenParameters) *gopter.GenResult {
		return gopter.NewGenResult(randString(p.Rng, p.MaxSize), func(x any) gopter.Shrink {
			var out []any
			for _, s := range shrinkString(x.(string)) {
				out = append(out, s)
			}
			return shrinkList(out)
		})
	}
}
