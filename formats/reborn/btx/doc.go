// Package btx decodes Reborn `btx` textures to *image.NRGBA.
//
// The layout comes from ../shared/spec/reborn-iop-notes.md §A.10, which
// follows GIBBED's Gibbed.Reborn.FileFormats TextureFile.cs and
// TextureFormat.cs. All fields are little-endian (files whose magic reads
// backwards, "\0xtb", are a big-endian console variant this package
// refuses). The header is 0x34 bytes:
//
//	offset  size  field
//	0x00    4     magic "btx\0"
//	0x04    4     version, 0x0103 (the only one documented)
//	0x08    2     width in pixels
//	0x0A    2     height in pixels
//	0x0C    4     stride: bytes per row of pixels (uncompressed) or per row
//	              of 4×4 blocks (BC formats); checked against the format
//	0x10    1     format code, see below
//	0x11    1     unknown (0 or 3)
//	0x12    1     mip count − 1 (only level 0 is decoded)
//	0x13    5     unknown (1, 1, 5, 0), flags (0)
//	0x18    4     data offset: level 0 starts here, stride × rows bytes
//	0x1C    8     unknown (u16 255, u16, u32 offset)
//	0x24    4     name offset: a NUL-terminated UTF-8 name (0: none)
//	0x28    2     depth (1)
//	0x2A    10    unknown (0, an offset, 0)
//
// Format codes (TextureFormat.cs numbers them; the notes name three, and
// only those are decoded — any other code is refused with its value and
// offset 0x10 rather than guessed at):
//
//	 0  R8G8B8A8  4 bytes a pixel, R G B A, straight alpha; stride = 4·width
//	 7  BC1       8-byte blocks; stride = ceil(width/4)·8, rows = ceil(height/4)
//	13  BC7       16-byte blocks; stride = ceil(width/4)·16
//
// Blocks are decoded by formats/dds (dds.DecodeBlocks), so a btx BC1 or
// BC7 texture decodes to exactly the pixels the same blocks give in a DDS.
//
// Reencode writes a picture over a texture in its own format, size and mip
// count (encode.go): R8G8B8A8 rows as they are, BC1 and BC7 blocks from
// formats/dds. The header and name are kept byte for byte. Only level 0's
// place is documented, so a texture with more levels is re-encoded only
// when they follow level 0 back to back, and refused otherwise.
//
// Every error is an *Error naming what is wrong and the offset of the
// field or data at fault.
package btx
