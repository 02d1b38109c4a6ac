// Package rghash implements rg_hash, the 32-bit name hash Torchlight II uses
// for BINDAT node and property names (GUTS sub_100CA9A0, game sub_4C9FE0),
// and a reverse dictionary for decompilers.
//
// # Algorithm
//
// The name is taken as UTF-16 code units (no BOM, no terminator):
//
//	h := uint32(number of code units)
//	for each code unit c:
//	    h = (h >> 27) ^ (h << 5) ^ uint32(c)   // = rotl32(h, 5) ^ c
//
// The empty name hashes to 0. There is no case folding: "NAME" and "Name"
// hash differently and the engine only ever looks up the upper-case form,
// which is why the BINDAT linter warns about lower-case names.
//
// Go strings carry the UTF-16 text as UTF-8, except that a lone surrogate
// code unit is kept in its three-byte WTF-8 form (ED A0..BF xx) rather than
// replaced by U+FFFD. Hash, AppendUTF16 and formats/utf16 all follow that
// rule, so any sequence of code units survives text → string → units.
//
// Test vectors (from the project's research notes, tl2-notes.md §1):
//
//	name                 hash
//	A                    0x00000061
//	0                    0x00000010
//	AI                   0x00000069
//	BY                   0x00000019
//	NAME                 0x00660DE5
//	GUID                 0x0062DD64
//	THEME                0x0F651DE5
//	DEXTERITY_REQUIRE    1970490181
//	MAGIC_REQUIRE        4272869367
//	UNIT                 0x006BB174
//	Name                 0x006689C5 (≠ NAME)
//
// # Dictionary
//
// A dictionary file has one `hash:name` entry per line, UTF-8 with an
// optional BOM, LF or CRLF line ends, the hash in decimal. A line is kept
// only when its name really hashes to the stated value.
//
// The reference list is TL2Lib's dictionary.txt (Awkward-im/Torchlight @
// b28bec0b672805546da7f9974d43f5da2f1cf400, TL2Lib/dictionary.txt, ~11k
// names), kept at shared/spec/data/dictionary.txt beside the project. Its
// README says the upstream repository carries no licence and that the file
// must be read from there, not copied into the project, so this package
// does not embed it. This package only maps names it is given (Load reads
// any io.Reader); backend/tl2/tl2names finds the list at run time
// (PACKSMITH_TL2_DICTIONARY overrides the path), and without it decompiled
// names come out as UNK_<HEX8>, which compile back to the same hash.
package rghash
