package tl2corpus

import (
	"bytes"
	"crypto/sha256"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"packsmith/formats/tl2/dattext"
)

// TestRealShapeDeterministic: the same shape and seed give the same files,
// byte for byte (a benchmark's before and after measure one corpus), and
// the counts are the shape's.
func TestRealShapeDeterministic(t *testing.T) {
	s := RealShape.Scaled(100)
	sum := func() (string, map[string]int) {
		dir := t.TempDir()
		if _, err := Write(dir, s, 47); err != nil {
			t.Fatal(err)
		}
		h := sha256.New()
		exts := map[string]int{}
		filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			b, _ := os.ReadFile(p)
			rel, _ := filepath.Rel(dir, p)
			h.Write([]byte(rel))
			h.Write(b)
			exts[strings.ToUpper(filepath.Ext(p))]++
			return nil
		})
		return string(h.Sum(nil)), exts
	}
	a, exts := sum()
	b, _ := sum()
	if a != b {
		t.Fatal("two runs with one seed wrote different corpora")
	}
	want := map[string]int{".DAT": s.Units + s.Skills + s.Affixes + s.Spawns + s.Misc,
		".LAYOUT": s.SkillLayouts + s.Particles + s.Missiles + s.Levels + s.Menus, ".SKELETON": s.Skeletons, ".DDS": s.Textures}
	for ext, n := range want {
		if exts[ext] != n {
			t.Errorf("%s: %d files, want %d", ext, exts[ext], n)
		}
	}
}

// TestWriteRealShape writes the full shape into PACKSMITH_CORPUS_OUT (a
// benchmark corpus generated once and reused); skipped without it.
func TestWriteRealShape(t *testing.T) {
	dir := os.Getenv("PACKSMITH_CORPUS_OUT")
	if dir == "" {
		t.Skip("set PACKSMITH_CORPUS_OUT")
	}
	os.MkdirAll(dir, 0o755)
	modDat := "[MOD]\r\n\t<STRING>NAME:Real shape\r\n\t<INTEGER64>MOD_ID:1234567\r\n\t<INTEGER>VERSION:2\r\n[/MOD]\r\n"
	if err := os.WriteFile(filepath.Join(dir, "MOD.DAT"), dattext.EncodeText(modDat, dattext.UTF16LEBOM), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Write(dir, RealShape, 47); err != nil {
		t.Fatal(err)
	}
}

// The corpus's own UTF-16 writer gives dattext's bytes (BOM, surrogate
// pairs, CRLF kept), so a source reads back as the game's tools saved it.
func TestUTF16LEBOMIsDattexts(t *testing.T) {
	for _, s := range []string{"", "[UNIT]\r\n<STRING>NAME:Été 𝄞\r\n[/UNIT]\r\n"} {
		if got, want := UTF16LEBOM(s), dattext.EncodeText(s, dattext.UTF16LEBOM); !bytes.Equal(got, want) {
			t.Errorf("%q: % x\nwant % x", s, got, want)
		}
	}
}
