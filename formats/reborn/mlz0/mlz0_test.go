package mlz0

import (
	"bytes"
	"encoding/binary"
	"errors"
	"math/rand"
	"runtime"
	"strings"
	"testing"
)

func TestRoundTrip(t *testing.T) {
	rnd := make([]byte, 3000)
	rand.New(rand.NewSource(2)).Read(rnd)
	for name, data := range map[string][]byte{
		"empty":  nil,
		"tiny":   []byte("abc"),
		"text":   bytes.Repeat([]byte("txte row text "), 300),
		"random": rnd,
		"r14":    rnd[:14], "r15": rnd[:15], "r270": rnd[:270],
	} {
		enc := Encode(data)
		if !bytes.HasPrefix(enc, []byte("MLZ0")) || binary.LittleEndian.Uint32(enc[4:]) != uint32(len(data)) {
			t.Fatalf("%s: header % X", name, enc[:8])
		}
		got, err := Decode(enc, 0)
		if err != nil || !bytes.Equal(got, data) {
			t.Fatalf("%s: %v", name, err)
		}
		if name == "text" && len(enc) > len(data)/4 {
			t.Errorf("text did not compress: %d → %d", len(data), len(enc))
		}
	}
}

func TestErrors(t *testing.T) {
	good := Encode(bytes.Repeat([]byte("ab"), 100))
	bad := map[string][]byte{
		"short": good[:5],
		"magic": append([]byte("MLZ1"), good[4:]...),
		"neg":   func() []byte { b := append([]byte(nil), good...); b[7] = 0x80; return b }(),
		"cap": func() []byte {
			b := append([]byte(nil), good...)
			binary.LittleEndian.PutUint32(b[4:], 1<<30-1)
			return b
		}(),
		"long": func() []byte { b := append([]byte(nil), good...); binary.LittleEndian.PutUint32(b[4:], 300); return b }(),
		"cut":  good[:len(good)-3],
	}
	for name, b := range bad {
		if _, err := Decode(b, 1<<20); !errors.Is(err, ErrFormat) {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// A 3.7 KB "bomb" whose header claims 933 MB is refused from the header:
// nothing near that size is allocated.
func TestBombRefusedFromHeader(t *testing.T) {
	b := Encode(bytes.Repeat([]byte("x"), 3700))
	b = append(b, make([]byte, 3700-len(b))...)
	binary.LittleEndian.PutUint32(b[4:], 933<<20)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, err := Decode(b, 0)
	runtime.ReadMemStats(&after)
	if !errors.Is(err, ErrFormat) || !strings.Contains(err.Error(), "can give at most") {
		t.Fatalf("err %v", err)
	}
	if grew := after.TotalAlloc - before.TotalAlloc; grew > 1<<20 {
		t.Fatalf("allocated %d bytes refusing a bomb", grew)
	}
}
