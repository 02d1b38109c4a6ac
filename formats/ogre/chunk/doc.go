// Package chunk reads the little-endian binary streams Ogre's serializers
// write (.MESH, .SKELETON): the one reader formats/ogre/mesh and
// formats/ogre/skeleton share, so a bounds check is written once.
//
// # Byte layout
//
// Every field is little-endian and unaligned:
//
//	u16, u32          2 and 4 bytes
//	bool              1 byte, any non-zero value is true
//	float             4 bytes, IEEE 754 single
//	string            bytes up to a '\n' (not included; no length prefix)
//	chunk header      u16 id, u32 length; the length counts the 6 header
//	                  bytes and the body, children included
//
// A file is a u16 header id and a version string, then chunks to the end.
// The formats decide what a chunk's length is trusted for (TL2's exporter
// writes lengths that do not match what follows): this package reads the
// header and leaves that policy to them.
//
// Reads stop at Reader.End (a mesh bounds them by the current chunk, a
// skeleton by the file). A short read never panics: it is an error built
// by the format's Errorf, at the offset where the field starts.
package chunk
