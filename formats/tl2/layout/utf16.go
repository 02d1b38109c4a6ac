package layout

import (
	"encoding/binary"

	"packsmith/formats/tl2/rghash"
)

// TL2 strings are UTF-16 without surrogate validation; rghash's helpers
// carry a lone surrogate through Go strings in its WTF-8 form, so
// decode → encode stays byte-identical.

func utf16leToString(b []byte) string {
	u := make([]uint16, len(b)/2)
	for i := range u {
		u[i] = binary.LittleEndian.Uint16(b[2*i:])
	}
	return rghash.DecodeUTF16(u)
}

func stringToUTF16(s string) []uint16 { return rghash.AppendUTF16(nil, s) }
