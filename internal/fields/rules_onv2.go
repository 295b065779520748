package fields

import (
	"cmp"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/safejson/safejson/internal/methods"
)

// The rules of encoding/json/v2's fields, as Go 1.27's encoding/json
// applies them in v1 mode: the errors v2 reports for bad tags are ignored
// there, except that of a `format` option, which marshaling reports.

// listOnV2 is List under the v2 rules.
func listOnV2(root reflect.Type) Struct {
	type queued struct {
		typ      reflect.Type
		index    []int
		path     Options // of the tags that embedded it
		children bool    // whether its embedded structs are visited
	}
	queue := []queued{{root, nil, 0, true}}
	seen := map[reflect.Type]bool{root: true}
	var all, fallbacks []Field
	var s Struct
	for qi := 0; qi < len(queue); qi++ {
		q := queue[qi]
		for i := range q.typ.NumField() {
			sf := q.typ.Field(i)
			o, ignored := parseTag(sf, false)
			if ignored {
				continue
			}
			f := Field{
				Name:      o.name,
				Tagged:    o.hasName,
				Index:     append(slices.Clip(q.index), i),
				Type:      sf.Type,
				OmitEmpty: o.omitEmpty,
				OmitZero:  o.omitZero,
				Quoted:    o.string && quotable(pointee(sf.Type).Kind()),
				Case:      o.casing,
				Format:    o.format,
				Stringify: o.string,
				Path:      q.path | o.flags,
			}
			embed := o.embed || sf.Anonymous && !o.hasName && indirect(sf.Type).Kind() == reflect.Struct
			if embed && !o.hasName {
				// Other options of an embedding are dropped.
				f.OmitEmpty, f.OmitZero, f.Quoted, f.Case, f.Format, f.Stringify = false, false, false, 0, "", false
				tf := indirect(sf.Type)
				switch {
				case tf.Kind() == reflect.Struct:
					if q.children {
						queue = append(queue, queued{tf, f.Index, f.Path, !seen[tf]})
					}
					seen[tf] = true
					continue
				case !sf.IsExported():
					continue
				case isJSONTextValue(tf),
					tf.Kind() == reflect.Map && tf.Key().Kind() == reflect.String && !hasMethods(tf.Key()):
					fallbacks = append(fallbacks, f)
					continue
				}
				// Anything else is a plain field.
			}
			if !sf.IsExported() {
				tf := indirect(sf.Type)
				if !sf.Anonymous || tf.Kind() != reflect.Struct || hasMethods(tf) || o.omitZero && implementsIsZero(tf) {
					continue
				}
			}
			all = append(all, f)
			if f.Format != "" && s.FormatField == "" {
				s.FormatOwner, s.FormatField = q.typ, sf.Name
			}
		}
	}
	slices.SortStableFunc(all, func(x, y Field) int {
		return cmp.Or(strings.Compare(x.Name, y.Name), cmp.Compare(len(x.Index), len(y.Index)), untaggedFirst(x, y))
	})
	out := all[:0]
	for len(all) > 0 {
		n := 1
		for n < len(all) && all[n-1].Name == all[n].Name {
			n++
		}
		if n == 1 || len(all[0].Index) != len(all[1].Index) || all[0].Tagged != all[1].Tagged {
			out = append(out, all[0])
		}
		all = all[n:]
	}
	slices.SortFunc(out, func(x, y Field) int { return slices.Compare(x.Index, y.Index) })
	s.Fields = out
	if n := len(fallbacks); n == 1 || n > 1 && len(fallbacks[0].Index) != len(fallbacks[1].Index) {
		s.Fallback = &fallbacks[0]
	}
	return s
}

// untaggedFirst orders tagged fields before untagged ones.
func untaggedFirst(x, y Field) int {
	switch {
	case x.Tagged && !y.Tagged:
		return -1
	case !x.Tagged && y.Tagged:
		return 1
	}
	return 0
}

// indirect unwraps one unnamed pointer, as Go's embedding allows T or *T.
func indirect(t reflect.Type) reflect.Type {
	if t.Kind() == reflect.Pointer && t.Name() == "" {
		return t.Elem()
	}
	return t
}

// pointee is the type a `,string` option applies to: through one pointer,
// named or not (v2 drops the option at a pointer to a pointer).
func pointee(t reflect.Type) reflect.Type {
	if t.Kind() == reflect.Pointer {
		return t.Elem()
	}
	return t
}

func isJSONTextValue(t reflect.Type) bool {
	return t.Name() == "Value" && t.PkgPath() == "encoding/json/jsontext"
}

// hasMethods reports whether t or *t has one of the methods that v2 calls
// (marshal or unmarshal, JSON or text, v1 or v2 style).
func hasMethods(t reflect.Type) bool {
	return methods.Addressable(t).Has(methods.Codec)
}

