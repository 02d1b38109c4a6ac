package onezip

import (
	"archive/zip"
	"bytes"
	"encoding/binary"
	"errors"
	"testing"
)

func TestRoundTrip(t *testing.T) {
	data := bytes.Repeat([]byte("pakd and more text "), 200)
	b, err := Write("pack", data)
	if err != nil {
		t.Fatal(err)
	}
	le := binary.LittleEndian
	if le.Uint16(b[6:]) != 0 || le.Uint16(b[8:]) != 8 || le.Uint32(b[22:]) != uint32(len(data)) {
		t.Fatalf("local header flags %d method %d size %d", le.Uint16(b[6:]), le.Uint16(b[8:]), le.Uint32(b[22:]))
	}
	m, got, err := Read(b, 0)
	if err != nil {
		t.Fatal(err)
	}
	if m.Name != "pack" || m.Members != 1 || !bytes.Equal(got, data) || m.Packed >= m.Size {
		t.Fatalf("member %+v", m)
	}
	// The standard reader agrees, CRC included.
	zr, err := zip.NewReader(bytes.NewReader(b), int64(len(b)))
	if err != nil || len(zr.File) != 1 {
		t.Fatalf("archive/zip: %v", err)
	}
	rc, _ := zr.File[0].Open()
	var buf bytes.Buffer
	if _, err := buf.ReadFrom(rc); err != nil || !bytes.Equal(buf.Bytes(), data) {
		t.Fatalf("archive/zip read: %v", err)
	}
}

func TestErrors(t *testing.T) {
	good, _ := Write("pack", []byte("hello hello hello"))
	cases := map[string][]byte{
		"short": good[:10],
		"nosig": append([]byte("XK"), good[2:]...),
		"csize": func() []byte {
			b := append([]byte(nil), good...)
			binary.LittleEndian.PutUint32(b[18:], 1<<30)
			return b
		}(),
		"method": func() []byte { b := append([]byte(nil), good...); b[8] = 99; return b }(),
		"cap": func() []byte {
			b := append([]byte(nil), good...)
			binary.LittleEndian.PutUint32(b[22:], 1<<31)
			return b
		}(),
		"inflate": func() []byte {
			b := append([]byte(nil), good...)
			binary.LittleEndian.PutUint32(b[22:], 5000)
			return b
		}(),
	}
	for name, b := range cases {
		if _, _, err := Read(b, 1<<20); !errors.Is(err, ErrFormat) {
			t.Errorf("%s: err %v, want ErrFormat", name, err)
		}
	}
	var two bytes.Buffer
	zw := zip.NewWriter(&two)
	zw.Create("a")
	zw.Create("b")
	zw.Close()
	if _, _, err := Read(two.Bytes(), 0); !errors.Is(err, ErrFormat) {
		t.Errorf("two members: %v", err)
	}
}
