//go:build goexperiment.jsonv2 && go1.27

// Package json is a drop-in for Go 1.27's encoding/json/v2: import
// github.com/safejson/safejson/compat/v2 in its place (the package name is
// json, as the standard library's is).
//
// Its types are aliases of the standard library's ([Options],
// [Marshalers], [Unmarshalers], [SemanticError] and the method interfaces),
// so options, marshalers and errors mix freely with code that imports
// encoding/json/v2. [ErrUnknownName] is encoding/json/v2's own value, so
// [errors.Is] matches it against either package's.
// Methods written against encoding/json/jsontext (MarshalJSONTo,
// UnmarshalJSONFrom) are called as the standard library calls them; use
// [github.com/safejson/safejson/compat/jsontext] or the standard package,
// whose types are the same.
//
// Every call returns exactly what the same call of encoding/json/v2
// returns: the same bytes, the same errors (type, message, JSON pointer
// and offset) and the same decoded values, for every option.
//
// What runs where: [Marshal] with no options or only [Deterministic],
// [FormatNilSliceAsNull], [FormatNilMapAsNull], [StringifyNumbers],
// [OmitZeroStructFields], [MatchCaseInsensitiveNames] and jsontext's
// WithIndent, WithIndentPrefix, Multiline, SpaceAfterColon,
// SpaceAfterComma, EscapeForHTML, EscapeForJS, AllowInvalidUTF8,
// AllowDuplicateNames, CanonicalizeRawInts, CanonicalizeRawFloats,
// PreserveRawStrings and ReorderRawObjects (alone or joined by
// [JoinOptions]), and with [WithMarshalers] whose functions apply to none of
// the types the value reaches (by v2's rule, which [WithUnmarshalers]
// follows for [Unmarshal] too: a function applies to its type, one for a
// pointer type to the type it points to, one for an interface to the
// types whose pointers implement it, and one for a type that an interface
// holds once v2 decodes into it, such as string, to every interface),
// runs on safejson's engine for values built from bools, numbers, strings,
// time.Time, json.Number, structs, slices, arrays, maps with string,
// integer or text-method keys, pointers, interfaces, and types with
// MarshalJSONTo, MarshalJSON, AppendText, MarshalText or IsZero methods
// (a MarshalJSONTo method gets an encoder made with the call's options),
// writing map members in sorted order with Deterministic(true) and in the
// map's order without it, as v2 does; a struct's `embed` map with string keys that
// have no methods writes its members after the fields'. A value the engine
// does not know (a `format` tag option, another `embed` field,
// time.Duration, which v2 has no default form for), a MarshalJSONTo
// method under a multiline layout, SpaceAfterColon, SpaceAfterComma or a
// policy's time settings, any other option (encoding/json's legacy options
// without DefaultOptionsV1 after them, DefaultOptionsV1 with settings that
// change it, DefaultOptionsV2, WithMarshalers and WithUnmarshalers with
// DefaultOptionsV1 or holding nil), and anything v2 reports as an
// error (a method that fails or writes other than one value included) go to
// the standard library, which then decides the result, as do output whose
// names repeat and, with the raw-text options, MarshalJSON text and
// json.Number. [Unmarshal] with the same options, [RejectUnknownMembers]
// and [WithUnmarshalers] as above runs on safejson's engine when the target is a value of a type built
// from the same kinds (with UnmarshalJSONFrom, UnmarshalJSON and
// UnmarshalText for methods, an UnmarshalJSONFrom method reading from a
// decoder over the whole input, moved to its value, as v2's; the tag
// options but string, case and embed on a map aside), for input that v2
// accepts without AllowDuplicateNames. The target is a zero value, or one
// whose non-zero parts are bools, numbers, strings, json.Number,
// time.Time, structs, slices, arrays and maps of those, interfaces
// holding such values (with WithUnmarshalers, only a string, float64,
// bool, map[string]any or []any), and non-nil pointers to those, which it
// merges into as v2 does: a null stores the zero value, a struct keeps the
// fields the input does not name, a non-nil pointer is decoded into what
// it points to, the elements of an array, or of a slice up to its capacity
// in its own array, are each zeroed and decoded into, base64 text is
// decoded into a []byte's array from its start, a map keeps its entries,
// each decoded into a copy of its value where the input names its key
// again, and an interface is decoded into a copy of what it holds, by its
// type, and stored back, as is a member an embed map takes; a method is
// called on the value there. Anything else (a target holding a non-zero
// value with methods that holds pointers, or a map whose type refers back
// to itself other than through a pointer or slice, for which v2's own
// merge rules apply), and any input or method that fails, goes to the
// standard library, which gets the target as its caller passed
// it, pointers and what they point to included. Marshal and Unmarshal with encoding/json's DefaultOptionsV1
// (alone, or with only settings it has already) are, by Go 1.27's own
// definition, encoding/json's Marshal and Unmarshal, and run as
// github.com/safejson/safejson/compat runs those, with its few documented
// differences where encoding/json's output varies or it does not return;
// with jsontext's layout options too, Marshal lays that text out as
// jsontext does, and a value that fails goes to the standard library.
// [MarshalWrite] writes what Marshal's engine writes, up to 4 MiB of text,
// and [UnmarshalRead] reads what Unmarshal's engine reads, up to 4 MiB of
// input. Every other function calls the standard library. Where a call
// goes to the standard library after the engine called methods, they are
// called again there. A MarshalJSONTo method the engine calls writes to
// an encoder that holds only the array or object its value goes in (or
// none, at the top), so that its StackDepth, the counts of StackIndex and
// StackPointer describe that, not the whole output: as compat's package
// documentation says of Go 1.27's encoding/json.
//
// For ScriptSafe output and fixed time precision under v2's semantics, see
// [github.com/safejson/safejson/policy.Policy.MarshalV2].
//
// Like the standard library's package, this one exists only in builds where
// encoding/json runs on encoding/json/v2: Go 1.27 without
// GOEXPERIMENT=nojsonv2.
package json

