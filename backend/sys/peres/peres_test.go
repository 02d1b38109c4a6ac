package peres

import (
	"bytes"
	"encoding/binary"
	"strings"
	"testing"
	"unicode/utf16"
)

type res struct {
	typ, id, lang uint32
	data          []byte
}

// buildPE writes a minimal PE32+ file: headers and one .rsrc section with
// the resources (a three-level tree, one entry per type and id).
func buildPE(subsystem uint16, rs []res) []byte {
	const secRVA = 0x1000
	// tree: root (one entry per resource: its type) -> id dir -> lang dir -> data entry
	var dirs bytes.Buffer
	le := func(w *bytes.Buffer, v ...any) {
		for _, x := range v {
			binary.Write(w, binary.LittleEndian, x)
		}
	}
	n := uint32(len(rs))
	// layout: root (16+8n), then for each resource two dirs of 24 bytes and a 16-byte data entry
	rootSize := 16 + 8*n
	per := uint32(24*2 + 16)
	dataStart := rootSize + per*n
	le(&dirs, uint32(0), uint32(0), uint16(0), uint16(0), uint16(0), uint16(n))
	for i, r := range rs {
		le(&dirs, r.typ, 0x80000000|(rootSize+per*uint32(i)))
	}
	off := dataStart
	for i, r := range rs {
		b := rootSize + per*uint32(i)
		le(&dirs, uint32(0), uint32(0), uint16(0), uint16(0), uint16(0), uint16(1), r.id, 0x80000000|(b+24))
		le(&dirs, uint32(0), uint32(0), uint16(0), uint16(0), uint16(0), uint16(1), r.lang, b+48)
		le(&dirs, secRVA+off, uint32(len(r.data)), uint32(0), uint32(0))
		off += uint32((len(r.data) + 7) &^ 7)
	}
	sec := dirs.Bytes()
	for _, r := range rs {
		sec = append(sec, r.data...)
		for len(sec)%8 != 0 {
			sec = append(sec, 0)
		}
	}
	for len(sec)%512 != 0 {
		sec = append(sec, 0)
	}
	var f bytes.Buffer
	dos := make([]byte, 64)
	copy(dos, "MZ")
	binary.LittleEndian.PutUint32(dos[60:], 64)
	f.Write(dos)
	f.WriteString("PE\x00\x00")
	le(&f, uint16(0x8664), uint16(1), uint32(0), uint32(0), uint32(0), uint16(240), uint16(0x22))
	// optional header PE32+
	le(&f, uint16(0x20b), uint8(0), uint8(0), uint32(0), uint32(0), uint32(0), uint32(0), uint32(0))
	le(&f, uint64(0x140000000), uint32(0x1000), uint32(0x200))
	le(&f, uint16(6), uint16(0), uint16(0), uint16(0), uint16(6), uint16(0), uint32(0))
	le(&f, uint32(secRVA+len(sec)), uint32(0x200), uint32(0), subsystem, uint16(0))
	le(&f, uint64(0), uint64(0), uint64(0), uint64(0), uint32(0), uint32(16))
	for i := 0; i < 16; i++ {
		if i == 2 {
			le(&f, uint32(secRVA), uint32(len(dirs.Bytes())))
		} else {
			le(&f, uint32(0), uint32(0))
		}
	}
	name := [8]byte{'.', 'r', 's', 'r', 'c'}
	le(&f, name, uint32(len(sec)), uint32(secRVA), uint32(len(sec)), uint32(0x200), uint32(0), uint32(0), uint16(0), uint16(0), uint32(0x40000040))
	for f.Len() < 0x200 {
		f.WriteByte(0)
	}
	f.Write(sec)
	return f.Bytes()
}

func utf16z(s string) []byte {
	var b []byte
	for _, u := range utf16.Encode([]rune(s)) {
		b = binary.LittleEndian.AppendUint16(b, u)
	}
	return append(b, 0, 0)
}

// vblock writes one VS_VERSIONINFO block.
func vblock(key string, typ uint16, val []byte, vlen int, kids ...[]byte) []byte {
	b := make([]byte, 6)
	b = append(b, utf16z(key)...)
	for len(b)%4 != 0 {
		b = append(b, 0)
	}
	b = append(b, val...)
	for len(b)%4 != 0 {
		b = append(b, 0)
	}
	for _, k := range kids {
		b = append(b, k...)
		for len(b)%4 != 0 {
			b = append(b, 0)
		}
	}
	binary.LittleEndian.PutUint16(b, uint16(len(b)))
	binary.LittleEndian.PutUint16(b[2:], uint16(vlen))
	binary.LittleEndian.PutUint16(b[4:], typ)
	return b
}

func versionRes(product string) []byte {
	fixed := make([]byte, 52)
	binary.LittleEndian.PutUint32(fixed, 0xFEEF04BD)
	binary.LittleEndian.PutUint32(fixed[8:], 0<<16|1)
	binary.LittleEndian.PutUint32(fixed[12:], 2<<16|3)
	binary.LittleEndian.PutUint32(fixed[16:], 4<<16|5)
	binary.LittleEndian.PutUint32(fixed[20:], 6<<16|7)
	str := func(k, v string) []byte { return vblock(k, 1, utf16z(v), len(utf16.Encode([]rune(v)))+1) }
	table := vblock("040904b0", 1, nil, 0, str("ProductName", "Packsmith"), str("ProductVersion", product))
	return vblock("VS_VERSION_INFO", 0, fixed, 52, vblock("StringFileInfo", 1, nil, 0, table), vblock("VarFileInfo", 1, nil, 0))
}

