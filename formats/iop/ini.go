package iop

import "strings"

// The two 30-byte key rows of the client's fixed XOR (EncryptDecryptData).
// Row 0 obfuscates passwords, row 1 scrambles .ini contents. Row 1 has 29
// initialisers in the client; its 30th byte is 0.
var xorRows = [2][30]byte{
	{0xFF, 0x01, 0x02, 0x09, 0x59, 0x20, 0x7B, 0x27, 0x22, 0xD3, 0xDE, 0xF4, 0x64, 0x81, 0x17,
		0x01, 0x04, 0x03, 0x1D, 0x1E, 0x01, 0x04, 0x05, 0x07, 0x08, 0xE9, 0x59, 0x01, 0x62, 0x43},
	{0x30, 0x1D, 0x60, 0x01, 0x09, 0x30, 0x39, 0xD5, 0xB2, 0x7B, 0x43, 0x5A, 0x02, 0x04, 0xFE,
		0xFF, 0x06, 0x08, 0x09, 0x17, 0x5A, 0x2C, 0xD6, 0xC7, 0x6C, 0x77, 0x03, 0x02, 0x02, 0x00},
}

// xorAt is the keystream byte at position i of an n-byte buffer.
func xorAt(row *[30]byte, i, n int64) byte {
	return row[i%30] ^ row[(n-i)%30]
}

// ScrambleINI applies the fixed .ini XOR to data in place. It is its own
// inverse for a given length; the keystream depends on len(data).
func ScrambleINI(data []byte) {
	n := int64(len(data))
	for i := range data {
		data[i] ^= xorAt(&xorRows[1], int64(i), n)
	}
}

// atoi reads a number the way C's atoi does: leading blanks, an optional
// sign, then digits; anything else ends it; no digits gives 0.
func atoi(s string) int {
	i := 0
	for i < len(s) && (s[i] == ' ' || (s[i] >= '\t' && s[i] <= '\r')) {
		i++
	}
	neg := false
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		neg = s[i] == '-'
		i++
	}
	v := 0
	for ; i < len(s) && s[i] >= '0' && s[i] <= '9'; i++ {
		if v < 1<<30 {
			v = v*10 + int(s[i]-'0')
		}
	}
	if neg {
		v = -v
	}
	return v
}

// INIScrambled reports whether the client unscrambles an entry with this
// name and comment: the name contains ".ini" and atoi(comment) == 1.
func INIScrambled(name, comment string) bool {
	return strings.Contains(KeyOf(name), ".ini") && atoi(comment) == 1
}

// iniReader unscrambles a stream whose total length is n.
type iniReader struct {
	r   interface{ Read([]byte) (int, error) }
	pos int64
	n   int64
}

func (x *iniReader) Read(p []byte) (int, error) {
	m, err := x.r.Read(p)
	for i := 0; i < m; i++ {
		if x.n > 0 {
			p[i] ^= xorAt(&xorRows[1], x.pos, x.n)
		}
		x.pos++
	}
	return m, err
}