import (
	jsonv2 "encoding/json/v2"
	"io"
	"reflect"
	"slices"

	"encoding/json/jsontext"

	"github.com/safejson/safejson/internal/decoder"
	"github.com/safejson/safejson/internal/encoder"
	"github.com/safejson/safejson/internal/escape"
	"github.com/safejson/safejson/internal/v2opts"
)

type (
	// Options is encoding/json/v2's [jsonv2.Options].
	Options = jsonv2.Options
	// Marshaler is encoding/json/v2's [jsonv2.Marshaler].
	Marshaler = jsonv2.Marshaler
	// MarshalerTo is encoding/json/v2's [jsonv2.MarshalerTo].
	MarshalerTo = jsonv2.MarshalerTo
	// Marshalers is encoding/json/v2's [jsonv2.Marshalers].
	Marshalers = jsonv2.Marshalers
	// SemanticError is encoding/json/v2's [jsonv2.SemanticError].
	SemanticError = jsonv2.SemanticError
	// Unmarshaler is encoding/json/v2's [jsonv2.Unmarshaler].
	Unmarshaler = jsonv2.Unmarshaler
	// UnmarshalerFrom is encoding/json/v2's [jsonv2.UnmarshalerFrom].
	UnmarshalerFrom = jsonv2.UnmarshalerFrom
	// Unmarshalers is encoding/json/v2's [jsonv2.Unmarshalers].
	Unmarshalers = jsonv2.Unmarshalers
)

// ErrUnknownName is what a SemanticError wraps when [RejectUnknownMembers]
// meets a member no field takes: encoding/json/v2's value, re-exported. It
// is one of the few exported variables in safejson, and nothing in safejson
// reads it, so assigning to it changes no output.
var ErrUnknownName = jsonv2.ErrUnknownName

// Marshal returns the JSON encoding of in, as [jsonv2.Marshal].
//
// With no options, or only [Deterministic], [FormatNilSliceAsNull],
// [FormatNilMapAsNull], [StringifyNumbers], [OmitZeroStructFields],
// [MatchCaseInsensitiveNames], [WithMarshalers] whose functions apply to
// no type the value reaches, and jsontext's layout, escaping,
// AllowInvalidUTF8, AllowDuplicateNames and raw-text options, safejson's
// engine writes the values whose encoding it knows (see the
// package comment); others go to the standard library.
func Marshal(in any, opts ...Options) ([]byte, error) {
	if f, ok := v2opts.Of(opts); ok {
		if f&(v2opts.V1|v2opts.Multiline) != 0 {
			return marshalAs(in, f, opts)
		}
		if b, ok := encoder.MarshalV2(in, &encoder.OptionsV2{Flags: f, Opts: opts}); ok {
			return b, nil
		}
	}
	return jsonv2.Marshal(in, opts...)
}

