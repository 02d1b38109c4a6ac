package iop

import "hash/crc32"

// Initial ZipCrypto keys (APPNOTE XV, "Traditional PKWARE Encryption").
const (
	key0Init = 0x12345678
	key1Init = 0x23456789
	key2Init = 0x34567890
	key1Mul  = 134775813 // 0x08088405
)

// EncHeaderLen is the length of the encryption header that starts the data
// of an encrypted entry.
const EncHeaderLen = 12

var crcTable = crc32.MakeTable(crc32.IEEE) // reflected 0xEDB88320

// crcByte is one step of the CRC-32 register without pre- or post-inversion.
func crcByte(crc uint32, b byte) uint32 {
	return (crc >> 8) ^ crcTable[byte(crc)^b]
}

// Keys is the state of the traditional PKWARE cipher.
type Keys struct{ K0, K1, K2 uint32 }

// NewKeys returns the keys initialised with the password bytes.
func NewKeys(password []byte) Keys {
	k := Keys{key0Init, key1Init, key2Init}
	for _, c := range password {
		k.update(c)
	}
	return k
}

func (k *Keys) update(c byte) {
	k.K0 = crcByte(k.K0, c)
	k.K1 += k.K0 & 0xFF
	k.K1 = k.K1*key1Mul + 1
	k.K2 = crcByte(k.K2, byte(k.K1>>24))
}

func (k *Keys) stream() byte {
	t := uint16(k.K2 | 2)
	return byte((uint32(t) * uint32(t^1)) >> 8)
}

// Decrypt decrypts buf in place.
func (k *Keys) Decrypt(buf []byte) {
	for i, c := range buf {
		p := c ^ k.stream()
		k.update(p)
		buf[i] = p
	}
}

// Encrypt encrypts buf in place.
func (k *Keys) Encrypt(buf []byte) {
	for i, p := range buf {
		c := p ^ k.stream()
		k.update(p)
		buf[i] = c
	}
}