func groupIcon() []byte {
	b := []byte{0, 0, 1, 0, 2, 0}
	b = append(b, 0, 0, 0, 0, 1, 0, 32, 0, 0x10, 0x27, 0, 0, 1, 0) // 256x256 32 bpp, id 1
	b = append(b, 16, 16, 0, 0, 1, 0, 32, 0, 0x68, 0x04, 0, 0, 2, 0)
	return b
}

func TestReadResources(t *testing.T) {
	manifest := []byte(`<assembly><dpiAwareness>permonitorv2</dpiAwareness></assembly>`)
	img := buildPE(SubsystemGUI, []res{
		{RTGroupIcon, 1, 0x409, groupIcon()},
		{RTVersion, 1, 0x409, versionRes("v1.2.3-4-gabcdef0")},
		{RTManifest, 1, 0x409, manifest},
	})
	f, err := Read(bytes.NewReader(img))
	if err != nil {
		t.Fatal(err)
	}
	if !f.Is64 || f.Machine != 0x8664 || f.Subsystem != SubsystemGUI {
		t.Errorf("is64 %v machine %#x subsystem %d", f.Is64, f.Machine, f.Subsystem)
	}
	if len(f.Resources) != 3 {
		t.Fatalf("%d resources, want 3", len(f.Resources))
	}
	m := f.Find(RTManifest)
	if len(m) != 1 || !bytes.Equal(m[0].Data, manifest) || m[0].Lang != 0x409 || m[0].ID != 1 {
		t.Errorf("manifest %+v", m)
	}
	icons, err := ParseGroupIcon(f.Find(RTGroupIcon)[0].Data)
	if err != nil {
		t.Fatal(err)
	}
	if len(icons) != 2 || icons[0].Width != 256 || icons[0].Bytes != 10000 || icons[1].Width != 16 || icons[1].ID != 2 || icons[1].BitCount != 32 {
		t.Errorf("icons %+v", icons)
	}
	v, err := ParseVersion(f.Find(RTVersion)[0].Data)
	if err != nil {
		t.Fatal(err)
	}
	if v.FileVersion != [4]uint16{0, 1, 2, 3} || v.ProductVersion != [4]uint16{4, 5, 6, 7} {
		t.Errorf("fixed versions %v %v", v.FileVersion, v.ProductVersion)
	}
	if v.Strings["ProductVersion"] != "v1.2.3-4-gabcdef0" || v.Strings["ProductName"] != "Packsmith" || len(v.Strings) != 2 {
		t.Errorf("strings %q", v.Strings)
	}
}

func TestReadErrors(t *testing.T) {
	good := buildPE(SubsystemConsole, []res{{RTManifest, 1, 0, []byte("<assembly/>")}})
	if f, err := Read(bytes.NewReader(good)); err != nil || f.Subsystem != SubsystemConsole {
		t.Fatalf("good: %v", err)
	}
	// a data entry pointing past the section
	bad := append([]byte(nil), good...)
	// root (16+8) + 2 dirs of 24 = 72: the data entry's RVA
	binary.LittleEndian.PutUint32(bad[0x200+72:], 0x7fff0000)
	if _, err := Read(bytes.NewReader(bad)); err == nil || !strings.Contains(err.Error(), "outside the resource section") {
		t.Errorf("bad RVA: %v", err)
	}
	// a subdirectory loop (the language directory points at the root)
	loop := append([]byte(nil), good...)
	binary.LittleEndian.PutUint32(loop[0x200+24+24+16+4:], 0x80000000)
	if _, err := Read(bytes.NewReader(loop)); err == nil || !strings.Contains(err.Error(), "deeper than 3 levels") {
		t.Errorf("loop: %v", err)
	}
	if _, err := Read(bytes.NewReader([]byte("MZ not a PE"))); err == nil {
		t.Error("not a PE: no error")
	}
	if _, err := ParseVersion([]byte{200, 0, 0, 0, 0, 0}); err == nil || !strings.Contains(err.Error(), "offset 0: length 200") {
		t.Errorf("short version: %v", err)
	}
	if _, err := ParseGroupIcon([]byte{0, 0, 1, 0, 9, 0}); err == nil || !strings.Contains(err.Error(), "9 entries") {
		t.Errorf("short group icon: %v", err)
	}
}

func FuzzRead(f *testing.F) {
	f.Add(buildPE(SubsystemGUI, []res{{RTVersion, 1, 0x409, versionRes("v1")}, {RTGroupIcon, 1, 0, groupIcon()}}))
	f.Fuzz(func(t *testing.T, b []byte) {
		pf, err := Read(bytes.NewReader(b))
		if err != nil {
			return
		}
		for _, r := range pf.Resources {
			switch r.Type {
			case RTVersion:
				ParseVersion(r.Data)
			case RTGroupIcon:
				ParseGroupIcon(r.Data)
			}
		}
	})
}

func FuzzParseVersion(f *testing.F) {
	f.Add(versionRes("v1.2.3"))
	f.Fuzz(func(t *testing.T, b []byte) { ParseVersion(b) })
}
