package render

import (
	"io/fs"
	"path/filepath"
	"strings"
	"testing"

	"packsmith/backend/archive"
	_ "packsmith/backend/drivers/tl2drv"
	"packsmith/backend/view/preview"
	"packsmith/internal/testfixtures"
)

// TestFixtureArchives shows every entry of the real .MOD files the way the
// window does: each texture renders, each compiled entry decompiles, and
// nothing GUTS compiled falls back to hex.
func TestFixtureArchives(t *testing.T) {
	dir := testfixtures.Dir(t, "tl2")
	var mods []string
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.EqualFold(filepath.Ext(p), ".mod") {
			mods = append(mods, p)
		}
		return nil
	})
	testfixtures.AtLeast(t, len(mods), 2, ".MOD files")
	for _, m := range mods {
		a, err := archive.Open(m, archive.OpenOptions{})
		if err != nil {
			t.Fatal(err)
		}
		counts := map[string]int{}
		for _, e := range a.Entries() {
			d, err := preview.Describe(a, e)
			if err != nil {
				t.Errorf("%v", err)
				continue
			}
			switch {
			case d.Views[0] == preview.ViewImage:
				var meta preview.ImageMeta
				if _, meta, err = preview.RenderImage(a, e, preview.Options{}); warningOf(meta) != "" {
					t.Errorf("%s: %v", e.Path, warningOf(meta))
				}
			case d.Renderer != "":
				_, err = preview.RenderText(a, e)
			}
			if err != nil {
				t.Errorf("%v", err)
			}
			if (e.Kind == KindBINDAT || e.Kind == KindBINLAYOUT || e.Kind == KindRAW || e.Kind == "texture") && d.Renderer == "" {
				t.Errorf("%s: %s entry has no renderer", e.Path, e.Kind)
			}
			counts[d.Renderer+"/"+string(d.Views[0])]++
		}
		a.Close()
		t.Logf("%s: %v", filepath.Base(m), counts)
	}
}
