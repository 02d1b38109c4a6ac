// Package onezip reads and writes the one-member ZIP that sits inside a
// Tactics Ogre: Reborn ".dat" once RotXor is removed.
//
// The file is a plain ZIP (APPNOTE.TXT) holding exactly one member, laid out
// in this order:
//
//	local file header   PK\3\4, version 20, flags 0, method 8 (DEFLATE),
//	                    CRC-32, compressed and uncompressed size, name
//	                    (usually "pack"), no extra field
//	compressed data     raw DEFLATE
//	central directory   one record
//	end of central dir  one record, no comment
//
// The game reads only the local header: method, compressed_size (0x12),
// uncompressed_size (0x16), name_length and extra_length, and inflates the
// stream that starts at 0x1E + name_length + extra_length. It checks no CRC.
// Read therefore goes through the local header the same way (the central
// directory is only checked to say how many members there are), and Write
// produces a file whose local header carries the sizes (no data descriptor),
// DEFLATE level 9 and zero times, which the game accepts.
package onezip