type tagOptions struct {
	name      string
	hasName   bool
	casing    Case
	embed     bool
	omitZero  bool
	omitEmpty bool
	string    bool
	format    string
	flags     Options
}

// parseTag reads a field's `json` tag, the one place that does: as v2
// does, keeping what it makes of a malformed tag and dropping the errors,
// which v1 mode does not report; or, where classic is set, by Go 1.26's
// rules: the name up to the first comma, kept if validTagName allows it,
// then options matched whole.
func parseTag(sf reflect.StructField, classic bool) (o tagOptions, ignored bool) {
	tag := sf.Tag.Get("json")
	if tag == "-" || !sf.IsExported() && !sf.Anonymous {
		return o, true
	}
	o.name = sf.Name
	if classic {
		name, opts, _ := strings.Cut(tag, ",")
		if validTagName(name) {
			o.name, o.hasName = name, true
		}
		o.omitEmpty, o.omitZero, o.string = hasOption(opts, "omitempty"), hasOption(opts, "omitzero"), hasOption(opts, "string")
		return o, false
	}
	if strings.HasPrefix(tag, "'") {
		o.flags |= OptQuotedName
	}
	if len(tag) > 0 && !strings.HasPrefix(tag, ",") {
		// Almost any name is accepted: up to a comma, backslash or quote.
		n := strings.IndexAny(tag, ",\\'\"`")
		if n < 0 {
			n = len(tag)
		}
		name, ok := tag[:n], true
		if !strings.HasPrefix(tag[n:], ",") && n != len(tag) {
			name, n, ok = tagOption(tag)
		}
		if !utf8.ValidString(name) {
			name = string([]rune(name))
		}
		if ok {
			o.name, o.hasName = name, true
		}
		tag = tag[n:]
	}
	for len(tag) > 0 {
		if tag[0] == ',' {
			if tag = tag[1:]; tag == "" {
				break
			}
		}
		opt, n, _ := tagOption(tag)
		tag = tag[n:]
		switch opt {
		case "case":
			if !strings.HasPrefix(tag, ":") {
				break
			}
			tag = tag[1:]
			v, n, ok := tagOption(tag)
			if !ok {
				break
			}
			tag = tag[n:]
			switch v {
			case "ignore":
				o.casing |= CaseIgnore
			case "strict":
				o.casing |= CaseStrict
			}
		case "embed":
			o.embed = true
			o.flags |= OptEmbed
		case "omitzero":
			o.omitZero = true
		case "omitempty":
			o.omitEmpty = true
		case "string":
			o.string = true
		case "format":
			o.flags |= OptFormat
			if !strings.HasPrefix(tag, ":") {
				break
			}
			tag = tag[1:]
			v, n, ok := formatValue(tag)
			if !ok || v == "" {
				break
			}
			tag = tag[n:]
			o.format = v
		}
	}
	return o, false
}

// tagOption reads the option at the start of in, a Go identifier; ok is
// false, and n the length up to the next comma, for anything else.
func tagOption(in string) (opt string, n int, ok bool) {
	end := strings.IndexByte(in, ',')
	if end < 0 {
		end = len(in)
	}
	if r, _ := utf8.DecodeRuneInString(in); r == '_' || unicode.IsLetter(r) {
		n := len(in) - len(strings.TrimLeftFunc(in, isLetterOrDigit))
		return in[:n], n, true
	}
	return in[:end], end, false
}

// formatValue reads a `format` option's value: an identifier or a
// single-quoted string.
func formatValue(in string) (v string, n int, ok bool) {
	if !strings.HasPrefix(in, "'") {
		return tagOption(in)
	}
	end := strings.IndexByte(in, ',')
	if end < 0 {
		end = len(in)
	}
	// A single-quoted string is a Go string literal with the quotes
	// swapped.
	b := []byte{'"'}
	escaped := false
	for i := 1; i < len(in); {
		r, rn := utf8.DecodeRuneInString(in[i:])
		switch {
		case escaped:
			if r == '\'' {
				b = b[:len(b)-1]
			}
			escaped = false
		case r == '\\':
			escaped = true
		case r == '"':
			b = append(b, '\\')
		case r == '\'':
			b = append(b, '"')
			s, err := strconv.Unquote(string(b))
			if err != nil {
				return in[:end], end, false
			}
			return s, i + 1, true
		}
		b = append(b, in[i:i+rn]...)
		i += rn
	}
	return in[:end], end, false
}

func implementsIsZero(t reflect.Type) bool {
	return methods.Addressable(t).Has(methods.IsZero)
}

func isLetterOrDigit(r rune) bool {
	return r == '_' || unicode.IsLetter(r) || unicode.IsNumber(r)
}
