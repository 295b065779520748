package conformance

import (
	"fmt"
	"reflect"
	"regexp"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/leanovate/gopter"

	"github.com/safejson/safejson/internal/jsontest"
	"github.com/safejson/safejson/internal/semantics"
	"github.com/safejson/safejson/policy"
)

// timeInput is one TimePrecision case: a value full of times, the digits
// and whether TimeUTC is on.
type timeInput struct {
	V      any
	Digits int
	UTC    bool
	// SortedMap names the member of the top-level object that holds a
	// map with time keys, whose order is checked; "" checks none.
	SortedMap string
}

func (in timeInput) describe() (string, string) {
	t := "nil"
	if in.V != nil {
		t = reflect.TypeOf(in.V).String()
	}
	return fmt.Sprintf("%s under TimePrecision(%d), TimeUTC %v", formatValue(in.V), in.Digits, in.UTC), t
}

// genTimeInput puts times everywhere encoding/json calls time.Time's
// marshaler: fields, pointers, slices, map values and keys, interfaces, a
// promoted MarshalJSON; next to a random value of a random type.
func genTimeInput() gopter.Gen {
	return func(p *gopter.GenParameters) *gopter.GenResult {
		r := p.Rng
		depth := 1 + p.MaxSize/8
		fields := []reflect.StructField{
			{Name: "T", Type: timeType},
			{Name: "P", Type: reflect.TypeFor[*time.Time]()},
			{Name: "S", Type: reflect.TypeFor[[]time.Time]()},
			{Name: "K", Type: reflect.TypeFor[map[time.Time]int]()},
			{Name: "M", Type: reflect.TypeFor[map[string]time.Time]()},
			{Name: "E", Type: reflect.TypeFor[stamped]()},
			{Name: "A", Type: anyType},
			{Name: "R", Type: typeGen{r}.typ(depth)},
			{Name: "U", Type: reflect.TypeFor[jsonText]()},
			{Name: "Q", Type: rawType},
		}
		vg := valueGen{r: r, size: p.MaxSize, fewTimeErrors: true}
		v := vg.value(reflect.StructOf(fields), depth)
		if r.Intn(2) == 0 {
			v.Field(6).Set(reflect.ValueOf(randTime(r, true)))
		}
		// Time texts written by a MarshalJSON of the user's, or held in
		// a RawMessage, are never rewritten. (Odd nanoseconds keep them
		// apart from the real times, which the check tells by text.)
		for _, i := range []int{8, 9} {
			odd := time.Unix(r.Int63n(1e10), 1+2*r.Int63n(5e8)).In(time.FixedZone("", 3600*(r.Intn(27)-12)))
			if text, err := odd.MarshalJSON(); err == nil && r.Intn(2) == 0 {
				v.Field(i).Set(reflect.ValueOf(text).Convert(fields[i].Type))
			}
		}
		in := timeInput{V: v.Interface(), Digits: r.Intn(10), UTC: r.Intn(3) == 0, SortedMap: "K"}
		return gopter.NewGenResult(in, shrinkTimeInput)
	}
}

func shrinkTimeInput(v any) gopter.Shrink {
	in := v.(timeInput)
	var out []timeInput
	for _, c := range shrinkValue(reflect.ValueOf(in.V), false, 0) {
		w := in
		w.V = c.Interface()
		out = append(out, w)
	}
	return shrinkList(out)
}

