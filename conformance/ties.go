package conformance

import (
	"bytes"
	"encoding"
	"encoding/json"
	"errors"
	"math"
	"reflect"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/safejson/safejson/internal/jsontest"
	"github.com/safejson/safejson/internal/semantics"
)

// tiesOf returns the tieOrder of v's encodings. Its tied names are those
// under which two or more keys of one map in v are written, where the
// running encoding/json finds them equal when it sorts the map's members:
// Go 1.26 compares the keys' texts, Go 1.27 too for plain string keys, and
// for others the texts with each byte of invalid UTF-8 replaced by U+FFFD.
// It leaves such members in the order its
// map iteration gives, which varies from call to call. The names are as a
// decoder reads them back. Map iteration also decides which of two keys
// that cannot be written Go 1.27 meets first (it writes the keys before
// sorting), and so whose error it reports.
func tiesOf(v any) tieOrder {
	w := tieWalk{seen: map[uintptr]bool{}}
	w.value(reflect.ValueOf(v), 0)
	return tieOrder{tied: w.tied, retry: len(w.tied) > 0 || w.failingKeys}
}

type tieWalk struct {
	seen        map[uintptr]bool
	tied        map[string]bool
	failingKeys bool // some map has two keys or more that cannot be written
}

func (w *tieWalk) value(v reflect.Value, depth int) {
	if !v.IsValid() || depth > 10000 {
		return
	}
	switch v.Kind() {
	case reflect.Pointer, reflect.Map, reflect.Slice:
		if v.IsNil() || w.seen[v.Pointer()] {
			return
		}
		w.seen[v.Pointer()] = true
	}
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		w.value(v.Elem(), depth+1)
	case reflect.Slice, reflect.Array:
		for i := range v.Len() {
			w.value(v.Index(i), depth+1)
		}
	case reflect.Struct:
		for i := range v.NumField() {
			w.value(v.Field(i), depth+1)
		}
	case reflect.Map:
		count := map[string]int{}
		failing := 0
		for it := v.MapRange(); it.Next(); {
			texts, ok := keyTexts(it.Key())
			for _, name := range texts {
				count[name]++
			}
			if !ok {
				failing++
			}
			w.value(it.Value(), depth+1)
		}
		w.failingKeys = w.failingKeys || failing > 1
		for name, n := range count {
			if n > 1 {
				if w.tied == nil {
					w.tied = map[string]bool{}
				}
				w.tied[replaceInvalid(name)] = true
			}
		}
	}
}

// keyTexts returns the texts a map key may be written as: its string and
// its MarshalText, each once, as the sort compares them; and false for a
// key that may fail to be written (its MarshalText fails, or it is a
// float that is not finite).
func keyTexts(k reflect.Value) (out []string, ok bool) {
	ok = true
	switch k.Kind() {
	case reflect.String:
		out = append(out, k.String())
	case reflect.Float32, reflect.Float64:
		ok = !math.IsInf(k.Float(), 0) && !math.IsNaN(k.Float())
	}
	if k.CanInterface() {
		if tm, isText := k.Interface().(encoding.TextMarshaler); isText {
			b, err := marshalTextQuietly(tm)
			ok = ok && err == nil
			if err == nil && (len(out) == 0 || out[0] != string(b)) {
				out = append(out, string(b))
			}
		}
	}
	if semantics.OnV2 && hasMarshalMethod(k.Type()) {
		for i, s := range out {
			out[i] = replaceInvalid(s)
		}
	}
	return out, ok
}

// hasMarshalMethod reports whether t or *t has a method by which Go 1.27
// may write it. Go 1.27 sorts such keys by their names as written, and
// others, plain strings, by their bytes.
func hasMarshalMethod(t reflect.Type) bool {
	for _, name := range []string{"MarshalText", "AppendText", "MarshalJSON", "MarshalJSONTo"} {
		if _, ok := t.MethodByName(name); ok {
			return true
		}
		if _, ok := reflect.PointerTo(t).MethodByName(name); ok {
			return true
		}
	}
	return false
}

func marshalTextQuietly(tm encoding.TextMarshaler) (b []byte, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = errors.New("MarshalText panicked")
		}
	}()
	return tm.MarshalText()
}

// replaceInvalid replaces each byte of invalid UTF-8 in s by U+FFFD, as
// encoding/json writes it and a decoder reads it back.
func replaceInvalid(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		b.WriteRune(r)
		i += n
	}
	return b.String()
}

