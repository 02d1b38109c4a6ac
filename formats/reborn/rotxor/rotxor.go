package rotxor

// Key1 is the 15-word key XORed over the whole buffer from word 8.
var Key1 = [60]byte{
	0xB0, 0xBC, 0x6D, 0x19, 0xE5, 0x14, 0xB6, 0xEA, 0xF4, 0xCB, 0x16, 0xB1, 0x7D, 0xE5, 0x7F, 0xB5,
	0x0B, 0x7C, 0x5E, 0xC4, 0x2D, 0x4F, 0x31, 0x99, 0x67, 0x98, 0x19, 0xE8, 0x28, 0x58, 0xDE, 0xC9,
	0xC1, 0x9B, 0xC9, 0x83, 0x34, 0xC4, 0x64, 0x85, 0x36, 0xFA, 0x0E, 0xDE, 0xFB, 0xE7, 0x68, 0x99,
	0x71, 0x32, 0x34, 0x36, 0xE5, 0x01, 0x7D, 0x63, 0x5C, 0x81, 0x77, 0x7C,
}

// Key2 is the 17-word key XORed from byte 16, starting at word b[15]&0x7F.
var Key2 = [68]byte{
	0xC6, 0x53, 0x98, 0xED, 0xD0, 0xAA, 0xE0, 0x1B, 0x43, 0x31, 0x16, 0x32, 0xCE, 0x0D, 0x52, 0x57,
	0x7B, 0x72, 0x0F, 0xFB, 0xB7, 0xA9, 0xC6, 0xF1, 0xF1, 0x72, 0x2C, 0x89, 0x5F, 0xB2, 0x1B, 0xFA,
	0xA8, 0xDB, 0xE3, 0xE2, 0x41, 0xB5, 0xBE, 0xC9, 0x5D, 0xAE, 0xC6, 0x21, 0xE4, 0xD2, 0x88, 0x74,
	0x97, 0x26, 0x4F, 0x87, 0x7A, 0xF0, 0x69, 0x7A, 0xB7, 0x7E, 0x15, 0x09, 0xBA, 0x55, 0xAD, 0xCA,
	0xB1, 0x60, 0x34, 0x76,
}

// Key1StartWord is the key-1 word XORed with the buffer's first word.
const Key1StartWord = 8

// Decrypt deobfuscates b in place. Decrypt is Encrypt's pair, used by
// tests and the fixtures they build: the readers decrypt as they stream
// (DecryptHead and the stream reader in stream.go), never a whole buffer.
func Decrypt(b []byte) {
	if len(b) == 0 {
		return
	}
	rotateLeft3(b)
	XorKey(b, Key1[:], Key1StartWord)
	if len(b) > 16 {
		XorKey(b[16:], Key2[:], int(b[15]&0x7F))
	}
}

// Encrypt obfuscates b in place; Decrypt(Encrypt(b)) == b.
func Encrypt(b []byte) {
	if len(b) == 0 {
		return
	}
	if len(b) > 16 {
		XorKey(b[16:], Key2[:], int(b[15]&0x7F))
	}
	XorKey(b, Key1[:], Key1StartWord)
	rotateRight3(b)
}

// XorKey XORs every whole 4-byte word g of b with key word (start+g) mod
// len(key)/4; trailing bytes are left alone. It is its own inverse.
func XorKey(b, key []byte, start int) {
	words := len(key) / 4
	if words == 0 {
		return
	}
	k := start % words
	for i := 0; i+4 <= len(b); i += 4 {
		b[i] ^= key[4*k]
		b[i+1] ^= key[4*k+1]
		b[i+2] ^= key[4*k+2]
		b[i+3] ^= key[4*k+3]
		if k++; k == words {
			k = 0
		}
	}
}

// DecryptHead deobfuscates the first n&^3 bytes of a file from its head
// alone (byte i needs only bytes i and i+1, and key 2 starts at byte 16), so
// a detector can test a signature without reading the whole file. n must be
// at most 16 and below len(head).
func DecryptHead(head []byte, n int) []byte {
	n &^= 3
	if n > 16 || n >= len(head) {
		return nil
	}
	out := make([]byte, n)
	for i := range out {
		out[i] = head[i]<<3 | head[i+1]>>5
	}
	XorKey(out, Key1[:], Key1StartWord)
	return out
}

func rotateLeft3(b []byte) {
	first := b[0]
	for i := 0; i < len(b)-1; i++ {
		b[i] = b[i]<<3 | b[i+1]>>5
	}
	b[len(b)-1] = b[len(b)-1]<<3 | first>>5
}

func rotateRight3(b []byte) {
	last := b[len(b)-1]
	for i := len(b) - 1; i > 0; i-- {
		b[i] = b[i-1]<<5 | b[i]>>3
	}
	b[0] = last<<5 | b[0]>>3
}
