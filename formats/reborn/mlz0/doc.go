// Package mlz0 reads and writes the MLZ0 wrapper: an LZ4 block with a
// small header, used by some Tactics Ogre: Reborn files and entries.
//
//	offset  size  field
//	0       4     ASCII "MLZ0"
//	4       4     uncompressed size, signed 32-bit little-endian
//	8       rest  one raw LZ4 block (no frame header) that decodes to
//	              exactly the uncompressed size
//
// The game does not check the magic; Decode does, and also requires the
// block to fill the stated size exactly. An LZ4 block can give at most 255
// bytes per byte of input (MaxOutput), so a header claiming more than that
// of its block (an "MLZ0 bomb") is refused before anything is allocated.
package mlz0
