package fields

import (
	"unicode"
	"unicode/utf8"
)

// FoldName appends to dst a form of name in which names equal under Unicode
// simple case folding (bytes.EqualFold) are equal: ASCII letters in upper
// case, other runes as the smallest rune of their folding orbit. So "k", "K"
// and the Kelvin sign U+212A all become "K". With dropDelims, dashes and
// underscores are left out, as v2's case-insensitive names ignore them.
func FoldName(dst, name []byte, dropDelims bool) []byte {
	for i := 0; i < len(name); {
		c := name[i]
		if c < utf8.RuneSelf {
			if dropDelims && (c == '-' || c == '_') {
				i++
				continue
			}
			if c-'a' < 26 {
				c -= 'a' - 'A'
			}
			dst = append(dst, c)
			i++
			continue
		}
		r, size := utf8.DecodeRune(name[i:])
		dst = utf8.AppendRune(dst, smallestFold(r))
		i += size
	}
	return dst
}

// smallestFold returns the smallest rune that folds to the same as r.
func smallestFold(r rune) rune {
	least := r
	for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
		least = min(least, f)
	}
	return least
}
