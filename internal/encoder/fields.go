package encoder

import (
	"cmp"
	"reflect"
	"slices"
	"strings"
	"unicode"
)

// field is one JSON object member of a struct type, after encoding/json's
// rules for tags and embedded structs have been applied.
type field struct {
	name   string
	tagged bool  // the name came from a tag
	index  []int // path of field indexes from the outer struct
	typ    reflect.Type
	sf     reflect.StructField

	omitEmpty bool
	omitZero  bool
	quoted    bool
}

// structFields lists the fields of t in encoding order: the visible fields,
// breadth-first through embedded structs, with Go's dominance rules as
// modified by JSON tags.
func structFields(t reflect.Type) []field {
	type queued struct {
		typ   reflect.Type
		index []int
	}
	var fields []field
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
				tag := sf.Tag.Get("json")
				if tag == "-" {
					continue
				}
				name, opts, _ := strings.Cut(tag, ",")
				if !validTagName(name) {
					name = ""
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
				f := field{
					name:      name,
					tagged:    name != "",
					index:     index,
					typ:       ft,
					sf:        sf,
					omitEmpty: hasOption(opts, "omitempty"),
					omitZero:  hasOption(opts, "omitzero"),
					quoted:    hasOption(opts, "string") && quotable(ft.Kind()),
				}
				if f.name == "" {
					f.name = sf.Name
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
	return dominantFields(fields)
}

// dominantFields keeps, for each name, the one field that Go's embedding
// rules (shallowest wins, a tagged field beats an untagged one at the same
// depth) make visible, and drops names that stay ambiguous.
func dominantFields(fields []field) []field {
	slices.SortFunc(fields, func(a, b field) int {
		if c := strings.Compare(a.name, b.name); c != 0 {
			return c
		}
		if c := cmp.Compare(len(a.index), len(b.index)); c != 0 {
			return c
		}
		if a.tagged != b.tagged {
			if a.tagged {
				return -1
			}
			return 1
		}
		return slices.Compare(a.index, b.index)
	})
	out := fields[:0]
	for i := 0; i < len(fields); {
		j := i + 1
		for j < len(fields) && fields[j].name == fields[i].name {
			j++
		}
		first := fields[i]
		ambiguous := j-i > 1 && len(fields[i+1].index) == len(first.index) && fields[i+1].tagged == first.tagged
		if !ambiguous {
			out = append(out, first)
		}
		i = j
	}
	slices.SortFunc(out, func(a, b field) int { return slices.Compare(a.index, b.index) })
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
