package wirev2

import (
	"encoding/binary"
	"math/bits"
	"strings"
	"unicode/utf8"

	"github.com/safejson/safejson/internal/escape"
	"github.com/safejson/safejson/internal/grammar"
	"github.com/safejson/safejson/internal/mem"
)

// AppendQuote appends s as a JSON string the way encoding/json/jsontext
// writes it by default, or reports false for invalid UTF-8, which jsontext
// rejects. Clean runs (printable ASCII but '"' and '\\') are found a
// vector or a word at a time and copied whole.
func AppendQuote(b []byte, s string) ([]byte, bool) {
	if n, l := len(s), len(b); n >= 4 && n <= 32 && cap(b)-l >= 34 {
		// Most strings are short and need nothing: checked and stored a
		// word at a time as they are loaded, the words overlapping where
		// the length is not a multiple of theirs. A string that needs
		// more leaves only bytes beyond len(b) written. escape.AppendString
		// does the same with its own test of a word; shared, it would be a
		// call per string.
		buf := b[:cap(b)]
		buf[l] = '"'
		var x uint64
		if n < 8 {
			lo, hi := mem.Load32(s, 0), mem.Load32(s, n-4)
			x = dirtyLanes(uint64(lo) | uint64(hi)<<32)
			binary.LittleEndian.PutUint32(buf[l+1:], lo)
			binary.LittleEndian.PutUint32(buf[l+n-3:], hi)
		} else {
			first, last := mem.Load64(s, 0), mem.Load64(s, n-8)
			x = dirtyLanes(first) | dirtyLanes(last)
			binary.LittleEndian.PutUint64(buf[l+1:], first)
			binary.LittleEndian.PutUint64(buf[l+n-7:], last)
			if n > 16 {
				w := mem.Load64(s, 8)
				x |= dirtyLanes(w)
				binary.LittleEndian.PutUint64(buf[l+9:], w)
				if n > 24 {
					w := mem.Load64(s, 16)
					x |= dirtyLanes(w)
					binary.LittleEndian.PutUint64(buf[l+17:], w)
				}
			}
		}
		if x == 0 {
			buf[l+n+1] = '"'
			return buf[:l+n+2], true
		}
		return appendQuote(b, s, 0)
	}
	// Other short strings: checked here, a word and then a byte at a
	// time, and copied whole.
	if len(s) < 32 {
		i := 0
		for ; len(s)-i >= 8; i += 8 {
			if dirtyLanes(mem.Load64(s, i)) != 0 {
				return appendQuote(b, s, i)
			}
		}
		for ; i < len(s); i++ {
			if c := s[i]; c < ' ' || c >= utf8.RuneSelf || c == '"' || c == '\\' {
				return appendQuote(b, s, i)
			}
		}
		b = append(b, '"')
		b = append(b, s...)
		return append(b, '"'), true
	}
	return appendQuote(b, s, 0)
}

// appendQuote is AppendQuote for a string whose first i bytes are known
// to need nothing.
func appendQuote(b []byte, s string, i int) ([]byte, bool) {
	b = append(b, '"')
	start := 0
	if len(s) >= 32 {
		// Long strings, in other scripts most of all, are checked and
		// copied 32 bytes at a time where the CPU allows.
		b, i = escape.AppendCleanPrefix(b, s, escape.Plain)
		start = i
	} else if len(s) >= 4 && anyHigh(s) {
		// So are short ones in other scripts, in one padded block; a
		// short one whose only dirt is ASCII is quicker a byte at a time.
		b, i = escape.AppendCleanShortPrefix(b, s, escape.Plain)
		start = i
	}
	for i < len(s) {
		c := s[i]
		if c >= utf8.RuneSelf {
			// A run of bytes outside ASCII holds whole runes if the text
			// is valid, so it is checked for UTF-8 on its own.
			j := i + highRun(s[i:])
			if !utf8.ValidString(s[i:j]) {
				return b, false
			}
			i = j
			continue
		}
		if c >= ' ' && c != '"' && c != '\\' {
			i += cleanRun(s[i:])
			continue
		}
		b = append(b, s[start:i]...)
		switch c {
		case '"', '\\':
			b = append(b, '\\', c)
		case '\b':
			b = append(b, `\b`...)
		case '\f':
			b = append(b, `\f`...)
		case '\n':
			b = append(b, `\n`...)
		case '\r':
			b = append(b, `\r`...)
		case '\t':
			b = append(b, `\t`...)
		default:
			b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
		}
		i++
		start = i
	}
	b = append(b, s[start:]...)
	return append(b, '"'), true
}

