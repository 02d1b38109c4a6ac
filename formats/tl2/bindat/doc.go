// Package bindat compiles Torchlight II text sources (.DAT, .TEMPLATE,
// .ANIMATION, .HIE, parsed by dattext) to BINDAT, the binary form the game
// reads, and decompiles BINDAT back to a dattext tree.
//
// # Byte layout
//
// Little-endian throughout. SS = u16 count of UTF-16 code units, then the
// units (no terminator, no surrogate validation).
//
//	u32 version                  2 (TL1 wrote 1)
//	u32 stringCount
//	stringCount × { u32 id, SS text }      ascending id
//	node:
//	    u32 nameHash             rg_hash of the section name
//	    u32 propCount
//	    propCount × { u32 keyHash, u32 type, value }
//	    u32 childCount
//	    childCount × node        in source order
//
// A section's properties all come before its children, whatever their
// order in the text.
//
//	type  text name      value
//	1     INTEGER        i32
//	2     FLOAT          f32
//	3     DOUBLE         f64 (8 bytes)
//	4     UNSIGNED INT   u32
//	5     STRING         u32 string id
//	6     BOOL           u32, 0 or 1
//	7     INTEGER64      i64 (8 bytes)
//	8     TRANSLATE      u32 string id
//	9     NOTE           u32 string id (TL2Lib; GUTS not seen writing it)
//
// An empty string value has id 0xFFFFFFFF and no table entry. The table
// holds each distinct string once.
//
// # Names
//
// Section and key names are stored only as rg_hash (package rghash),
// case-sensitively. Compiling maps a name of the exact form UNK_<HEX8>
// (upper-case hex) to that hash instead, the escape a decompiler writes for
// hashes it cannot name; so decompile → compile is byte-identical without a
// complete dictionary. A root written [] hashes the file name instead:
// rg_hash of the ASCII-upper-cased base name without its last extension
// (TAGS.DAT → rg_hash("TAGS")); nested [] hash the empty name (0).
//
// Decompiling names a hash from the dictionary when the name is there,
// hashes back to the same value and can be printed; a root matching the file
// name's hash gets that name; anything else becomes UNK_<HEX8>.
//
// # String ids
//
// The game resolves ids per file, so any numbering that is unique within
// the file loads the same. GUTS numbers from a build-wide counter, strings it
// already knows keeping their old ids, so its ids depend on the build. The
// numbering is chosen with Options.IDs:
//
//	HashIDs        default; rg_hash(string), +1 while taken; needs no shared state
//	Session        one counter across files in compile order, Preload-ed strings keeping
//	               their ids: replays a GUTS build (18/18 XOVER BINDATs byte-identical)
//	TableIDs       the ids of an existing table, e.g. Decoded.Strings, for round trips
//
// # Values
//
// Numbers are parsed from the text with surrounding blanks ignored. FLOAT
// goes through float64 and is then rounded to float32, as GUTS and the
// reference encoder do, so "1" is exactly 0x3F800000; 1.#INF / 1.#QNAN (the
// Microsoft C runtime forms) are accepted. UNSIGNED INT accepts a negative
// 32-bit value as its two's complement, INTEGER64 an unsigned 64-bit value.
// BOOL is true/false (any case) or a number. Decompiled values are canonical:
// decimal integers, true/false for BOOL 0/1 (other numbers as they are),
// and the shortest float text that compiles to the same bits (FormatFloat32).
// STRING/TRANSLATE/NOTE values are taken verbatim, lone surrogates included.
//
// # Lint
//
// Lint reports names with lower-case letters (the engine looks names up in
// upper case, so such a value is never read), UNK_<HEX8> placeholders and
// type names not in GUTS's upper case, each with file and line.
//
// # Errors
//
// Compile errors are *dattext.Error naming file and line; malformed BINDAT
// gives *FormatError naming file and byte offset. Counts are checked against
// the bytes left before allocating, nesting is bounded by dattext.MaxDepth,
// and trailing bytes after the root are an error.
package bindat
