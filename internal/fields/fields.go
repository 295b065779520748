// Package fields resolves the JSON object members of Go struct types:
// encoding/json's rules for tags, embedded structs and dominance. The
// encoder writes, and the decoder matches, the same fields.
package fields

import (
	"cmp"
	"reflect"
	"slices"
	"strings"
	"unicode"

	"github.com/safejson/safejson/internal/semantics"
	"github.com/safejson/safejson/internal/typecache"
)

// Field is one JSON object member of a struct type.
type Field struct {
	Name   string
	Tagged bool  // the name came from a tag
	Index  []int // path of field indexes from the outer struct

	Type reflect.Type // the Go field's type

	OmitEmpty bool
	OmitZero  bool
	Quoted    bool // the `,string` option applies

	// Case and Format are options of Go 1.27's tags (v2 rules only).
	Case   Case
	Format string

	// The rest is what the engines of the v2 API need (v2 rules only).
	// Stringify says the field's own tag has the `string` option, whatever
	// its type: under the v2 API it quotes numbers, through any pointers.
	Stringify bool
	// Path holds the options, among those in [Options], of every tag from
	// the outer struct's member down to this field's own.
	Path Options
}

// Options are tag options the engines of the v2 API leave to the standard
// library wherever they appear on a field's path.
type Options uint8

const (
	OptEmbed      Options = 1 << iota // `embed`
	OptFormat                         // `format`, with or without a value
	OptQuotedName                     // a single-quoted name
)

// Case is the `case:` tag option.
type Case uint8

const (
	CaseDefault Case = 0
	CaseIgnore  Case = 1 // `case:ignore`
	CaseStrict  Case = 2 // `case:strict`; both bits: both given
)

// Struct is what a struct type encodes as.
type Struct struct {
	Fields []Field
	// Fallback is the embedded map or jsontext.Value (`embed` under the v2
	// rules) whose members are written after the fields, or nil.
	Fallback *Field
	// FormatField names the first field, declared in FormatOwner, with a
	// `format` option, which v1 mode does not support: marshaling such a
	// struct fails.
	FormatOwner reflect.Type
	FormatField string
}

// structs holds Of's results: the encoder, the decoder and its purity check
// all ask for the same types.
var structs typecache.Cache[reflect.Type, Struct]

// Of returns the members of struct type t under the rules of the
// encoding/json this build follows. The result is shared: callers must not
// modify it.
func Of(t reflect.Type) Struct {
	if s, ok := structs.Load(t); ok {
		return s
	}
	var s Struct
	if semantics.OnV2 {
		s = listOnV2(t)
	} else {
		s = Struct{Fields: listClassic(t)}
	}
	return structs.Store(t, s)
}

// List returns the fields of Of(t).
func List(t reflect.Type) []Field { return Of(t).Fields }

// listClassic returns the fields of t in encoding order: the visible fields,
// breadth-first through embedded structs, with Go's dominance rules as
// modified by JSON tags.
func listClassic(t reflect.Type) []Field {
	type queued struct {
		typ   reflect.Type
		index []int
	}
	var fields []Field
	next := []queued{{typ: t}}
	seen := map[reflect.Type]bool{}
	// How often each struct type was embedded at this level and the next;
	// only its first occurrence is queued.
	var count, nextCount map[reflect.Type]int
	for len(next) > 0 {
		level := next
		next = nil
		count, nextCount = nextCount, map[reflect.Type]int{}
		for _, q := range level {
			if seen[q.typ] {
				continue
			}
			seen[q.typ] = true
			for i := range q.typ.NumField() {
				sf := q.typ.Field(i)
				if sf.Anonymous {
					et := sf.Type
					if et.Kind() == reflect.Pointer {
						et = et.Elem()
					}
					// Embedded unexported structs may still promote
					// exported fields; other unexported embeddings can't.
					if !sf.IsExported() && et.Kind() != reflect.Struct {
						continue
					}
				} else if !sf.IsExported() {
					continue
				}
				o, ignored := parseTag(sf, true)
				if ignored {
					continue
				}
				name := ""
				if o.hasName {
					name = o.name
				}
				index := append(slices.Clip(q.index), i)
				ft := sf.Type
				if ft.Name() == "" && ft.Kind() == reflect.Pointer {
					ft = ft.Elem()
				}
				if name == "" && sf.Anonymous && ft.Kind() == reflect.Struct {
					// An untagged embedded struct contributes its fields at
					// the next depth.
					nextCount[ft]++
					if nextCount[ft] == 1 {
						next = append(next, queued{typ: ft, index: index})
					}
					continue
				}
				f := Field{
					Name:      name,
					Tagged:    name != "",
					Index:     index,
					Type:      sf.Type,
					OmitEmpty: o.omitEmpty,
					OmitZero:  o.omitZero,
					Quoted:    o.string && quotable(ft.Kind()),
				}
				if f.Name == "" {
					f.Name = sf.Name
				}
				fields = append(fields, f)
				if count[q.typ] > 1 {
					// The same struct embedded twice at one depth: a
					// duplicate makes the name conflict below.
					fields = append(fields, f)
				}
			}
		}
	}
	return dominant(fields)
}

// dominant keeps, for each name, the one field that Go's embedding rules
// (shallowest wins, a tagged field beats an untagged one at the same depth)
// make visible, and drops names that stay ambiguous.
func dominant(fields []Field) []Field {
	slices.SortFunc(fields, func(a, b Field) int {
		if c := strings.Compare(a.Name, b.Name); c != 0 {
			return c
		}
		if c := cmp.Compare(len(a.Index), len(b.Index)); c != 0 {
			return c
		}
		if a.Tagged != b.Tagged {
			if a.Tagged {
				return -1
			}
			return 1
		}
		return slices.Compare(a.Index, b.Index)
	})
	out := fields[:0]
	for i := 0; i < len(fields); {
		j := i + 1
		for j < len(fields) && fields[j].Name == fields[i].Name {
			j++
		}
		first := fields[i]
		ambiguous := j-i > 1 && len(fields[i+1].Index) == len(first.Index) && fields[i+1].Tagged == first.Tagged
		if !ambiguous {
			out = append(out, first)
		}
		i = j
	}
	slices.SortFunc(out, func(a, b Field) int { return slices.Compare(a.Index, b.Index) })
	return out
}

func hasOption(opts, want string) bool {
	for opts != "" {
		var o string
		o, opts, _ = strings.Cut(opts, ",")
		if o == want {
			return true
		}
	}
	return false
}

// StringifiesNumber reports whether the `string` option of the v2 API
// quotes a value of type t: a number kind, through any pointers, with none
// of the methods v2 calls, which would decide the text instead.
func StringifiesNumber(t reflect.Type) bool {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if hasMethods(t) {
		return false
	}
	switch t.Kind() {
	case reflect.Float32, reflect.Float64,
		reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return true
	}
	return false
}

func quotable(k reflect.Kind) bool {
	switch k {
	case reflect.Bool,
		reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64, reflect.String:
		return true
	}
	return false
}

// validTagName reports whether a tag's name may be used as the JSON name.
// Quotes and backslashes are reserved; other punctuation is allowed.
func validTagName(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range s {
		if strings.ContainsRune("!#$%&()*+-./:;<=>?@[]^_{|}~ ", c) {
			continue
		}
		if !unicode.IsLetter(c) && !unicode.IsDigit(c) {
			return false
		}
	}
	return true
}
