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
	if le.Uint16(b[6:]) != NewFlags || le.Uint16(b[8:]) != 8 || le.Uint32(b[22:]) != uint32(len(data)) {
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

// A member written by another tool (times set, version made by 6.3, a
// comment-free central record) is written back with an edited payload:
// every header byte but the CRC-32, the sizes and the directory offset
// stays, and Go's archive/zip (a second reading) opens the result.
func TestWriteMemberKeepsFields(t *testing.T) {
	var src bytes.Buffer
	zw := zip.NewWriter(&src)
	fh := &zip.FileHeader{Name: "sh_tacos.pac", Method: zip.Deflate, CreatorVersion: 0x3F, ModifiedTime: 0x644C, ModifiedDate: 0x54A9}
	w, _ := zw.CreateHeader(fh)
	w.Write(bytes.Repeat([]byte("ARC\x00 shader "), 50))
	zw.Close()
	orig := src.Bytes()
	tmpl, err := Parse(orig)
	if err != nil || tmpl.Tail == nil || tmpl.Members != 1 {
		t.Fatalf("parse: %v %+v", err, tmpl)
	}
	payload := []byte("a different payload, ARC\x00 edited")
	var f memFile
	m, err := WriteMember(&f, &tmpl, "", bytes.NewReader(payload))
	if err != nil {
		t.Fatal(err)
	}
	out := f.b
	le := binary.LittleEndian
	for _, off := range []int{4, 6, 10, 12, 26, 28} { // version, flags, time, date, name/extra lengths
		if le.Uint16(out[off:]) != le.Uint16(orig[off:]) {
			t.Errorf("local header field at %d: %04X, was %04X", off, le.Uint16(out[off:]), le.Uint16(orig[off:]))
		}
	}
	zr, err := zip.NewReader(bytes.NewReader(out), int64(len(out)))
	if err != nil || len(zr.File) != 1 {
		t.Fatalf("archive/zip: %v", err)
	}
	zf := zr.File[0]
	zo, _ := zip.NewReader(bytes.NewReader(orig), int64(len(orig)))
	if zf.CreatorVersion != zo.File[0].CreatorVersion || zf.Flags != zo.File[0].Flags || zf.ModifiedTime != 0x644C || zf.ModifiedDate != 0x54A9 || zf.Name != "sh_tacos.pac" {
		t.Errorf("central record %+v", zf.FileHeader)
	}
	rc, err := zf.Open()
	if err != nil {
		t.Fatal(err)
	}
	var got bytes.Buffer
	if _, err := got.ReadFrom(rc); err != nil || !bytes.Equal(got.Bytes(), payload) {
		t.Fatalf("archive/zip read (CRC checked): %v", err)
	}
	if m.Size != int64(len(payload)) {
		t.Errorf("size %d", m.Size)
	}
}
