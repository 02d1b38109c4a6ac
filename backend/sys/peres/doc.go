// Package peres is the one reader of Windows executables (PE/COFF): what
// the release tests check (internal/distcheck: subsystem, machine, the
// icons, the version resource and the application manifest) and the file
// version the .MOD header takes from Torchlight2.exe (FileVersion, for
// backend/tl2/modpack). Headers come from debug/pe; the resource tree and
// the resources' own formats are read here. A problem at a known place is
// an *Error giving its offset in the file.
//
// Byte layout (all little-endian):
//
// The resource section is the data directory entry 2 (IMAGE_DIRECTORY_ENTRY_RESOURCE)
// of the optional header: an RVA and a size. Offsets inside the tree are
// relative to the start of the directory; data entries give RVAs.
//
//	IMAGE_RESOURCE_DIRECTORY (16 bytes)
//	  0  u32 characteristics   4  u32 time stamp   8  u16 major  10 u16 minor
//	  12 u16 named entries     14 u16 id entries
//	followed by (named + id) entries of 8 bytes:
//	  0  u32 name: bit 31 set = offset of a u16-length UTF-16 string, else the id
//	  4  u32 child: bit 31 set = offset of a subdirectory, else of a data entry
//	IMAGE_RESOURCE_DATA_ENTRY (16 bytes)
//	  0  u32 data RVA   4  u32 size   8  u32 code page   12 u32 reserved
//
// Level 1 is the type (3 RT_ICON, 14 RT_GROUP_ICON, 16 RT_VERSION, 24
// RT_MANIFEST), level 2 the name or id, level 3 the language.
//
// RT_GROUP_ICON (GRPICONDIR): u16 reserved, u16 type (1), u16 count, then
// count entries of 14 bytes: u8 width, u8 height (0 = 256), u8 colours,
// u8 reserved, u16 planes, u16 bit count, u32 bytes, u16 RT_ICON id.
//
// RT_VERSION (VS_VERSIONINFO) is a tree of blocks, each 4-byte aligned:
//
//	0 u16 length (of the whole block, children included)
//	2 u16 value length (bytes for binary values, UTF-16 units for text)
//	4 u16 type (0 binary, 1 text)
//	6 key: UTF-16, NUL-terminated, then padding to 4
//	  value, then padding to 4, then the children
//
// The root's key is "VS_VERSION_INFO" and its value a VS_FIXEDFILEINFO (52
// bytes: u32 signature 0xFEEF04BD, u32 struct version, u32 file version MS,
// u32 file version LS, u32 product version MS, u32 product version LS, ...).
// Its children are "StringFileInfo" (one child per language, e.g.
// "040904b0", holding key/value strings) and "VarFileInfo".
package peres