// tieOrder rewrites JSON texts so that two that differ only in the order
// of adjacent members with one tied name come out the same: each run of
// such members is sorted by key, then by its bytes. Nothing else moves.
type tieOrder struct {
	tied map[string]bool
	// retry says encoding/json's outcome may vary from call to call:
	// names tie, or keys that cannot be written compete for the error.
	retry bool
	// prefix and indent are those of indented text, whose lines start
	// with them; they may be other bytes than whitespace.
	prefix, indent string
	// key orders members; nil orders them by their bytes alone.
	key func(member []byte) string
}

// text returns b with its tied members in order, or b itself if it holds
// none or cannot be read. b may hold several values, as an Encoder's
// stream does.
func (t tieOrder) text(b []byte) []byte {
	if len(t.tied) == 0 {
		return b
	}
	s := tieScanner{t: t, b: b}
	var out []byte
	last := 0
	for i := s.ws(0); i < len(b); i = s.ws(i) {
		v, next, ok := s.value(i)
		if !ok {
			return b
		}
		out = append(append(out, b[last:i]...), v...)
		last, i = next, next
	}
	return append(out, b[last:]...)
}

// outcome applies text to an outcome's output, as the properties record it.
func (t tieOrder) outcome(o outcome) outcome {
	switch v := o.Value.(type) {
	case string:
		o.Value = string(t.text([]byte(v)))
	case []string:
		steps := make([]string, len(v))
		for i, s := range v {
			steps[i] = string(t.text([]byte(s)))
		}
		o.Value = steps
	}
	return o
}

type tieScanner struct {
	t tieOrder
	b []byte
}

// ws skips whitespace, and the prefix and indents that follow a newline.
func (s tieScanner) ws(i int) int {
	for i < len(s.b) {
		switch s.b[i] {
		case '\n':
			i++
			if s.t.prefix != "" && bytes.HasPrefix(s.b[i:], []byte(s.t.prefix)) {
				i += len(s.t.prefix)
			}
			for s.t.indent != "" && bytes.HasPrefix(s.b[i:], []byte(s.t.indent)) {
				i += len(s.t.indent)
			}
		case ' ', '\t', '\r':
			i++
		default:
			return i
		}
	}
	return i
}

// value returns the value at b[i:], tied members in order, and where it ends.
func (s tieScanner) value(i int) ([]byte, int, bool) {
	if i >= len(s.b) {
		return nil, i, false
	}
	switch s.b[i] {
	case '"':
		j, ok := s.str(i)
		return s.b[i:j], j, ok
	case '[':
		return s.array(i)
	case '{':
		return s.object(i)
	}
	j := i
	for j < len(s.b) && !strings.ContainsRune(",:]}[{\" \t\r\n", rune(s.b[j])) {
		j++
	}
	return s.b[i:j], j, j > i
}

func (s tieScanner) str(i int) (int, bool) {
	for j := i + 1; j < len(s.b); j++ {
		switch s.b[j] {
		case '\\':
			j++
		case '"':
			return j + 1, true
		}
	}
	return len(s.b), false
}

func (s tieScanner) array(i int) ([]byte, int, bool) {
	j := s.ws(i + 1)
	out := append([]byte(nil), s.b[i:j]...)
	if j < len(s.b) && s.b[j] == ']' {
		return append(out, ']'), j + 1, true
	}
	for {
		v, next, ok := s.value(j)
		if !ok {
			return nil, 0, false
		}
		sep, after, closed, ok := s.after(next, ']')
		if !ok {
			return nil, 0, false
		}
		out = append(append(out, v...), sep...)
		if closed {
			return out, after, true
		}
		j = after
	}
}

// after reads what follows a value that ends at i, in an array or object
// that close ends: the separator up to the next element, or up to and
// with close, and where that ends.
func (s tieScanner) after(i int, close byte) (sep []byte, next int, closed, ok bool) {
	k := s.ws(i)
	switch {
	case k >= len(s.b):
		return nil, 0, false, false
	case s.b[k] == ',':
		next = s.ws(k + 1)
		return s.b[i:next], next, false, true
	case s.b[k] == close:
		return s.b[i : k+1], k + 1, true, true
	}
	return nil, 0, false, false
}

func (s tieScanner) object(i int) ([]byte, int, bool) {
	j := s.ws(i + 1)
	head := s.b[i:j]
	if j < len(s.b) && s.b[j] == '}' {
		return s.b[i : j+1], j + 1, true
	}
	var members, seps [][]byte
	var names []string
	for {
		if j >= len(s.b) || s.b[j] != '"' {
			return nil, 0, false
		}
		end, ok := s.str(j)
		if !ok {
			return nil, 0, false
		}
		var name string
		if json.Unmarshal(s.b[j:end], &name) != nil {
			name = string(s.b[j:end])
		}
		k := s.ws(end)
		if k >= len(s.b) || s.b[k] != ':' {
			return nil, 0, false
		}
		k = s.ws(k + 1)
		v, next, ok := s.value(k)
		if !ok {
			return nil, 0, false
		}
		members = append(members, append(append([]byte(nil), s.b[j:k]...), v...))
		names = append(names, name)
		sep, after, closed, ok := s.after(next, '}')
		if !ok {
			return nil, 0, false
		}
		seps = append(seps, sep)
		if !closed {
			j = after
			continue
		}
		s.sortRuns(members, names)
		out := append([]byte(nil), head...)
		for n, member := range members {
			out = append(append(out, member...), seps[n]...)
		}
		return out, after, true
	}
}

