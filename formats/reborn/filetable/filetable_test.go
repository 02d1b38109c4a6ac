package filetable

import (
	"bytes"
	"encoding/binary"
	"errors"
	"os"
	"path/filepath"
	"testing"
)

type extFile struct {
	path string
	size uint32
	name string // "" for none
}

type dirSpec struct {
	id    uint16
	base  uint16
	files []extFile
}

// buildReborn lays out a little-endian Reborn table: one batch per
// directory, flag 0 records (u32 extOffset), external records after
// totalSize.
func buildReborn(dirs []dirSpec) []byte {
	le := binary.LittleEndian
	var names []Name
	nameIdx := make([]int, len(dirs))
	for i, d := range dirs {
		nameIdx[i] = -1
		for j, f := range d.files {
			if f.name != "" {
				if nameIdx[i] < 0 {
					nameIdx[i] = len(names)
				}
				names = append(names, Name{Hash: Hash(f.name), Dir: d.id, File: d.base + uint16(j)})
			}
		}
	}
	nFiles := 0
	for _, d := range dirs {
		nFiles += len(d.files)
	}
	fto := HeaderSize + 8*len(names) + 24*len(dirs) + 8*len(dirs)
	total := fto + 4*nFiles
	b := make([]byte, total)
	le.PutUint16(b, Magic)
	le.PutUint16(b[2:], uint16(len(names)))
	le.PutUint16(b[4:], uint16(len(dirs)))
	le.PutUint16(b[6:], 4)
	le.PutUint32(b[8:], uint32(fto))
	le.PutUint32(b[12:], uint32(total))
	copy(b[0x10:], "ULUS10565")
	copy(b[0x20:], "REBORN")
	b[0x33] = 3
	pos := HeaderSize
	for _, n := range names {
		le.PutUint32(b[pos:], n.Hash)
		le.PutUint16(b[pos+4:], n.Dir)
		le.PutUint16(b[pos+6:], n.File)
		pos += 8
	}
	var ext []byte
	rec := 0
	for i, d := range dirs {
		p := b[pos:]
		le.PutUint16(p, d.id)
		le.PutUint16(p[10:], 1)
		cnt := 0
		for _, f := range d.files {
			if f.name != "" {
				cnt++
			}
		}
		le.PutUint16(p[12:], uint16(cnt))
		le.PutUint16(p[14:], 0xFFFF)
		if nameIdx[i] >= 0 {
			le.PutUint16(p[14:], uint16(nameIdx[i]))
		}
		le.PutUint32(p[16:], uint32(8*i))
		pos += 24
	}
	for _, d := range dirs {
		le.PutUint16(b[pos:], d.base)
		le.PutUint16(b[pos+2:], uint16(len(d.files)))
		le.PutUint32(b[pos+4:], uint32(4*rec))
		pos += 8
		for _, f := range d.files {
			le.PutUint32(b[fto+4*rec:], uint32(len(ext)/8))
			r := append([]byte(f.path), 0, 0, 0, 0, 0)
			le.PutUint32(r[len(f.path)+1:], f.size)
			for len(r)%8 != 0 {
				r = append(r, 0)
			}
			ext = append(ext, r...)
			rec++
		}
	}
	return append(b, ext...)
}

func sample() []byte {
	return buildReborn([]dirSpec{
		{id: 1000, files: []extFile{{"battle/battle_data_release.dat", 4096, "battle_data"}, {"battle/b.dat", 17, ""}}},
		{id: 7, base: 11, files: []extFile{{"menu/menu_classface.dat", 123456, "classface"}}},
	})
}

func TestHash(t *testing.T) {
	if Hash("") != 0 {
		t.Fatal("empty")
	}
	// FNV-1 of "a": (0x811C9DC5 * 0x01000193) ^ 'a'.
	if got := Hash("a"); got != 0x050C5D7E {
		t.Fatalf("Hash(a) = %08X, want 050C5D7E", got)
	}
}