// marshalAs is Marshal for the engine's rarer calls, apart so that the
// usual one stays short: DefaultOptionsV1, which is compat's Marshal, and
// multiline output.
func marshalAs(in any, f v2opts.Flags, opts []Options) ([]byte, error) {
	var l *encoder.Layout
	if f&v2opts.Multiline != 0 {
		prefix, indent := v2opts.Layout(opts)
		l = &encoder.Layout{Prefix: prefix, Indent: indent}
	}
	if f&v2opts.V1 != 0 {
		b, err := encoder.MarshalV1(in, f, l)
		if err != nil && f&v2opts.Whitespace != 0 {
			// Offsets in the error count the text as laid out, which
			// the engine lays out only once it has written it all.
			return jsonv2.Marshal(in, opts...)
		}
		return b, err
	}
	if b, ok := encoder.MarshalV2(in, &encoder.OptionsV2{Flags: f, Opts: opts, Layout: l}); ok {
		return b, nil
	}
	return jsonv2.Marshal(in, opts...)
}

// MarshalWrite writes the JSON encoding of in to out, as
// [jsonv2.MarshalWrite].
//
// With the options [Marshal] runs on safejson's engine, a value the engine
// writes is written whole to out in one Write (into a [bytes.Buffer]'s
// own spare room, where out is one; in writes of about 32 KiB under a
// multiline layout), if its compact text is at most 4 MiB long. A longer
// text, or a value the engine leaves to the standard library, goes to the
// standard library's MarshalWrite, which writes through a buffer of its
// own as it goes, so that memory stays bounded as the standard library's
// is. Under encoding/json's DefaultOptionsV1, a value whose encoding fails
// goes to the standard library too, which may write part of the text
// before it meets the error, and so does every value under it with a
// layout option. A failed Write gives the standard library's error for
// it.
func MarshalWrite(out io.Writer, in any, opts ...Options) error {
	if f, ok := v2opts.Of(opts); ok {
		var written bool
		var err error
		if f&v2opts.V1 != 0 {
			if f&v2opts.Whitespace == 0 {
				written, err = encoder.MarshalWriteV1(out, in, encoder.Options{Escape: escape.HTML, Limit: encoder.StreamLimit})
			}
		} else {
			o := encoder.OptionsV2{Flags: f, Opts: opts, Limit: encoder.StreamLimit}
			if f&v2opts.Multiline != 0 {
				prefix, indent := v2opts.Layout(opts)
				o.Layout = &encoder.Layout{Prefix: prefix, Indent: indent}
			}
			written, err = encoder.MarshalWriteV2(out, in, o)
		}
		if written {
			return err
		}
	}
	return jsonv2.MarshalWrite(out, in, opts...)
}

// MarshalEncode writes the JSON encoding of in to out, as
// [jsonv2.MarshalEncode].
func MarshalEncode(out *jsontext.Encoder, in any, opts ...Options) error {
	return jsonv2.MarshalEncode(out, in, opts...)
}

// Unmarshal decodes the JSON value in in into out, as [jsonv2.Unmarshal].
//
// With no options, or only [RejectUnknownMembers],
// [MatchCaseInsensitiveNames], [StringifyNumbers], jsontext's
// AllowDuplicateNames, [WithUnmarshalers] whose functions apply to no type
// the target reaches and options that only marshaling reads, safejson's
// engine decodes into a value of a type whose decoding it knows, zero or
// filled with what it merges into as v2 does (see the package comment);
// anything else goes to the standard library, as does any input the
// standard library rejects.
func Unmarshal(in []byte, out any, opts ...Options) error {
	f, ok := v2opts.Of(opts)
	if ok && f&v2opts.V1 != 0 {
		return decoder.Unmarshal(in, out, decoder.Options{})
	}
	if ok && decoder.UnmarshalV2(in, out, decoder.OptionsV2{Flags: f, Opts: opts}) {
		return nil
	}
	return jsonv2.Unmarshal(in, out, opts...)
}

