package setb

import "fmt"

// BlockSamples is string_unicode and string_escaped: a sample of text from
// each of sixty Unicode blocks, keyed by the block's name.
type BlockSamples map[Block]string

// Block is a Unicode block, one of those the string corpora name. It is
// written as the block's name, as a map key or a string.
type Block uint8

// blockNames holds the names as the corpora spell them ("IPA Extentions"
// included); Block(i+1) is blockNames[i], so the zero Block is no block.
var blockNames = [...]string{
	"Arabic",
	"Arabic Presentation Forms-A",
	"Arabic Presentation Forms-B",
	"Armenian",
	"Arrows",
	"Bengali",
	"Bopomofo",
	"Box Drawing",
	"CJK Compatibility",
	"CJK Compatibility Forms",
	"CJK Compatibility Ideographs",
	"CJK Symbols and Punctuation",
	"CJK Unified Ideographs",
	"CJK Unified Ideographs Extension A",
	"CJK Unified Ideographs Extension B",
	"Cherokee",
	"Currency Symbols",
	"Cyrillic",
	"Cyrillic Supplementary",
	"Devanagari",
	"Enclosed Alphanumerics",
	"Enclosed CJK Letters and Months",
	"Ethiopic",
	"Geometric Shapes",
	"Georgian",
	"Greek and Coptic",
	"Gujarati",
	"Gurmukhi",
	"Hangul Compatibility Jamo",
	"Hangul Jamo",
	"Hangul Syllables",
	"Hebrew",
	"Hiragana",
	"IPA Extentions",
	"Kangxi Radicals",
	"Katakana",
	"Khmer",
	"Khmer Symbols",
	"Latin",
	"Latin Extended Additional",
	"Latin-1 Supplement",
	"Latin-Extended A",
	"Latin-Extended B",
	"Letterlike Symbols",
	"Malayalam",
	"Mathematical Alphanumeric Symbols",
	"Mathematical Operators",
	"Miscellaneous Symbols",
	"Mongolian",
	"Number Forms",
	"Oriya",
	"Phonetic Extensions",
	"Supplemental Arrows-B",
	"Syriac",
	"Tamil",
	"Thaana",
	"Thai",
	"Unified Canadian Aboriginal Syllabics",
	"Yi Radicals",
	"Yi Syllables",
}

var blocksByName = func() map[string]Block {
	m := make(map[string]Block, len(blockNames))
	for i, name := range blockNames {
		m[name] = Block(i + 1)
	}
	return m
}()

// String returns the block's name.
func (b Block) String() string {
	if b == 0 || int(b) > len(blockNames) {
		return fmt.Sprintf("Block(%d)", uint8(b))
	}
	return blockNames[b-1]
}

// MarshalText writes the block's name; a value that names no block is an
// error.
func (b Block) MarshalText() ([]byte, error) {
	if b == 0 || int(b) > len(blockNames) {
		return nil, fmt.Errorf("setb: no Unicode block %d", uint8(b))
	}
	return []byte(blockNames[b-1]), nil
}

// UnmarshalText reads a block's name.
func (b *Block) UnmarshalText(text []byte) error {
	found, ok := blocksByName[string(text)]
	if !ok {
		return fmt.Errorf("setb: unknown Unicode block %q", text)
	}
	*b = found
	return nil
}
