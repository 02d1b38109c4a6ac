// Package iop reads and writes Lost Saga packs (.iop: rs.iop, map.iop and
// the one-entry "piece" packs of patches).
//
// A pack is a ZIP archive written by a modified ZipArchive 3.2.0. Three
// things differ from a standard ZIP: two field pairs of the headers are
// swapped, most entries are encrypted with the traditional PKWARE cipher
// ("ZipCrypto") under a per-region password, and an entry comment of "1" on
// an .ini entry means its content is scrambled with a fixed XOR.
//
// # Byte layout
//
// All numbers are little-endian.
//
// Local header (30 bytes, then the name, then the extra field, then data):
//
//	off size field                       standard ZIP has here
//	  0  4   PK\3\4 (0x04034b50)
//	  4  2   name length                 version needed
//	  6  2   extra length (packs: 0)     flags
//	  8  2   method (0 stored, 8 deflate)
//	 10  2   DOS time
//	 12  2   DOS date
//	 14  4   CRC-32 of the plain data    (0 with flag bit 3)
//	 18  4   compressed size             (0 with flag bit 3)
//	 22  4   plain size                  (0 with flag bit 3)
//	 26  2   version needed (0x0014)     name length
//	 28  2   flags                       extra length
//
// Central directory record (46 bytes, then name, extra, comment):
//
//	off size field                       standard ZIP has here
//	  0  4   PK\1\2 (0x02014b50)
//	  4  2   name length                 version made by
//	  6  2   extra length                version needed
//	  8  2   flags
//	 10  2   method
//	 12  2   DOS time
//	 14  2   DOS date
//	 16  4   CRC-32
//	 20  4   compressed size (encryption header included)
//	 24  4   plain size
//	 28  2   version made by (0x0014)    name length
//	 30  2   version needed (0x0014)     extra length
//	 32  2   comment length
//	 34  2   disk number start
//	 36  2   internal attributes
//	 38  4   external attributes
//	 42  4   offset of the local header
//
// The end record (PK\5\6, 22 bytes plus comment) is standard: disk numbers,
// entry counts (16 bits: at most 65535 entries), central directory size and
// offset (32 bits: a pack stays under 4 GB), comment length.
//
// Flags: bit 0 encrypted, bits 1–2 the deflate level (2 = best), bit 3 a
// data descriptor follows the data: PK\7\8, CRC-32, compressed size, plain
// size (16 bytes). The client's tools write 0x000B: encrypted, best
// compression, descriptor. This package's Writer does the same.
//
// Some tools write the local header in the standard ZIP layout instead
// (name and extra lengths at 26 and 28, version and flags at 4 and 6):
// the reader tells the two apart by the central directory's name length.
// Central records in the standard layout (lengths at 28 and 30) are read
// too, and an end record whose directory size is too small (one record's,
// as a public Python tool writes it) is taken to run up to the end record.
//
// Names are bytes in code page 949 (Korean; formats/cp949), with '\' or
// '/' as separators. Path decodes them for display; EncodeName encodes a
// name to store and refuses characters code page 949 cannot hold. A name
// with a leading separator is absolute (two: UNC) and Path keeps it so, so
// that extract refuses it. The client lower-cases the stored bytes (C
// strlwr: A–Z only, trail bytes included) and compares them with '\'
// (Key, LookupKey); when a name
// appears more than once, the entry later in the central directory wins and
// the older data stays in the file unused (patches append). Winners gives
// that view. The delete list (info\delete_file_list.cfg.iop beside the
// packs, itself a one-entry pack read without a password) hides names;
// ParseDeleteList reads it.
//
// # Patches: appending
//
// The client's patcher edits a pack by appending: new entries go after
// the end of the file, then a new central directory and end record; the
// old directory stays behind unused, and a replaced name keeps its old
// copy in the directory, shadowed by the new one (the last copy wins).
// NewAppendWriter writes that way; a reader finds the last end record.
//
//	[entries][old directory][old end record][new entries][new directory][new end record]
//
// Limits: at most 65,535 entries (16-bit counts) and 4 GB (32-bit
// offsets); CheckLimits refuses a pack past them before it is written.
//
// # Encryption (traditional PKWARE, APPNOTE section XV)
//
//	keys      k0 = 0x12345678, k1 = 0x23456789, k2 = 0x34567890,
//	          then update(c) for each password byte
//	update(c) k0 = crc(k0, c); k1 = (k1 + (k0 & 0xFF)) * 134775813 + 1;
//	          k2 = crc(k2, k1 >> 24)
//	          where crc(x, c) = (x >> 8) ^ T[(x ^ c) & 0xFF], T the reflected
//	          0xEDB88320 table, no inversion
//	stream    t = (k2 | 2) & 0xFFFF; byte = (t * (t ^ 1)) >> 8
//	decrypt   p = c ^ stream; update(p)        encrypt: c = p ^ stream; update(p)
//
// An encrypted entry's data starts with a 12-byte header (10 random bytes
// then the low and high byte of the DOS time, all encrypted). After
// decryption its last byte must equal the high byte of the DOS time when
// flag bit 3 is set, else the high byte of the CRC-32: that is the
// password check. A wrong password that passes it (1 in 256) shows up as a
// damaged deflate stream or a CRC mismatch; the Reader decodes the smallest
// encrypted entry in full before it accepts a password.
//
// The password is one per pack and differs per region. The published ones
// are in KnownPasswords; with no password given, NewReader tries them in
// that order and Reader.Password says which one worked.
//
// # Comments and the .ini scramble
//
// The client reads an entry comment as a number (C atoi). When the entry's
// name contains ".ini" and the number is 1, the content is scrambled; the
// client undoes it after reading with
//
//	data[i] ^= row1[i % 30] ^ row1[(n - i) % 30]     for i in 0..n-1
//
// where n is the content length and row1 the fixed 30-byte row in ini.go.
// It is its own inverse for a fixed n; an edited .ini is scrambled again
// with its new length. File.Open undoes it; File.OpenZip does not. Comment
// 1 on a patch piece instead means it was encrypted with the region's
// second password.
package iop