// UnmarshalRead decodes the JSON value read from in into out, as
// [jsonv2.UnmarshalRead].
//
// With the options [Unmarshal] runs on safejson's engine, and a target it
// takes, an input of up to maxBuffered bytes is read whole and decoded as
// Unmarshal decodes it. A longer input, or one the engine leaves to the
// standard library, goes to the standard library's streaming decoder as
// it came (see replay), so that memory stays bounded as the standard
// library's is, and the result, errors included, is the standard
// library's.
//
// Under encoding/json's DefaultOptionsV1, an input of up to maxBuffered
// bytes that is one valid JSON value is decoded as Unmarshal decodes it:
// v1 semantics check the whole value before they decode it, so the
// standard library then decodes the bytes read as its Unmarshal does.
// Other inputs go to the standard library as above.
func UnmarshalRead(in io.Reader, out any, opts ...Options) error {
	f, ok := v2opts.Of(opts)
	if ok && f&v2opts.V1 != 0 {
		return unmarshalReadV1(in, out, opts)
	}
	o := decoder.OptionsV2{Flags: f, Opts: opts}
	if !ok || !decoder.TakesV2(out, o) {
		return jsonv2.UnmarshalRead(in, out, opts...)
	}
	r := readUpTo(in, maxBuffered)
	if r.rest == nil && r.err == nil && decoder.UnmarshalV2(r.data, out, o) {
		return nil
	}
	return jsonv2.UnmarshalRead(r, out, opts...)
}

// unmarshalReadV1 is UnmarshalRead under DefaultOptionsV1. A target that
// is not a non-nil pointer is the standard library's error, before it
// reads anything.
func unmarshalReadV1(in io.Reader, out any, opts []Options) error {
	if rv := reflect.ValueOf(out); rv.Kind() != reflect.Pointer || rv.IsNil() {
		return jsonv2.UnmarshalRead(in, out, opts...)
	}
	r := readUpTo(in, maxBuffered)
	if r.rest == nil && r.err == nil {
		if valid, err := decoder.UnmarshalValid(r.data, out, decoder.Options{}); valid {
			return err
		}
	}
	return jsonv2.UnmarshalRead(r, out, opts...)
}

// maxBuffered is the longest input UnmarshalRead reads whole.
const maxBuffered = 4 << 20

// minRead is the least room readUpTo gives a read.
const minRead = 512

// replay hands the standard library an input that has been read, as the
// reader gave it: jsontext's errors quote what it has at hand, so where
// its reads end matters. The bytes come back in runs that end where a read
// of the reader came back short (where it had no more at the time); the
// runs of reads that filled what they were given join up, as one larger
// read would have given them. Then come the error the reader ended with,
// with the last bytes if it gave them together, or the rest of the reader.
type replay struct {
	data  []byte
	pos   int
	stops []int // offsets in data where a read came back short
	// err is what the reader returned after data (nil for io.EOF, which
	// Read gives then); withData says it came with the last bytes.
	err      error
	withData bool
	rest     io.Reader // the reader, if it did not end within the limit
}

// readUpTo reads in until it ends, or until more than limit bytes have
// come (then r.rest is in).
func readUpTo(in io.Reader, limit int) *replay {
	size := 4 << 10
	if l, ok := in.(interface{ Len() int }); ok && l.Len() >= 0 {
		// A bytes.Reader, strings.Reader or bytes.Buffer says how much it
		// holds: room for it, and to see it end, spares the copies of a
		// growing buffer.
		size = min(l.Len()+1, limit+1)
	}
	r := &replay{data: make([]byte, 0, size)}
	for len(r.data) <= limit {
		if cap(r.data)-len(r.data) < minRead {
			// Each read gets room: a reader that writes whole units
			// may give nothing, and no error, for a byte or two.
			r.data = slices.Grow(r.data, max(minRead, min(cap(r.data), limit+minRead-len(r.data))))
		}
		room := cap(r.data) - len(r.data)
		n, err := in.Read(r.data[len(r.data):cap(r.data)])
		r.data = r.data[:len(r.data)+n]
		if err != nil {
			if err != io.EOF {
				r.err = err
			}
			r.withData = n > 0
			return r
		}
		if n > 0 && n < room {
			// A read of nothing ends no run: the standard library reads
			// again, as this loop does.
			r.stops = append(r.stops, len(r.data))
		}
	}
	r.rest = in
	return r
}

