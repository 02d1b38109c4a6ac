// Package gametext tells text from binary in game files and decodes it.
// It sits below backend/ so that a bake (backend/tl2/levelbake) and the
// preview (backend/view/preview) read text the same way without one
// importing the other.
//
// How the bytes are read, in this order:
//
//   - EF BB BF: UTF-8 with a BOM ("UTF-8 BOM"); invalid sequences U+FFFD.
//   - FF FE / FE FF: UTF-16 little / big endian with a BOM.
//   - no BOM, a zero at 80% of the odd offsets of the first 8 KiB and a
//     printable byte at 90% of the even ones: BOM-less UTF-16LE, as
//     Torchlight II writes its sources ("UTF-16LE"). A lone surrogate
//     reads as U+FFFD.
//   - any control byte other than TAB, LF, FF, CR and 0x1A (DOS EOF): binary.
//   - valid UTF-8 (a rune cut in half at the end, as a size limit leaves
//     it, is forgiven): "UTF-8".
//   - code page 949 (KS X 1001 + UHC) when every pair is assigned, at least
//     half the double-byte characters are Hangul and at most half use an
//     ASCII letter as trail byte: "CP949" (Lost Saga's Korean files).
//   - anything else: binary.
package gametext
