package modpack

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// collectTree writes n small files under dir/MEDIA in about n/30 folders
// two and three levels deep, shaped like a large mod's MEDIA/: mostly
// text sources and assets, with some of what collect drops (compiled
// leftovers, editor files, PNGs beside DDSs, system files, a hidden
// folder).
func collectTree(tb testing.TB, dir string, n int) {
	tb.Helper()
	tops := []string{"UNITS/ITEMS", "UNITS/MONSTERS", "SKILLS", "AFFIXES", "MODELS", "PARTICLES", "UI/MENUS", "SOUNDS"}
	exts := []string{".DAT", ".DAT", ".DAT", ".LAYOUT", ".DDS", ".MESH", ".OGG", ".dat", ".DAT.BINDAT", ".XML", ".png"}
	body := []byte("[X]\r\n[/X]\r\n")
	made := map[string]bool{}
	for i := 0; i < n; i++ {
		k := i / 30 // the folder
		d := filepath.Join(dir, "MEDIA", filepath.FromSlash(tops[k%len(tops)]), fmt.Sprintf("G%03d", k/len(tops)%40), fmt.Sprintf("S%d", k/len(tops)/40))
		if !made[d] {
			if err := os.MkdirAll(d, 0o755); err != nil {
				tb.Fatal(err)
			}
			made[d] = true
		}
		name := fmt.Sprintf("F%06d%s", i, exts[i%len(exts)])
		if i%997 == 0 {
			name = "Thumbs.db"
		}
		if err := os.WriteFile(filepath.Join(d, name), body, 0o644); err != nil {
			tb.Fatal(err)
		}
		if i%11 == 10 { // the DDS beside the .png
			os.WriteFile(filepath.Join(d, fmt.Sprintf("F%06d.DDS", i)), body, 0o644)
		}
	}
	os.MkdirAll(filepath.Join(dir, "MEDIA", ".svn", "x"), 0o755)
	os.WriteFile(filepath.Join(dir, "MEDIA", ".svn", "x", "y.DAT"), body, 0o644)
}

// BenchmarkCollect times the collect stage over a synthetic MEDIA/ of
// about 20,000 small files in 600 folders (30 a folder, as in
// the 33,000-source mod) (read from the page cache).
func BenchmarkCollect(b *testing.B) {
	dir := b.TempDir()
	collectTree(b, dir, 18000)
	never := func() bool { return false }
	c, err := collect(dir, never)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportMetric(float64(len(c.files)), "files")
	b.ResetTimer()
	for b.Loop() {
		if _, err := collect(dir, never); err != nil {
			b.Fatal(err)
		}
	}
}
