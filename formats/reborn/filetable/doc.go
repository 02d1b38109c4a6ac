// Package filetable decodes FileTable.bin, the index of Tactics Ogre:
// Reborn (and of the PSP game it remasters), into rows: one per file, with
// its directory id, file id, name hash when the table has one and, on
// Reborn, the external file path and data size.
//
// Endianness follows the magic (0x1EF1, little-endian on Reborn). Layout:
//
//	0x00  2   magic 0x1EF1
//	0x02  2   nameCount
//	0x04  2   directoryCount
//	0x06  2   always 4
//	0x08  4   fileTableOffset: start of the per-file records
//	0x0C  4   totalSize: end of the per-file records
//	0x10  16  titleId1 (ASCII, NUL padded)
//	0x20  16  titleId2
//	0x30  2   0
//	0x32  1   unknown (0 or 1)
//	0x33  1   parentalLevel
//	0x34  16  installDataCryptoKey
//	0x44      NameHeader[nameCount]       8 B: u32 nameHash, u16 dirId, u16 fileId
//	          DirectoryHeader[dirCount]   24 B, below
//	          BatchHeader[Σ batchCount]   8 B: u16 baseFileId, u16 fileCount,
//	                                      u32: low 29 bits record offset
//	                                      (from fileTableOffset), top 3 flags
//	fileTableOffset                       per-file records up to totalSize
//
// The batch table ends exactly at fileTableOffset. DirectoryHeader:
//
//	0   2  id              8   1  0                 14  2  nameTableIndex (0xFFFF none)
//	2   1  isEncrypted     9   1  isInInstallData   16  4  batchTableOffset (= first batch × 8)
//	3   1  dataBlockSize   10  2  batchCount        20  4  dataInstallBaseOffset
//	4   4  dataBaseOffset  12  2  nameTableCount
//
// Record sizes by batch flags: 0 → 4, 2 → 4, 3 → 6, 4 → 6, 5 → 8 (1 is not
// supported). A file is Reborn's when it is longer than totalSize: then
// every record is a u32 extOffset, and the file's external description
// sits at totalSize + extOffset×8: a NUL-terminated relative path directly
// followed by a u32 data size, padded to 8 bytes. PSP records (block offset
// and size) are returned raw in Row.Record.
//
// Names are hashed FNV-1 style: start 0x811C9DC5, per byte multiply by
// 0x01000193 then XOR the byte; the empty string hashes to 0. (The package
// reads the hashes and never makes one: Hash, in the tests, checks the rule.)
//
// Encode writes a table back (counts and offsets recomputed, external
// records in row order, each padded to 8 bytes); New makes a Reborn table;
// SetSize changes one record's data size in the table's bytes in place, the
// one change the game needs when a .dat is resized.
package filetable
