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
// directory is only checked to say how many members there are).
//
// ParseAt keeps the raw local header (name, extra field) and everything
// after the data (data descriptor, central record, end record), and
// WriteMember streams a new payload through DEFLATE level 9 into a copy of
// them, changing only the CRC-32, the sizes and the central directory
// offset: an edited member keeps the original's versions, flags and times.
// A new member (Write, or no template) gets version 2.0, flags 0x0002 and
// zero times: inferred, as the notes' table of the game's values is lost.
package onezip