func timeProperties() []Property {
	return []Property{
		ownProperty("TimePrecision",
			"TimePrecision(n) and TimeUTC: only time texts differ from encoding/json's, each is the truncated time in fixed width, keys sorted",
			genTimeInput(), func(o *oracle, in timeInput) *Mismatch {
				p := policy.New(policy.TimePrecision(in.Digits))
				if in.UTC {
					p = p.With(policy.TimeUTC())
				}
				got := observe(func() (any, error) { b, err := p.Marshal(in.V); return bytesValue(b), err })
				ties := tiesOf(in.V)
				want, m := o.marshalStd(in.V, ties, func(want outcome) *Mismatch { return timeErrors(in, want, got) })
				if m != nil || want.Err != nil || got.Err != nil || got.Panic != "" {
					return m
				}
				tc := timeCheck{digits: in.Digits, utc: in.UTC, times: map[string]time.Time{}}
				collectTimes(reflect.ValueOf(in.V), tc.times)
				stdOut, polOut := []byte(want.Value.(string)), []byte(got.Value.(string))
				// Tied members are put in one order, the times of
				// encoding/json's written as the policy must write them,
				// before decoding keeps one of each name.
				converted := func(s string) string { c, _ := tc.convert(s); return c }
				wantV, err1 := jsontest.DecodeNumbers(ties.withKey(decodedKey(converted)).text(stdOut))
				gotV, err2 := jsontest.DecodeNumbers(ties.withKey(decodedKey(nil)).text(polOut))
				if err1 != nil || err2 != nil {
					return violation(p.String(), fmt.Sprintf("output does not decode: %v, %v", err1, err2), polOut)
				}
				if what := tc.same(wantV, gotV, "$"); what != "" {
					return violation(p.String(), what, polOut)
				}
				if what := tc.sorted(); what != "" {
					return violation(p.String(), what, polOut)
				}
				if in.SortedMap != "" {
					if what := mapKeysInOrder(polOut, in.SortedMap); what != "" {
						return violation(p.String(), what, polOut)
					}
				}
				return nil
			}),
	}
}

// timeErrors: the policy reports encoding/json's errors, except that two
// map keys may collide once truncated (a policy error of its own), that
// converting to UTC may move a time into or out of range, and that under
// Go 1.27 counts some error offsets from the start of the whole output,
// where the policy's shorter or longer times come before them.
func timeErrors(in timeInput, want, got outcome) *Mismatch {
	m := sameErrors("TimePrecision", want, got)
	if m == nil {
		return nil
	}
	if semantics.OnV2 && sameErrors("TimePrecision", withoutOutputOffsets(want), withoutOutputOffsets(got)) == nil {
		return nil
	}
	if len(got.Err) > 0 && strings.Contains(got.Err[0].Message, "under the time options") && got.Err[0].Type == "*json.UnsupportedValueError" {
		return nil
	}
	isTimeErr := func(es []errLink) bool {
		// Go 1.26 words them "Time.MarshalJSON: year outside of range",
		// Go 1.27 without the method's name.
		return len(es) > 0 && (strings.Contains(es[0].Message, "year outside of range") || strings.Contains(es[0].Message, "timezone hour outside of range"))
	}
	if in.UTC && (isTimeErr(want.Err) || isTimeErr(got.Err)) {
		return nil
	}
	return m
}

// withoutOutputOffsets returns o with what Go 1.27 counts in bytes of the
// whole output masked: the offsets of the errors a MarshalerError wraps, and
// the "after offset N" of jsontext's errors. An option that changes the
// output's length before an error moves both. So are the time texts in
// the errors' JSON pointers, which name members as the output has them.
func withoutOutputOffsets(o outcome) outcome {
	errs := slices.Clone(o.Err)
	wrapped := false
	for i := range errs {
		if wrapped {
			errs[i].Offset = 0
		}
		wrapped = wrapped || errs[i].Type == "*json.MarshalerError"
		errs[i].Message = outputOffset.ReplaceAllString(errs[i].Message, "after offset N")
		// The JSON pointer of an error within a map with time keys names
		// the member as the output does: the policy's text of the key.
		errs[i].Message = timeText.ReplaceAllString(errs[i].Message, "TIME")
	}
	o.Err = errs
	return o
}

var (
	outputOffset = regexp.MustCompile(`after offset \d+`)
	timeText     = regexp.MustCompile(`\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)`)
)

// timeCheck compares encoding/json's decoded output with the policy's,
// allowing only time texts to differ, and only in the expected way.
type timeCheck struct {
	digits int
	utc    bool
	// times maps the text encoding/json writes for each time in the
	// input to the time: the text alone loses offset seconds.
	times map[string]time.Time
	seen  []timePair
}

type timePair struct {
	t    time.Time
	text string
}

// collectTimes records every time.Time in v under its MarshalText.
func collectTimes(v reflect.Value, into map[string]time.Time) {
	if !v.IsValid() || !v.CanInterface() {
		return
	}
	if v.Type() == timeType {
		t := v.Interface().(time.Time)
		if b, err := t.MarshalText(); err == nil {
			into[string(b)] = t
		}
		return
	}
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		collectTimes(v.Elem(), into)
	case reflect.Slice, reflect.Array:
		for i := range v.Len() {
			collectTimes(v.Index(i), into)
		}
	case reflect.Map:
		for it := v.MapRange(); it.Next(); {
			collectTimes(it.Key(), into)
			collectTimes(it.Value(), into)
		}
	case reflect.Struct:
		for i := range v.NumField() {
			collectTimes(v.Field(i), into)
		}
	}
}

