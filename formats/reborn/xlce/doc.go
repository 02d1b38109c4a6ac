// Package xlce reads xlce, the data tables of Tactics Ogre: Reborn (the
// compiled spreadsheets: weapons, classes, …), as rows of cells.
//
//	offset                  size          field
//	0                       3             "xlc"
//	3                       1             version 101 ('e')
//	4                       4             row count n (s32)
//	8                       4             data offset, 16
//	12                      4             row size r in bytes (s32)
//	16                      n·r           rows
//	align16(16 + n·r)       …             string pool, if any
//
// Column layouts are not in the file (the public tools ship them per
// sheet), so a row is shown as 4-byte cells (u32, little-endian). A string
// cell is an 8-byte offset from the start of the xlce into the pool (the
// high half 0; 0 is the empty string) holding NUL-terminated UTF-8: a cell
// pair at an 8-byte boundary of the row whose value lands on the start of
// a pool string is shown as that string. That is a guess per cell, marked
// as such; the bytes are always given too.
package xlce
