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

var crcTable = *crc32.MakeTable(crc32.IEEE) // reflected 0xEDB88320

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

// Decrypt decrypts buf in place. (The loops keep the keys in locals: the
// same steps as the byte-wise reference in crypto_test.go, stream and
// update, several times faster.)
func (k *Keys) Decrypt(buf []byte) {
	k0, k1, k2 := k.K0, k.K1, k.K2
	t := &crcTable
	for i, c := range buf {
		s := k2 | 2
		p := c ^ byte((s&0xFFFF)*((s^1)&0xFFFF)>>8)
		k0 = k0>>8 ^ t[byte(k0)^p]
		k1 = (k1+k0&0xFF)*key1Mul + 1
		k2 = k2>>8 ^ t[byte(k2)^byte(k1>>24)]
		buf[i] = p
	}
	k.K0, k.K1, k.K2 = k0, k1, k2
}

// Encrypt encrypts buf in place.
func (k *Keys) Encrypt(buf []byte) {
	k0, k1, k2 := k.K0, k.K1, k.K2
	t := &crcTable
	for i, p := range buf {
		s := k2 | 2
		buf[i] = p ^ byte((s&0xFFFF)*((s^1)&0xFFFF)>>8)
		k0 = k0>>8 ^ t[byte(k0)^p]
		k1 = (k1+k0&0xFF)*key1Mul + 1
		k2 = k2>>8 ^ t[byte(k2)^byte(k1>>24)]
	}
	k.K0, k.K1, k.K2 = k0, k1, k2
}