// convert is what the policy must write for a time encoding/json wrote as
// s: the time truncated to the digits, in UTC if asked, in fixed width.
func (tc *timeCheck) convert(s string) (string, bool) {
	t, ok := tc.times[s]
	if !ok {
		return s, false
	}
	if tc.utc {
		t = t.UTC()
	}
	layout := "2006-01-02T15:04:05"
	if tc.digits > 0 {
		layout += "." + strings.Repeat("0", tc.digits)
	}
	scale := time.Duration(1)
	for range 9 - tc.digits {
		scale *= 10
	}
	return t.Truncate(scale).Format(layout + "Z07:00"), true
}

func (tc *timeCheck) same(want, got any, path string) string {
	switch w := want.(type) {
	case string:
		g, ok := got.(string)
		if !ok {
			return fmt.Sprintf("%s: %q became %v", path, w, got)
		}
		return tc.sameText(w, g, path)
	case map[string]any:
		g, ok := got.(map[string]any)
		if !ok || len(g) != len(w) {
			return fmt.Sprintf("%s: object %v became %v", path, w, got)
		}
		for k, v := range w {
			k2, _ := tc.convert(k)
			gv, ok := g[k2]
			if !ok {
				return fmt.Sprintf("%s: key %q should be written %q; keys are %v", path, k, k2, sortedKeys(g))
			}
			if what := tc.sameText(k, k2, path+" key"); what != "" {
				return what
			}
			if what := tc.same(v, gv, path+"."+k); what != "" {
				return what
			}
		}
	case []any:
		g, ok := got.([]any)
		if !ok || len(g) != len(w) {
			return fmt.Sprintf("%s: array %v became %v", path, w, got)
		}
		for i := range w {
			if what := tc.same(w[i], g[i], fmt.Sprintf("%s[%d]", path, i)); what != "" {
				return what
			}
		}
	default:
		if !reflect.DeepEqual(want, got) {
			return fmt.Sprintf("%s: %v became %v", path, want, got)
		}
	}
	return ""
}

// sameText checks one string: unchanged unless it is a time, and then
// the truncated time in a fixed width that, at nine digits, trims back to
// encoding/json's text.
func (tc *timeCheck) sameText(want, got, path string) string {
	conv, isTime := tc.convert(want)
	if got != conv {
		return fmt.Sprintf("%s: %q written %q, want %q", path, want, got, conv)
	}
	if !isTime {
		return ""
	}
	width := len("2006-01-02T15:04:05") + len("Z")
	if tc.digits > 0 {
		width += 1 + tc.digits
	}
	if !strings.HasSuffix(got, "Z") {
		width += len("-07:00") - len("Z")
	}
	if len(got) != width {
		return fmt.Sprintf("%s: %q is %d bytes long, want %d", path, got, len(got), width)
	}
	if tc.digits == 9 && !tc.utc && trimFraction(got) != want {
		return fmt.Sprintf("%s: %q at nine digits does not trim to %q", path, got, want)
	}
	tc.seen = append(tc.seen, timePair{tc.times[want], got})
	return ""
}

// trimFraction drops the trailing zeros of the fraction, and a lone dot.
func trimFraction(s string) string {
	i := strings.IndexByte(s, '.')
	if i < 0 {
		return s
	}
	j := i + 1
	for j < len(s) && s[j] >= '0' && s[j] <= '9' {
		j++
	}
	frac := strings.TrimRight(s[i:j], "0")
	if frac == "." {
		frac = ""
	}
	return s[:i] + frac + s[j:]
}

// sorted: under UTC the texts sort as the truncated times do.
func (tc *timeCheck) sorted() string {
	if !tc.utc {
		return ""
	}
	ps := tc.seen
	sort.Slice(ps, func(i, j int) bool { return ps[i].text < ps[j].text })
	for i := 1; i < len(ps); i++ {
		a, _ := time.Parse(time.RFC3339Nano, ps[i-1].text)
		b, _ := time.Parse(time.RFC3339Nano, ps[i].text)
		if a.After(b) {
			return fmt.Sprintf("%q sorts before %q but is later", ps[i-1].text, ps[i].text)
		}
	}
	return ""
}

func sortedKeys(m map[string]any) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}
