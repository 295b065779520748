package decoder

import (
	"unicode/utf8"

	"github.com/safejson/safejson/internal/grammar"
	"github.com/safejson/safejson/internal/mem"
)

// scanString consumes the string literal at d.i (its opening quote) and
// returns the bounds of its body. plain is false if the body has escapes or
// invalid UTF-8, so that it must be unquoted rather than used as it is.
func (d *decodeState) scanString() (start int, plain bool, err error) {
	data := d.data
	i := d.i + 1
	start, plain = i, true
	for {
		if i += grammar.PlainASCIIRun(data, i); i >= len(data) {
			return 0, false, errSyntax
		}
		switch c := data[i]; {
		case c == '"':
			d.i = i + 1
			return start, plain, nil
		case c == '\\':
			plain = false
			n, ok := escapeLen(data[i:])
			if !ok {
				return 0, false, errSyntax
			}
			i += n
		case c < 0x20:
			return 0, false, errSyntax
		default:
			var ok bool
			if i, ok = grammar.SkipUTF8(data, i); !ok {
				plain = false
				i++ // a byte that becomes U+FFFD
			}
		}
	}
}

// escapeLen checks the escape sequence at the start of s and returns its
// length.
func escapeLen(s []byte) (int, bool) {
	if len(s) < 2 {
		return 0, false
	}
	switch s[1] {
	case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
		return 2, true
	case 'u':
		if len(s) >= 6 && grammar.Hex4(s[2:6]) >= 0 {
			return 6, true
		}
	}
	return 0, false
}

// stringBytes consumes a string literal and returns its unquoted body,
// which stays valid only until the next call (it may be d.scratch or d.data).
func (d *decodeState) stringBytes() ([]byte, error) {
	data := d.data
	start := d.i + 1
	i := start
	for {
		if i += grammar.PlainASCIIRun(data, i); i >= len(data) {
			return nil, errSyntax
		}
		c := data[i]
		if c == '"' {
			d.i = i + 1
			return data[start:i], nil
		}
		if c < utf8.RuneSelf {
			break
		}
		k, ok := grammar.SkipUTF8(data, i)
		if i = k; !ok {
			break
		}
	}
	return d.unquote(start, i)
}

// unquote consumes the rest of the string literal whose body starts at
// start, where data[start:i] needs no unquoting, and returns the body
// unquoted in d.scratch: in one pass that checks it and decodes it as
// grammar.AppendUnquoted does.
func (d *decodeState) unquote(start, i int) ([]byte, error) {
	data := d.data
	b := append(d.scratch[:0], data[start:i]...)
	for {
		if i >= len(data) {
			return nil, errSyntax
		}
		switch c := data[i]; {
		case c == '"':
			d.i, d.scratch = i+1, b
			return b, nil
		case c == '\\':
			if len(data)-i < 2 {
				return nil, errSyntax
			}
			if e := grammar.SimpleEscape(data[i+1]); e != 0 {
				b, i = append(b, e), i+2
				continue
			}
			if data[i+1] != 'u' {
				return nil, errSyntax
			}
			// A pair, or U+FFFD; a bad escape after it fails next.
			r, n := grammar.UnicodeEscape(data[i:])
			if r < 0 {
				return nil, errSyntax
			}
			b, i = utf8.AppendRune(b, r), i+n
		case c < 0x20:
			return nil, errSyntax
		case c < utf8.RuneSelf:
			j := i + grammar.PlainASCIIRun(data, i)
			b, i = append(b, data[i:j]...), j
		default:
			k, ok := grammar.SkipUTF8(data, i)
			b, i = append(b, data[i:k]...), k
			if !ok {
				// The byte at i starts no valid character.
				b, i = utf8.AppendRune(b, utf8.RuneError), i+1
			}
		}
	}
}

// str consumes a string literal and returns it as a string of its own.
func (d *decodeState) str() (string, error) {
	b, err := d.stringBytes()
	if err != nil {
		return "", err
	}
	return d.keep(b), nil
}

// Strings are copied into an arena: a few large allocations instead of one
// per string, sized by mem.Chunks. A string keeps its whole chunk alive,
// as goccy/go-json's keep their whole input.

// keep returns b as a string that no later write changes.
func (d *decodeState) keep(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	return mem.String(keepBytes(d, b))
}

// keepBytes returns a copy of b that nothing else writes to, with no room
// to append in place.
func keepBytes[S ~string | ~[]byte](d *decodeState, b S) []byte {
	if len(b) > cap(d.arena)-len(d.arena) {
		if len(b) > mem.MaxChunk/4 {
			return append([]byte(nil), b...)
		}
		d.arena = make([]byte, 0, d.arenaChunks.Next(len(d.arena), len(b), d.i, len(d.data)-d.i))
	}
	n := len(d.arena)
	d.arena = append(d.arena, b...)
	return d.arena[n:len(d.arena):len(d.arena)]
}

// key consumes an object key and returns it as a string of its own. Keys
// repeat across the objects of a document, so recent ones are kept in a
// small table by length and end bytes: a key seen before is returned as it
// was then, without being copied again.
func (d *decodeState) key() (string, error) {
	b, err := d.stringBytes()
	if err != nil || len(b) == 0 {
		return "", err
	}
	h := (len(b)*7 + int(b[0])*3 + int(b[len(b)-1])) & (len(d.keys) - 1)
	if k := d.keys[h]; k == string(b) {
		return k, nil
	}
	k := d.keep(b)
	d.keys[h] = k
	d.keysUsed = true
	return k, nil
}
