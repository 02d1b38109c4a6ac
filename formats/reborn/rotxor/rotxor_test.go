package rotxor

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"math/big"
	"math/rand"
	"testing"
)

// The notes give the SHA-256 of both keys as read from the game and from
// two public tools.
func TestKeyHashes(t *testing.T) {
	for name, c := range map[string]struct {
		key  []byte
		want string
	}{
		"key1": {Key1[:], "22e2f7d9e2d2d94fdf6d40a1419fe42a56b94e24252cee56312b50d7b29f46a0"},
		"key2": {Key2[:], "51d4cedf9b209de4ad1b7d8b56b984ff40948a1ecb6872f18aa99c61495bcd24"},
	} {
		s := sha256.Sum256(c.key)
		if got := hex.EncodeToString(s[:]); got != c.want {
			t.Errorf("%s: sha256 %s, want %s", name, got, c.want)
		}
	}
}

// bigRotate rotates the buffer as one bit string, independently of the
// byte loop under test (positive: left).
func bigRotate(b []byte, left int) []byte {
	n := len(b) * 8
	left = ((left % n) + n) % n
	x := new(big.Int).SetBytes(b)
	mask := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(n)), big.NewInt(1))
	hi := new(big.Int).Lsh(x, uint(left))
	lo := new(big.Int).Rsh(x, uint(n-left))
	r := new(big.Int).And(new(big.Int).Or(hi, lo), mask)
	out := make([]byte, len(b))
	r.FillBytes(out)
	return out
}

// wordRef is the word-oriented description (u32 little-endian words, the
// way the second public tool phrases it) used as a reference.
func wordRef(plain []byte) []byte {
	b := append([]byte(nil), plain...)
	k1 := make([]uint32, 15)
	k2 := make([]uint32, 17)
	for i := range k1 {
		k1[i] = binary.LittleEndian.Uint32(Key1[4*i:])
	}
	for i := range k2 {
		k2[i] = binary.LittleEndian.Uint32(Key2[4*i:])
	}
	if len(b) > 16 {
		s := int(b[15] & 0x7F)
		for g := 0; 16+4*g+4 <= len(b); g++ {
			w := binary.LittleEndian.Uint32(b[16+4*g:])
			binary.LittleEndian.PutUint32(b[16+4*g:], w^k2[(s+g)%17])
		}
	}
	for g := 0; 4*g+4 <= len(b); g++ {
		w := binary.LittleEndian.Uint32(b[4*g:])
		binary.LittleEndian.PutUint32(b[4*g:], w^k1[(8+g)%15])
	}
	return bigRotate(b, -3)
}

func TestKnownZeros(t *testing.T) {
	// 20 zero bytes: byte 15 is 0, so key 2 starts at word 0.
	// Before the rotation the buffer is key-1 words 8..11, then word 12
	// XOR key-2 word 0.
	plain := make([]byte, 20)
	enc := append([]byte(nil), plain...)
	Encrypt(enc)
	pre := bigRotate(enc, 3)
	want, _ := hex.DecodeString("c19bc98334c4648536fa0edefbe76899" + "b761acdb")
	if !bytes.Equal(pre, want) {
		t.Fatalf("pre-rotation bytes %x, want %x", pre, want)
	}
	Decrypt(enc)
	if !bytes.Equal(enc, plain) {
		t.Fatalf("decrypt gave %x", enc)
	}
}

func TestRoundTripAndReference(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	for _, n := range []int{1, 2, 3, 4, 5, 15, 16, 17, 19, 20, 21, 63, 64, 65, 300, 4099} {
		plain := make([]byte, n)
		r.Read(plain)
		enc := append([]byte(nil), plain...)
		Encrypt(enc)
		if ref := wordRef(plain); !bytes.Equal(enc, ref) {
			t.Fatalf("n=%d: Encrypt differs from the word reference", n)
		}
		if n > 4 && bytes.Equal(enc, plain) {
			t.Fatalf("n=%d: Encrypt changed nothing", n)
		}
		Decrypt(enc)
		if !bytes.Equal(enc, plain) {
			t.Fatalf("n=%d: round trip failed", n)
		}
	}
	Encrypt(nil)
	Decrypt(nil)
}

func TestDecryptHead(t *testing.T) {
	plain := []byte("PK\x03\x04\x14\x00\x00\x00\x08\x00\x00\x00\x00\x00\x00\x00 and more bytes")
	enc := append([]byte(nil), plain...)
	Encrypt(enc)
	if got := DecryptHead(enc, 16); !bytes.Equal(got, plain[:16]) {
		t.Fatalf("DecryptHead %x, want %x", got, plain[:16])
	}
	if DecryptHead(enc[:4], 4) != nil {
		t.Fatal("DecryptHead must refuse a head without the next byte")
	}
}

// The streaming Reader and Encrypter agree with the whole-buffer Decrypt
// and Encrypt at every offset and read length.
func TestStreamingMatchesWholeBuffer(t *testing.T) {
	r := rand.New(rand.NewSource(3))
	for _, n := range []int{1, 2, 3, 5, 16, 17, 19, 20, 33, 64, 65, 301, 1000} {
		plain := make([]byte, n)
		r.Read(plain)
		enc := append([]byte(nil), plain...)
		Encrypt(enc)
		d, err := NewReader(bytes.NewReader(enc), int64(n))
		if err != nil {
			t.Fatal(err)
		}
		e, err := NewEncrypter(bytes.NewReader(plain), int64(n))
		if err != nil {
			t.Fatal(err)
		}
		for off := 0; off < n; off += 1 + n/7 {
			for _, l := range []int{1, 3, 4, 17, n} {
				got := make([]byte, l)
				k, _ := d.ReadAt(got, int64(off))
				if want := plain[off:min(n, off+l)]; !bytes.Equal(got[:k], want) {
					t.Fatalf("n=%d off=%d len=%d: Reader %x, want %x", n, off, l, got[:k], want)
				}
				k, _ = e.ReadAt(got, int64(off))
				if want := enc[off:min(n, off+l)]; !bytes.Equal(got[:k], want) {
					t.Fatalf("n=%d off=%d len=%d: Encrypter %x, want %x", n, off, l, got[:k], want)
				}
			}
		}
	}
}

func TestDetectXor1(t *testing.T) {
	for s := 0; s < 15; s++ {
		b := []byte("pakd\x02\x00\x00\x00 rest of a pack")
		XorKey(b, Key1[:], s)
		got, ok := DetectXor1(b)
		if !ok || got != s {
			t.Fatalf("start %d: detected %d %v", s, got, ok)
		}
		x := Xor1Reader{R: bytes.NewReader(b), N: int64(len(b)), Start: got}
		out := make([]byte, len(b)-5)
		x.ReadAt(out, 5)
		if string(out) != "\x00\x00\x00 rest of a pack"[:len(out)] {
			t.Fatalf("Xor1Reader at 5: %q", out)
		}
	}
	if _, ok := DetectXor1([]byte("plain text here")); ok {
		t.Fatal("plain text detected as XOR with key 1")
	}
}