func (r *replay) Read(p []byte) (int, error) {
	for len(r.stops) > 0 && r.stops[0] <= r.pos {
		r.stops = r.stops[1:]
	}
	end := len(r.data)
	if len(r.stops) > 0 {
		end = r.stops[0]
	}
	n := copy(p, r.data[r.pos:end])
	r.pos += n
	if r.pos < len(r.data) {
		return n, nil
	}
	switch {
	case r.rest != nil:
		// The reader's reads filled what they were given up to here:
		// the next one goes on in the same read.
		if n == len(p) {
			return n, nil
		}
		m, err := r.rest.Read(p[n:])
		return n + m, err
	case n > 0 && !r.withData:
		return n, nil
	case r.err != nil:
		return n, r.err
	}
	return n, io.EOF
}

// UnmarshalDecode decodes the next JSON value read from in into out, as
// [jsonv2.UnmarshalDecode].
func UnmarshalDecode(in *jsontext.Decoder, out any, opts ...Options) error {
	return jsonv2.UnmarshalDecode(in, out, opts...)
}

// GetOption returns the value opts sets with setter, as [jsonv2.GetOption].
func GetOption[T any](opts Options, setter func(T) Options) (T, bool) {
	return jsonv2.GetOption(opts, setter)
}

// JoinOptions joins srcs, later ones taking precedence, as
// [jsonv2.JoinOptions].
func JoinOptions(srcs ...Options) Options { return jsonv2.JoinOptions(srcs...) }

// DefaultOptionsV2 is [jsonv2.DefaultOptionsV2].
func DefaultOptionsV2() Options { return jsonv2.DefaultOptionsV2() }

// Deterministic is [jsonv2.Deterministic].
func Deterministic(v bool) Options { return jsonv2.Deterministic(v) }

// FormatNilMapAsNull is [jsonv2.FormatNilMapAsNull].
func FormatNilMapAsNull(v bool) Options { return jsonv2.FormatNilMapAsNull(v) }

// FormatNilSliceAsNull is [jsonv2.FormatNilSliceAsNull].
func FormatNilSliceAsNull(v bool) Options { return jsonv2.FormatNilSliceAsNull(v) }

// MatchCaseInsensitiveNames is [jsonv2.MatchCaseInsensitiveNames].
func MatchCaseInsensitiveNames(v bool) Options { return jsonv2.MatchCaseInsensitiveNames(v) }

// OmitZeroStructFields is [jsonv2.OmitZeroStructFields].
func OmitZeroStructFields(v bool) Options { return jsonv2.OmitZeroStructFields(v) }

// RejectUnknownMembers is [jsonv2.RejectUnknownMembers].
func RejectUnknownMembers(v bool) Options { return jsonv2.RejectUnknownMembers(v) }

// StringifyNumbers is [jsonv2.StringifyNumbers].
func StringifyNumbers(v bool) Options { return jsonv2.StringifyNumbers(v) }

// WithMarshalers is [jsonv2.WithMarshalers].
func WithMarshalers(v *Marshalers) Options { return jsonv2.WithMarshalers(v) }

// WithUnmarshalers is [jsonv2.WithUnmarshalers].
func WithUnmarshalers(v *Unmarshalers) Options { return jsonv2.WithUnmarshalers(v) }

// JoinMarshalers is [jsonv2.JoinMarshalers].
func JoinMarshalers(ms ...*Marshalers) *Marshalers { return jsonv2.JoinMarshalers(ms...) }

// JoinUnmarshalers is [jsonv2.JoinUnmarshalers].
func JoinUnmarshalers(us ...*Unmarshalers) *Unmarshalers { return jsonv2.JoinUnmarshalers(us...) }

// MarshalFunc is [jsonv2.MarshalFunc].
func MarshalFunc[T any](fn func(T) ([]byte, error)) *Marshalers { return jsonv2.MarshalFunc(fn) }

// MarshalToFunc is [jsonv2.MarshalToFunc].
func MarshalToFunc[T any](fn func(*jsontext.Encoder, T) error) *Marshalers {
	return jsonv2.MarshalToFunc(fn)
}

// UnmarshalFunc is [jsonv2.UnmarshalFunc].
func UnmarshalFunc[T any](fn func([]byte, T) error) *Unmarshalers { return jsonv2.UnmarshalFunc(fn) }

// UnmarshalFromFunc is [jsonv2.UnmarshalFromFunc].
func UnmarshalFromFunc[T any](fn func(*jsontext.Decoder, T) error) *Unmarshalers {
	return jsonv2.UnmarshalFromFunc(fn)
}