// sortRuns sorts each run of adjacent members with one tied name.
func (s tieScanner) sortRuns(members [][]byte, names []string) {
	for i := 0; i < len(members); {
		j := i + 1
		for j < len(members) && names[j] == names[i] {
			j++
		}
		if j-i > 1 && s.t.tied[names[i]] {
			run := members[i:j]
			key := func(m []byte) string { return "" }
			if s.t.key != nil {
				key = s.t.key
			}
			slices.SortStableFunc(run, func(a, b []byte) int {
				if c := strings.Compare(key(a), key(b)); c != 0 {
					return c
				}
				return bytes.Compare(a, b)
			})
		}
		i = j
	}
}

// decodedKey orders members by what they decode to, with convert applied
// to every string (nil: none), so that two outputs whose escapes or time
// texts differ put their tied members in the same order.
func decodedKey(convert func(string) string) func([]byte) string {
	return func(member []byte) string {
		v, err := jsontest.DecodeNumbers(append(append([]byte("{"), member...), '}'))
		if err != nil {
			return string(member)
		}
		if convert != nil {
			v = convertStrings(v, convert)
		}
		b, _ := json.Marshal(v)
		return string(b)
	}
}

func convertStrings(v any, convert func(string) string) any {
	switch x := v.(type) {
	case string:
		return convert(x)
	case []any:
		for i := range x {
			x[i] = convertStrings(x[i], convert)
		}
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			out[convert(k)] = convertStrings(e, convert)
		}
		return out
	}
	return v
}

// tieRetries bounds the further calls of encoding/json made for a case
// with tied names whose outcome differs. Map iteration does not give each
// order as often: Go 1.27 gave one order of two tied members 15% of the
// time.
const tieRetries = 200

// compare compares got with encoding/json's outcome, which want returns,
// with tied members in order. Which of two tied members encoding/json meets
// first also decides whose error it reports, so while the two differ it is
// called again, and any outcome it gives is accepted; for a sequence of
// calls (an Encoder's), any outcome it gives each call.
func (t tieOrder) compare(call string, want func() outcome, got outcome) *Mismatch {
	got = t.outcome(got)
	first := t.outcome(want())
	m := compare(call, first, got)
	if m == nil || !t.retry {
		return m
	}
	steps, isSteps := got.Value.([]string)
	matched := make([]bool, len(steps))
	for range tieRetries {
		w := t.outcome(want())
		if compare(call, w, got) == nil {
			return nil
		}
		if !isSteps {
			continue
		}
		all := true
		for i := range steps {
			matched[i] = matched[i] || compare(call, step(w, i), step(got, i)) == nil
			all = all && matched[i]
		}
		if all {
			return nil
		}
	}
	return m
}

// marshalStd calls encoding/json's Marshal of v until check accepts its
// outcome or, where ties.retry says which error comes first varies from
// call to call, up to tieRetries more times. It returns the last outcome
// and check's mismatch with it.
func (o *oracle) marshalStd(v any, ties tieOrder, check func(want outcome) *Mismatch) (outcome, *Mismatch) {
	for i := 0; ; i++ {
		want := o.run("Marshal", func() (any, error) { b, err := Std().Marshal(v); return bytesValue(b), err })
		if m := check(want); m == nil || !ties.retry || i == tieRetries {
			return want, m
		}
	}
}

// step is the part of a sequence's outcome that its i-th call gave.
func step(o outcome, i int) outcome {
	s := outcome{Panic: o.Panic}
	if steps, ok := o.Value.([]string); ok && i < len(steps) {
		s.Value = steps[i]
	}
	for _, e := range o.Err {
		if e.Step == i {
			s.Err = append(s.Err, e)
		}
	}
	return s
}

// indented returns t for text indented with prefix and indent.
func (t tieOrder) indented(prefix, indent string) tieOrder {
	t.prefix, t.indent = prefix, indent
	return t
}

// withKey returns t ordering tied members by key.
func (t tieOrder) withKey(key func(member []byte) string) tieOrder {
	t.key = key
	return t
}
