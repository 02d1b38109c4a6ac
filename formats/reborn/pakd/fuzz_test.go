package pakd

// The .pakd files under testdata/ seed FuzzPakd. Regenerate them with:
//
//	PACKSMITH_GEN_TESTDATA=1 go test ./formats/reborn/pakd -run TestGenerateTestdata

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

func testdataSet() map[string][]byte {
	inner := Build([]Item{{ID: 0x12000, Data: Pad([]byte("actor"))}})
	return map[string][]byte{
		"empty.pakd":  Build(nil),
		"simple.pakd": Build([]Item{{Data: Pad([]byte("txte"))}, {Data: Pad([]byte("xlce"))}}),
		"ids.pakd":    Build([]Item{{ID: 0x1FF10000, Data: Pad([]byte("btx\x00"))}, {Data: nil}}),
		"nested.pakd": Build([]Item{{Data: Pad([]byte("a"))}, {Data: Nested(inner)}}),
	}
}

func TestGenerateTestdata(t *testing.T) {
	gen := os.Getenv("PACKSMITH_GEN_TESTDATA") != ""
	for name, b := range testdataSet() {
		p := filepath.Join("testdata", name)
		if gen {
			os.MkdirAll("testdata", 0o755)
			if err := os.WriteFile(p, b, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		got, err := os.ReadFile(p)
		if err != nil || !bytes.Equal(got, b) {
			t.Errorf("%s differs from its builder (%v)", p, err)
		}
	}
}

func FuzzPakd(f *testing.F) {
	files, _ := filepath.Glob("testdata/*.pakd")
	for _, p := range files {
		b, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		p, err := NewReader(bytes.NewReader(b), int64(len(b)), Options{MaxEntries: 4096})
		if err != nil {
			return
		}
		items := make([]Item, len(p.Entries))
		for i, e := range p.Entries {
			if e.Offset < 0 || e.Size < 0 || e.Offset+e.Size > int64(len(b)) {
				t.Fatalf("entry %d out of range: %+v", i, e)
			}
			d, err := p.ReadEntry(i)
			if err != nil {
				t.Fatalf("entry %d: %v", i, err)
			}
			items[i] = Item{ID: e.ID, Data: d}
			DetectKind(d)
		}
		// What Build writes reads back to the same entries.
		re := Build(items)
		q, err := NewReader(bytes.NewReader(re), int64(len(re)), Options{MaxEntries: 4096})
		if err != nil {
			t.Fatalf("rebuilt pack does not read: %v", err)
		}
		for i := range items {
			d, _ := q.ReadEntry(i)
			if !bytes.Equal(d, items[i].Data) || q.Entries[i].ID != items[i].ID {
				t.Fatalf("entry %d changed in the rebuild", i)
			}
		}
	})
}
