package mod_test

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"strings"

	"packsmith/formats/tl2/mod"
)

// memFile is an in-memory io.WriteSeeker (the writer seeks back to fill
// in the header, and reads back what the rolling hash covers).
type memFile struct {
	b   []byte
	pos int
}

func (m *memFile) Write(p []byte) (int, error) {
	if need := m.pos + len(p); need > len(m.b) {
		m.b = append(m.b, make([]byte, need-len(m.b))...)
	}
	copy(m.b[m.pos:], p)
	m.pos += len(p)
	return len(p), nil
}

func (m *memFile) ReadAt(p []byte, off int64) (int, error) {
	if off >= int64(len(m.b)) {
		return 0, io.EOF
	}
	n := copy(p, m.b[off:])
	if n < len(p) {
		return n, io.EOF
	}
	return n, nil
}

func (m *memFile) Seek(off int64, whence int) (int64, error) {
	switch whence {
	case io.SeekCurrent:
		off += int64(m.pos)
	case io.SeekEnd:
		off += int64(len(m.b))
	}
	m.pos = int(off)
	return off, nil
}

// Write a .MOD with two files, read it back and check it as the game would.
func ExampleNewWriter() {
	out := &memFile{}
	w, err := mod.NewWriter(out, &mod.Header{Version: 4, Title: "Example", Author: "packsmith", ModID: 42}, nil)
	if err != nil {
		panic(err)
	}
	w.Add(mod.FileHeader{Name: "media/units/items/sword.dat"}, strings.NewReader("[UNIT]\r\n[/UNIT]\r\n"))
	w.Add(mod.FileHeader{Name: "MEDIA/UI/ICON.PNG"}, bytes.NewReader(make([]byte, 300)))
	if err := w.Close(); err != nil {
		panic(err)
	}

	r, err := mod.NewReader(bytes.NewReader(out.b), int64(len(out.b)), nil)
	if err != nil {
		panic(err)
	}
	for _, e := range r.Entries {
		fmt.Println(e.Path, e.Size, e.Type)
	}
	fmt.Println(r.Header.Title, r.Header.ModID)
	// Check runs the game's checks; what it says here is for information.
	for _, f := range r.Check() {
		fmt.Println(f.Severity, f.Check)
	}
	// Output:
	// MEDIA/UI/ICON.PNG 300 PNG
	// MEDIA/UNITS/ITEMS/SWORD.DAT 17 DAT
	// Example 42
	// info mhash
	// info file-count
}

// NewReader opens a .MOD: its header and the entries of its manifest
// (upper-case paths, sizes, types). testdata/tiny.MOD is a small one
// with a negative MOD_ID and a lone surrogate in its title (kept as WTF-8).
func ExampleNewReader() {
	b, err := os.ReadFile("testdata/tiny.MOD")
	if err != nil {
		fmt.Println(err)
		return
	}
	r, err := mod.NewReader(bytes.NewReader(b), int64(len(b)), nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%q %d %d\n", r.Header.Title, r.Header.ModID, len(r.Entries))
	for _, e := range r.Entries {
		fmt.Println(e.Path, e.Size, e.Type)
	}
	// Output:
	// "tiny \xed\xb0\x80" -42 3
	// MEDIA/EMPTY.RAW 0 RAW
	// MEDIA/UI/SPLASH.JPG 22 JPG
	// MEDIA/UNITS/MONSTERS/ZOMBIE.DAT 280 DAT
}
