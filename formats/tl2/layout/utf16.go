package layout

import "packsmith/formats/tl2/rghash"

// TL2 strings are UTF-16 without surrogate validation; formats/utf16
// decodes a lone surrogate to its WTF-8 form and rghash.AppendUTF16 turns
// it back, so decode → encode stays byte-identical.

func stringToUTF16(s string) []uint16 { return rghash.AppendUTF16(nil, s) }
