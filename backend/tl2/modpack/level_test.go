package modpack

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"packsmith/formats/tl2/mod"
)

// A pack writes textures, skeletons and meshes at AssetLevel and the rest
// at 6 (each zlib stream's FLG byte says its level: 0x5E for 2–5, 0x9C
// for 6), and an asked-for level applies to every entry.
func TestAssetsPackAtAssetLevel(t *testing.T) {
	body := strings.Repeat("texels and floats ", 2000)
	dir := makeMod(t, simpleModDat, map[string]string{
		"MEDIA/UI/ICON.DDS":           body,
		"MEDIA/MODELS/A/A.SKELETON":   body,
		"MEDIA/MODELS/A/A.MESH":       body,
		"MEDIA/UI/PIC.PNG":            body,
		"MEDIA/UNITS/ITEMS/SWORD.DAT": "[UNIT]\n<STRING>NAME:SWORD\n[/UNIT]\n",
		"MEDIA/MODELS/A/A.MATERIAL":   body,
	})
	for _, c := range []struct {
		level int
		want  map[string]byte
	}{
		{0, map[string]byte{"MEDIA/UI/ICON.DDS": 0x5E, "MEDIA/MODELS/A/A.SKELETON": 0x5E, "MEDIA/MODELS/A/A.MESH": 0x5E,
			"MEDIA/UI/PIC.PNG": 0x9C, "MEDIA/UNITS/ITEMS/SWORD.DAT": 0x9C, "MEDIA/MODELS/A/A.MATERIAL": 0x9C}},
		{6, map[string]byte{"MEDIA/UI/ICON.DDS": 0x9C, "MEDIA/MODELS/A/A.SKELETON": 0x9C, "MEDIA/UNITS/ITEMS/SWORD.DAT": 0x9C}},
	} {
		out := filepath.Join(t.TempDir(), "OUT.MOD")
		if _, err := Pack(context.Background(), dir, Options{Output: out, Level: c.level}); err != nil {
			t.Fatal(err)
		}
		r := openMod(t, out)
		for name, flg := range c.want {
			e, ok := r.Lookup(name)
			if !ok {
				t.Fatalf("level %d: no %s", c.level, name)
			}
			if got := zlibFLG(t, r, e); got != flg {
				t.Errorf("level %d: %s has zlib FLG %02X, want %02X", c.level, name, got, flg)
			}
		}
		if fs, err := r.Verify(context.Background(), nil); err != nil {
			t.Fatal(err)
		} else {
			for _, f := range fs {
				if f.Severity != mod.SevInfo {
					t.Errorf("level %d: verify: %+v", c.level, f)
				}
			}
		}
	}
}

// zlibFLG is the second byte of an entry's zlib stream.
func zlibFLG(t *testing.T, r *mod.Reader, e *mod.Entry) byte {
	t.Helper()
	_, sr, err := r.RawBlock(e)
	if err != nil {
		t.Fatal(err)
	}
	var head [2]byte
	if _, err := sr.ReadAt(head[:], 0); err != nil || head[0] != 0x78 {
		t.Fatalf("%s: zlib head % X (%v)", e.Path, head, err)
	}
	return head[1]
}
