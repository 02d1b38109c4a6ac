package iop

import (
	"archive/zip"
	"bytes"
	"compress/flate"
	"hash/crc32"
	"io"
	"testing"
)

// crcByteSlow is the CRC-32 register step computed bit by bit with the
// reflected polynomial 0xEDB88320, independent of any table.
func crcByteSlow(crc uint32, b byte) uint32 {
	crc ^= uint32(b)
	for i := 0; i < 8; i++ {
		if crc&1 != 0 {
			crc = crc>>1 ^ 0xEDB88320
		} else {
			crc >>= 1
		}
	}
	return crc
}

func TestCRCUpdateRule(t *testing.T) {
	for _, x := range []uint32{0, 0x12345678, 0xFFFFFFFF, 0x23456789, 0xDEADBEEF} {
		for c := 0; c < 256; c++ {
			if got, want := crcByte(x, byte(c)), crcByteSlow(x, byte(c)); got != want {
				t.Fatalf("crcByte(%08X, %02X) = %08X, want %08X", x, c, got, want)
			}
		}
	}
	// With pre/post inversion it is the standard CRC-32: "123456789" → CBF43926.
	crc := uint32(0xFFFFFFFF)
	for _, c := range []byte("123456789") {
		crc = crcByte(crc, c)
	}
	if ^crc != 0xCBF43926 {
		t.Fatalf("CRC-32 check value %08X, want CBF43926", ^crc)
	}
}

func TestKeysPublishedInit(t *testing.T) {
	k := NewKeys(nil)
	if k != (Keys{0x12345678, 0x23456789, 0x34567890}) {
		t.Fatalf("initial keys %08X %08X %08X", k.K0, k.K1, k.K2)
	}
	// One update by hand from the APPNOTE rules, for the byte 'a'.
	k0 := crcByteSlow(0x12345678, 'a')
	k1 := (0x23456789+(k0&0xFF))*134775813 + 1
	k2 := crcByteSlow(0x34567890, byte(k1>>24))
	if got := NewKeys([]byte("a")); got != (Keys{k0, k1, k2}) {
		t.Fatalf("keys after 'a' = %+v, want %08X %08X %08X", got, k0, k1, k2)
	}
}

// stream is the cipher's key-stream byte as APPNOTE writes it: with
// update, the byte-wise reference the unrolled Encrypt and Decrypt loops
// are checked against.
func (k *Keys) stream() byte {
	t := uint16(k.K2 | 2)
	return byte((uint32(t) * uint32(t^1)) >> 8)
}

// The unrolled loops of Encrypt and Decrypt give the reference's bytes and
// end in the reference's keys.
func TestUnrolledLoopsMatchTheReference(t *testing.T) {
	plain := make([]byte, 300)
	for i := range plain {
		plain[i] = byte(i*31 + i>>3)
	}
	ref := NewKeys([]byte("iosuccess#@"))
	want := make([]byte, len(plain))
	for i, p := range plain {
		want[i] = p ^ ref.stream()
		ref.update(p)
	}
	enc := NewKeys([]byte("iosuccess#@"))
	got := append([]byte(nil), plain...)
	enc.Encrypt(got)
	if !bytes.Equal(got, want) || enc != ref {
		t.Fatalf("Encrypt differs from the reference (keys %+v, want %+v)", enc, ref)
	}
	dec := NewKeys([]byte("iosuccess#@"))
	dec.Decrypt(got)
	if !bytes.Equal(got, plain) || dec != ref {
		t.Fatalf("Decrypt differs from the reference (keys %+v, want %+v)", dec, ref)
	}
}

func TestEncryptDecryptRoundTrip(t *testing.T) {
	plain := []byte("The quick brown fox jumps over the lazy dog")
	buf := append([]byte(nil), plain...)
	k := NewKeys([]byte("iosuccess#@"))
	k.Encrypt(buf)
	if bytes.Equal(buf, plain) {
		t.Fatal("encryption changed nothing")
	}
	k = NewKeys([]byte("iosuccess#@"))
	k.Decrypt(buf)
	if !bytes.Equal(buf, plain) {
		t.Fatalf("round trip gave %q", buf)
	}
}

// TestInfoZIPVector decrypts an entry written by Info-ZIP's `zip -P`
// (testdata/infozip-zipcrypto.zip, standard ZIP layout, password
// "iosuccess#@"): an independent ZipCrypto implementation.
func TestInfoZIPVector(t *testing.T) {
	zr, err := zip.OpenReader("testdata/infozip-zipcrypto.zip")
	if err != nil {
		t.Fatal(err)
	}
	defer zr.Close()
	zf := zr.File[0]
	if zf.Flags&1 == 0 || zf.Flags&8 == 0 || zf.Method != zip.Deflate {
		t.Fatalf("vector flags %04X method %d", zf.Flags, zf.Method)
	}
	raw, err := zf.OpenRaw()
	if err != nil {
		t.Fatal(err)
	}
	data, _ := io.ReadAll(raw)
	decrypt := func(pw string) ([]byte, bool) {
		b := append([]byte(nil), data...)
		k := NewKeys([]byte(pw))
		k.Decrypt(b)
		return b[EncHeaderLen:], b[11] == byte(zf.ModifiedTime>>8)
	}
	body, ok := decrypt("iosuccess#@")
	if !ok {
		t.Fatal("check byte does not match the DOS time's high byte")
	}
	plain, err := io.ReadAll(flate.NewReader(bytes.NewReader(body)))
	if err != nil {
		t.Fatal(err)
	}
	want := "Hello from Info-ZIP, the ZipCrypto vector.\nHello from Info-ZIP, the ZipCrypto vector.\n"
	if string(plain) != want || crc32.ChecksumIEEE(plain) != 0x225AB319 || zf.CRC32 != 0x225AB319 {
		t.Fatalf("got %q (crc %08X)", plain, crc32.ChecksumIEEE(plain))
	}
	if _, ok := decrypt("wrong password"); ok {
		t.Fatal("a wrong password passed the check byte")
	}
}