func TestDecode(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("testdata", "FileTable.bin"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(b, sample()) {
		t.Fatal("testdata/FileTable.bin differs from its builder: regenerate with PACKSMITH_GEN_TESTDATA=1")
	}
	tb, err := Decode(b)
	if err != nil {
		t.Fatal(err)
	}
	if !tb.Reborn || tb.TitleID1 != "ULUS10565" || tb.ParentalLevel != 3 || tb.Unknown06 != 4 || len(tb.Rows) != 3 {
		t.Fatalf("%+v", tb.Header)
	}
	want := []Row{
		{Dir: 1000, File: 0, NameHash: Hash("battle_data"), Path: "battle/battle_data_release.dat", Size: 4096},
		{Dir: 1000, File: 1, Path: "battle/b.dat", Size: 17},
		{Dir: 7, File: 11, NameHash: Hash("classface"), Path: "menu/menu_classface.dat", Size: 123456},
	}
	for i, w := range want {
		g := tb.Rows[i]
		if g.Dir != w.Dir || g.File != w.File || g.NameHash != w.NameHash || g.Path != w.Path || g.Size != w.Size {
			t.Errorf("row %d: %+v, want %+v", i, g, w)
		}
	}
}

func TestGenerateTestdata(t *testing.T) {
	if os.Getenv("PACKSMITH_GEN_TESTDATA") == "" {
		t.Skip("set PACKSMITH_GEN_TESTDATA=1 to rewrite testdata/FileTable.bin")
	}
	os.MkdirAll("testdata", 0o755)
	if err := os.WriteFile(filepath.Join("testdata", "FileTable.bin"), sample(), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestErrors(t *testing.T) {
	good := sample()
	mod := func(off int, v uint32, w int) []byte {
		b := append([]byte(nil), good...)
		if w == 2 {
			binary.LittleEndian.PutUint16(b[off:], uint16(v))
		} else {
			binary.LittleEndian.PutUint32(b[off:], v)
		}
		return b
	}
	fto := int(binary.LittleEndian.Uint32(good[8:]))
	for name, b := range map[string][]byte{
		"short":     good[:20],
		"magic":     mod(0, 0x1234, 2),
		"total":     mod(12, 1<<30, 4),
		"names":     mod(2, 0xFFFF, 2),
		"batches":   mod(8, uint32(fto+8), 4),
		"flags":     mod(fto-8+4, 1<<29, 4),
		"records":   mod(fto-8+2, 500, 2),
		"extoffset": mod(fto, 0x10000, 4),
		"cut":       good[:len(good)-6],
	} {
		if _, err := Decode(b); !errors.Is(err, ErrFormat) {
			t.Errorf("%s: %v", name, err)
		}
	}
}

func FuzzDecode(f *testing.F) {
	f.Add(sample())
	f.Fuzz(func(t *testing.T, b []byte) { Decode(b) })
}

// Encode writes back what Decode read, byte for byte, for a table laid out
// by the independent builder above and for the committed sample; a table
// from New re-reads to the same rows; SetSize changes only the size.
func TestEncodeRoundTrip(t *testing.T) {
	inputs := map[string][]byte{
		"built": buildReborn([]dirSpec{
			{id: 0, files: []extFile{{path: "battle/a.dat", size: 100, name: "a"}, {path: "b.dat", size: 7}}},
			{id: 3, base: 0, files: []extFile{{path: "event/scene01.dat", size: 4096}}},
		}),
	}
	if b, err := os.ReadFile("testdata/FileTable.bin"); err == nil {
		inputs["testdata"] = b
	}
	for name, b := range inputs {
		tb, err := Decode(b)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		out, err := Encode(tb)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if !bytes.Equal(out, b) {
			t.Errorf("%s: Encode gives %d bytes that differ from the %d read", name, len(out), len(b))
		}
	}
	nt := New("REBORN", []File{{Dir: 1, Path: "event/scene.dat", Size: 1234}, {Dir: 1, Path: "menu/x.dat", Size: 9}, {Dir: 2, Path: "sound/y.dat", Size: 77}})
	b, err := Encode(nt)
	if err != nil {
		t.Fatal(err)
	}
	back, err := Decode(b)
	if err != nil || !back.Reborn || len(back.Rows) != 3 {
		t.Fatalf("decode New: %v %+v", err, back)
	}
	if r := back.Rows[2]; r.Dir != 2 || r.File != 0 || r.Path != "sound/y.dat" || r.Size != 77 {
		t.Errorf("row 2 %+v", r)
	}
	i := back.Find(`EVENT\scene.dat`)
	if i != 0 {
		t.Fatalf("Find: %d", i)
	}
	before := append([]byte(nil), b...)
	if err := back.SetSize(b, i, 0x01020304); err != nil {
		t.Fatal(err)
	}
	diff := 0
	for k := range b {
		if b[k] != before[k] {
			diff++
		}
	}
	again, _ := Decode(b)
	if diff == 0 || diff > 4 || again.Rows[0].Size != 0x01020304 || again.Rows[1].Size != 9 {
		t.Errorf("SetSize changed %d bytes, rows %+v", diff, again.Rows)
	}
}