// cleanRun returns the length of the run of printable ASCII other than '"'
// and '\\' that s starts with.
func cleanRun(s string) int {
	i := 0
	if mem.VectorScan && len(s) >= 16 {
		if i = mem.IndexDirty(s, 0); i < len(s) {
			return i
		}
		return len(s)
	}
	for len(s)-i >= 8 {
		if m := dirtyLanes(mem.Load64(s, i)); m != 0 {
			return i + bits.TrailingZeros64(m)>>3
		}
		i += 8
	}
	for i < len(s) && s[i] >= ' ' && s[i] < utf8.RuneSelf && s[i] != '"' && s[i] != '\\' {
		i++
	}
	return i
}

// anyHigh reports whether s, of 4 to 31 bytes, holds a byte outside ASCII.
func anyHigh(s string) bool {
	n := len(s)
	if n < 8 {
		return (mem.Load32(s, 0)|mem.Load32(s, n-4))&(grammar.MSB>>32) != 0
	}
	x := mem.Load64(s, n-8)
	for i := 0; i < n-8; i += 8 {
		x |= mem.Load64(s, i)
	}
	return x&grammar.MSB != 0
}

// highRun returns the length of the run of bytes of 0x80 or more that s
// starts with.
func highRun(s string) int {
	i := 0
	for len(s)-i >= 8 {
		if m := ^mem.Load64(s, i) & grammar.MSB; m != 0 {
			return i + bits.TrailingZeros64(m)>>3
		}
		i += 8
	}
	for i < len(s) && s[i] >= utf8.RuneSelf {
		i++
	}
	return i
}

// dirtyLanes flags (in the lane's top bit) the lanes of the little-endian
// word v that hold a control byte, '"', '\\' or a byte of 0x80 or more.
// False positives appear only above the lowest true one.
func dirtyLanes(v uint64) uint64 {
	q := v ^ (grammar.LSB * '"')
	bs := v ^ (grammar.LSB * '\\')
	return ((v-grammar.LSB*0x20)&^v | (q-grammar.LSB)&^q | (bs-grammar.LSB)&^bs | v) & grammar.MSB
}

const hexDigits = "0123456789abcdef"

// AppendValue appends the value at I as jsontext's WriteValue writes it
// with the default options, reading past it: with no whitespace, strings
// with the fewest escapes, numbers and literals as they are. It reports
// false for text WriteValue rejects (see [Lexer]).
func (l *Lexer) AppendValue(b []byte) ([]byte, bool) {
	switch c := l.Peek(); {
	case c == '"':
		start := l.I
		s, ok := l.Str()
		if !ok {
			return b, false
		}
		if l.I-start == len(s)+2 {
			// No escapes: the text is written as it is.
			return append(b, l.Data[start:l.I]...), true
		}
		return AppendQuote(b, mem.String(s))
	case c == '{':
		return l.appendObject(b)
	case c == '[':
		empty, ok := l.Open(']')
		if !ok {
			return b, false
		}
		b = append(b, '[')
		for more := !empty; more; {
			if b, more, ok = l.appendElem(b, ']'); !ok {
				return b, false
			}
		}
		return append(b, ']'), true
	case c == 't', c == 'f', c == 'n':
		start := l.I
		if !l.Skip() {
			return b, false
		}
		return append(b, l.Data[start:l.I]...), true
	}
	lit, ok := l.Number()
	return append(b, lit...), ok
}

func (l *Lexer) appendObject(b []byte) ([]byte, bool) {
	empty, ok := l.Open('}')
	if !ok {
		return b, false
	}
	b = append(b, '{')
	if empty {
		return append(b, '}'), true
	}
	base := l.NameBase()
	for {
		if l.Peek() != '"' {
			return b, false
		}
		start := l.I
		name, ok := l.Str()
		if !ok || !l.Distinct(base, name) {
			return b, false
		}
		if l.I-start == len(name)+2 {
			b = append(b, l.Data[start:l.I]...)
		} else if b, ok = AppendQuote(b, mem.String(name)); !ok {
			return b, false
		}
		b = append(b, ':')
		if !l.Colon() {
			return b, false
		}
		var more bool
		if b, more, ok = l.appendElem(b, '}'); !ok {
			return b, false
		}
		if !more {
			l.DropNames(base)
			return append(b, '}'), true
		}
	}
}

// appendElem appends the next value of the container that closing ends,
// and the comma after it if another value follows; more reports whether
// one does.
func (l *Lexer) appendElem(b []byte, closing byte) (_ []byte, more, ok bool) {
	if b, ok = l.AppendValue(b); !ok {
		return b, false, false
	}
	if more, ok = l.Next(closing); more {
		b = append(b, ',')
	}
	return b, more, ok
}

// ReplaceInvalid returns s with each byte that is not part of valid UTF-8
// replaced by U+FFFD, as jsontext writes strings with AllowInvalidUTF8.
func ReplaceInvalid(s string) string {
	var b strings.Builder
	b.Grow(len(s) + len(s)/2)
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 {
			b.WriteString("\uFFFD")
		} else {
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	return b.String()
}
