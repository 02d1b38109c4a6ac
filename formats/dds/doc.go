// Package dds decodes DirectDraw Surface (.dds) textures: the legacy header,
// the DX10 extension, the BC1–BC7 block formats and the uncompressed
// layouts, into *image.NRGBA. It also encodes pictures (encode.go):
// Encode writes a new file (BC1–BC5, BC7, RGBA8, BGRA8), Reencode writes a
// picture over an existing texture in that texture's own format, header,
// size and mip count, and EncodeBlocks gives bare blocks for other
// containers.
//
// # Encoding
//
// Blocks are independent, so rows of blocks are encoded in parallel and
// the bytes do not depend on the number of CPUs. Errors are measured with
// the decoder's own arithmetic. BC1 and the colour half of BC2/BC3 fit a
// line through the texels (principal axis), refit the endpoints by least
// squares from the chosen indices and try moving each 5:6:5 field one step;
// a block with a texel whose alpha is below 128 uses BC1's three-colour
// mode with those texels transparent. BC3/BC4/BC5 channels try the
// eight-value palette from the range ends and a few insets, and the
// six-value one over the values other than 0 and 255. BC7: see
// encode_bc7.go. Mips are box filtered from the level above, colour
// weighted by alpha and, for sRGB formats, averaged in linear light.
// Formats not encoded (BC6H, SNORM and float layouts) and cube maps,
// arrays and volumes are refused with an *Error saying so.
//
// Importing the package registers the format with image.Decode under the
// name "dds" (magic "DDS "). Decode and DecodeInfo give the header facts
// (Info) and pick a mip level, array slice or cube face, and volume slice
// (Options).
//
// # File layout
//
// All integers are little-endian. A file is:
//
//	offset  size  field
//	0       4     magic "DDS " (0x20534444)
//	4       124   DDS_HEADER
//	128     20    DDS_HEADER_DXT10, only when the pixel format's FourCC is "DX10"
//	128/148 …     surface data
//
// DDS_HEADER (offsets from the start of the file):
//
//	4    dwSize               124
//	8    dwFlags              CAPS 0x1, HEIGHT 0x2, WIDTH 0x4, PITCH 0x8,
//	                          PIXELFORMAT 0x1000, MIPMAPCOUNT 0x20000,
//	                          LINEARSIZE 0x80000, DEPTH 0x800000
//	12   dwHeight
//	16   dwWidth
//	20   dwPitchOrLinearSize  not needed: sizes follow from the format
//	24   dwDepth              volume textures only
//	28   dwMipMapCount        0 or 1 mean one level
//	32   dwReserved1[11]      (writers' tags, e.g. "GIMP-DDS")
//	76   ddspf                DDS_PIXELFORMAT, 32 bytes
//	108  dwCaps               TEXTURE 0x1000, COMPLEX 0x8, MIPMAP 0x400000
//	112  dwCaps2              CUBEMAP 0x200, faces +X 0x400, −X 0x800,
//	                          +Y 0x1000, −Y 0x2000, +Z 0x4000, −Z 0x8000,
//	                          VOLUME 0x200000
//	116  dwCaps3, dwCaps4, dwReserved2
//
// DDS_PIXELFORMAT (offsets from the start of the file):
//
//	76   dwSize         32
//	80   dwFlags        ALPHAPIXELS 0x1, ALPHA 0x2, FOURCC 0x4, RGB 0x40,
//	                    YUV 0x200, LUMINANCE 0x20000, BUMPDUDV 0x80000
//	84   dwFourCC       "DXT1"…"DXT5", "ATI1", "ATI2", "BC4U", "BC4S",
//	                    "BC5U", "BC5S", "DX10", or a D3DFORMAT number
//	                    (36, 110–116: 16- and 32-bit float/UNORM formats)
//	88   dwRGBBitCount  bits per pixel of an uncompressed layout
//	92   dwRBitMask     red, or luminance with LUMINANCE
//	96   dwGBitMask
//	100  dwBBitMask
//	104  dwABitMask     used with ALPHAPIXELS or ALPHA
//
// DDS_HEADER_DXT10:
//
//	128  dxgiFormat         a DXGI_FORMAT value
//	132  resourceDimension  2 = 1D, 3 = 2D, 4 = 3D
//	136  miscFlag           0x4 = cube map
//	140  arraySize          array elements (cubes for a cube array), ≥ 1
//	144  miscFlags2         low 3 bits: alpha mode (2 = premultiplied)
//
// # Surface order
//
// Data runs element by element (each cube face is an element, faces in the
// order +X, −X, +Y, −Y, +Z, −Z; a legacy cube map stores only the faces its
// caps2 bits name), and within an element mip by mip from the largest. Mip m
// is max(1, w>>m) × max(1, h>>m); a volume's mip m holds max(1, d>>m) depth
// slices one after another. Rows are tightly packed: (width·bpp+7)/8 bytes.
// Block-compressed surfaces are max(1, ⌈w/4⌉) × max(1, ⌈h/4⌉) blocks in row
// order; blocks overhanging the right or bottom edge hold texels that are
// decoded and discarded.
//
// # Block formats
//
// Every block covers 4×4 texels; texel i is at x = i%4, y = i/4.
//
// BC1 (DXT1), 8 bytes:
//
//	0  c0 uint16   RGB565: R bits 11–15, G bits 5–10, B bits 0–4
//	2  c1 uint16
//	4  uint32      2-bit index of texel i at bits 2i…2i+1
//
// If c0 > c1 the palette is c0, c1, (2c0+c1)/3, (c0+2c1)/3, all opaque;
// otherwise c0, c1, (c0+c1)/2 and transparent black (the 1-bit alpha mode).
//
// BC2 (DXT2/DXT3), 16 bytes: 8 bytes of explicit alpha, 4 bits per texel
// (texel i at bits 4i…4i+3, value a shown as 17a), then a BC1 colour block
// that always uses the four-colour palette.
//
// BC3 (DXT4/DXT5), 16 bytes: an alpha block, then a four-colour BC1 block.
// The alpha block, which is also the whole of a BC4 block:
//
//	0  a0 uint8
//	1  a1 uint8
//	2  48 bits     3-bit index of texel i at bits 3i…3i+2
//
// If a0 > a1 the palette is a0, a1 and the six values (k·a0 + (7−k)·a1)/7
// for k = 6…1; otherwise a0, a1, the four values (k·a0 + (5−k)·a1)/5 for
// k = 4…1, then 0 and 255. BC4 SNORM reads a0 and a1 as int8 (−128 counts
// as −127) and the last two values as −127 and 127.
//
// BC5, 16 bytes: two BC4 blocks, red then green.
//
// BC6H and BC7 (BPTC), 16 bytes read as one 128-bit little-endian number,
// fields LSB first. BC7 starts with the mode: m zero bits then a one (a
// zero first byte is reserved). The mode fixes the rest:
//
//	mode  subsets  partition  rotation  idx sel  colour  alpha  p-bits      indices
//	0     3        4 bits     –         –        4       –      per end     3
//	1     2        6          –         –        6       –      per subset  3
//	2     3        6          –         –        5       –      –           2
//	3     2        6          –         –        7       –      per end     2
//	4     1        –          2         1        5       6      –           2 + 3
//	5     1        –          2         –        7       8      –           2 + 2
//	6     1        –          –         –        7       7      per end     4
//	7     2        6          –         –        5       5      per end     2
//
// After the mode come partition, rotation, index selection, then the
// endpoints — all red values (subset 0 end 0, subset 0 end 1, subset 1 end
// 0, …), then green, blue and alpha — then p-bits, then the indices of
// texels 0…15 and, for modes 4 and 5, a second index set. A p-bit is
// appended below an endpoint's bits; the result is widened to 8 bits by
// repeating its top bits. The partition number selects each texel's subset
// from the standard tables; the first texel of each subset in the table's
// anchor positions (texel 0 for subset 0) stores its index with one bit
// less. Texels interpolate ((64−w)·e0 + w·e1 + 32) >> 6 with w from
// {0,21,43,64}, {0,9,18,27,37,46,55,64} or {0,4,9,…,60,64} for 2-, 3- and
// 4-bit indices. Rotation 1, 2, 3 swaps alpha with red, green, blue; index
// selection 1 gives colour the second (3-bit) index set in mode 4.
//
// BC6H has 14 modes in a 2-bit (00, 01) or 5-bit mode field. Partitioned
// modes have two subsets from the first 32 two-subset partitions and 3-bit
// indices; the others one subset and 4-bit indices. Endpoints are 6 to 16
// bits, their bits scattered in a per-mode order; in "transformed" modes
// endpoints after the first are signed deltas from it, wrapped to the
// endpoint width. Endpoints are unquantized to 16 bits, interpolated as in
// BC7, and scaled (×31/64 for UF16, ×31/32 with the sign for SF16) into
// half-float bits.
//
// # Pixel values
//
// The result is straight 8-bit RGBA exactly as stored where the format is
// 8-bit per channel; sRGB and premultiplied formats are returned as stored
// (Info.SRGB and Info.Premultiplied say so). Elsewhere:
//
//   - n-bit UNORM fields (RGB565 endpoints and pixels, 4-, 10-, 16-bit
//     fields) become round(v·255/(2ⁿ−1)), the exact value of the definition;
//     BC1–BC3 palettes are computed from those fractions and rounded once.
//     Decoders that widen by bit replication differ by one on a few values.
//   - SNORM values s (−127…127 after clamping −128) are shown as s+128, so
//     zero is 128; wider SNORM fields are first rounded to 8-bit SNORM.
//   - Half, 11/10-bit and 32-bit floats, and BC6H texels, are tone-mapped by
//     clamping to 0…1 and rounding v·255: HDR values above 1 saturate,
//     negative ones show as 0.
//   - Single-channel formats (BC4, R8, R16, R32F, L8, L16) are grey:
//     R = G = B. Two-channel formats (BC5, R8G8, R16G16) show red and green
//     with B = 0 (the normal map's Z is not reconstructed, so nothing shown
//     is invented). Formats without alpha are opaque; A8 is black with alpha.
//   - Reserved BC7 blocks decode to transparent black, reserved BC6H blocks
//     to opaque black, as the definition says.
//
// # Limits and errors
//
// Every error is an *Error with the byte offset it concerns, wrapping
// ErrUnsupported, ErrTruncated, ErrTooLarge or ErrBadOption when it is one
// of those. The decoded image may have at most Options.MaxPixels pixels
// (default 16384×16384); data is read as it arrives, so a header claiming
// more than the file holds fails at the file's end without allocating for
// the claim. Only the bytes up to the end of the chosen image are read.
package dds
