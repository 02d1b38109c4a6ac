// Package pakd reads and writes pakd archives: the numbered-entry packs of
// Tactics Ogre: Reborn, found as the ZIP member of most ".dat" files and,
// nested, as entries of other packs.
//
// All fields are u32 little-endian; offsets count from the pakd magic.
//
//	offset        size  field
//	0             4     magic "pakd"
//	4             4     count n
//	8             4·n   offsets[n]: start of entry i
//	8+4n          4     pack_size: end of the last entry (acts as offsets[n])
//	12+4n         4·n   ids[n], only written when some id is not 0
//	…             4     0 (end of header)
//	…                   zeros up to a 16-byte boundary
//
// The header written is align16(16 + 4n (+ 4n with ids)) bytes. Entry i
// spans offsets[i] .. offsets[i+1], the last one up to pack_size. Entries
// follow back to back and are stored as they are: a leaf entry already
// carries its zero padding (its data, then 1–16 zeros up to a 16-byte
// boundary, see Pad), and a nested pack is followed by exactly 16 zero bytes
// that belong to its entry in the parent (entry size = pack_size + 16, see
// Nested).
//
// Ids are read the way the public tools read them: with h = 16 + 4n,
// min(n, (offsets[0] − h)/4) words from 12+4n are ids; without an ids table
// those words are the end-of-header zero and padding, so every id is 0.
//
// Entry kinds are told by their first bytes (DetectKind): pakd, txte
// (text), xlce (tables), btx (textures), ashg, ARC, SAS3, sabf, IDX0, BMAR,
// PGRS, INVK, TASK, MLZ0, and "data" for anything else.
//
// The reader works over an io.ReaderAt, checks every offset against the
// pack and the file before use, caps the entry count, and names the entry
// index and the header offset in its errors.
package pakd
