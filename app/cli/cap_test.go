package cli

import (
	"path/filepath"
	"strings"
	"testing"

	"packsmith/backend/tl2/loadorder/loadordertest"
)

// Twelve active mods: loadorder list says two are past the cap; check
// lists the over-limit error (and a duplicate MOD_ID) whatever mod it is
// asked about, and exits 1.
func TestOverTheCap(t *testing.T) {
	t.Setenv("PACKSMITH_CONFIG_DIR", t.TempDir())
	dir := t.TempDir()
	specs := loadordertest.Many(12, 1)
	var ids []int64
	for i, s := range specs {
		ids = append(ids, s.ID)
		// Sources the game can read: check counts one it cannot as an error.
		specs[i].Data = map[string][]byte{}
		for _, f := range s.Files {
			specs[i].Data[f] = []byte("[ITEM]\r\n<STRING>NAME:" + f + "\r\n[/ITEM]\r\n")
		}
	}
	specs = append(specs, loadordertest.Spec{Rel: "mods/COPY.MOD", Title: "Copy", ID: specs[3].ID, Files: []string{"MEDIA/C.DAT"}})
	if err := loadordertest.Write(dir, specs); err != nil {
		t.Fatal(err)
	}
	if err := loadordertest.WriteSch(filepath.Join(dir, "modlauncher.sch"), ids); err != nil {
		t.Fatal(err)
	}
	out, _, code := lo(t, dir, "list")
	if code != 0 || !strings.Contains(out, "over the cap: 12 mods are active and the game activates the first 10; the 2 below place 10 are not loaded") ||
		!strings.Contains(out, "packsmith combine --deploy") {
		t.Errorf("list: %d\n%s", code, out)
	}
	target := filepath.Join(dir, filepath.FromSlash(specs[0].Rel))
	out, errOut, code := run(t, "check", "--dir", dir, target)
	if code != 1 || !strings.Contains(out, "the load order (") ||
		!strings.Contains(out, "error 12 mods are active and the game activates 10 at most: 11. Bulk Mod 010, 12. Bulk Mod 011 are not loaded") ||
		!strings.Contains(out, "is carried by 2 files of the mods folder") || !strings.Contains(errOut, "2 errors") ||
		!strings.Contains(out, "combine them into one mod") {
		t.Errorf("check: %d\n%s\n%s", code, out, errOut)
	}
	// Combined, the twelve take one slot: the list is under the cap.
	out, errOut, code = run(t, "combine", "--dir", dir, "--deploy")
	if code != 0 || !strings.Contains(out, "one mod id instead of 12") || !strings.Contains(out, "packsmith profile use") {
		t.Fatalf("combine: %d\n%s\n%s", code, out, errOut)
	}
	out, _, code = lo(t, dir, "list")
	if code != 0 || strings.Contains(out, "over the cap") || !strings.Contains(out, "1 listed") {
		t.Errorf("list after combine: %d\n%s", code, out)
	}
}
