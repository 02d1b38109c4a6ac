package deploy

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"packsmith/backend/tl2/loadorder/loadordertest"
	"packsmith/formats/tl2/sch"
	"packsmith/internal/hermetic"
)

// A redeploy of a mod packed again under another MOD_ID (a mod folder
// without MOD_ID: each pack draws a new id) writes over the earlier build
// of the same title under the same name. The line of modlauncher.sch that
// named the earlier id must name the new one, in its place: a dead line
// left behind enables nothing, and the new build would not load. A mod of
// another title under the name keeps its line. With and without enable.
func TestRedeployReplacesTheSchLine(t *testing.T) {
	for _, enable := range []bool{false, true} {
		t.Run(fmt.Sprint("enable=", enable), func(t *testing.T) {
			hermetic.OwnCache(t)
			user := t.TempDir()
			mods := filepath.Join(user, "mods")
			os.Mkdir(mods, 0o755)
			work := t.TempDir()
			write := func(dir, title string, id int64) string {
				p := filepath.Join(work, dir, "REDO.MOD")
				os.MkdirAll(filepath.Dir(p), 0o755)
				if err := loadordertest.WriteMod(p, loadordertest.Spec{Title: title, Version: 1, ID: id, Files: []string{"MEDIA/" + dir + ".DAT"}}); err != nil {
					t.Fatal(err)
				}
				return p
			}
			schPath := filepath.Join(user, SchName)
			if err := os.WriteFile(schPath, sch.New([]int64{999, 111, 555}).Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
			ids := func() []int64 {
				b, err := os.ReadFile(schPath)
				if err != nil {
					t.Fatal(err)
				}
				f, err := sch.Parse(b)
				if err != nil {
					t.Fatal(err)
				}
				return f.IDs()
			}
			ctx := context.Background()
			if _, err := Mod(ctx, write("one", "Redo", 111), 111, mods, false); err != nil {
				t.Fatal(err)
			}
			if got := ids(); fmt.Sprint(got) != "[999 111 555]" {
				t.Fatalf("first deploy changed the list: %v", got)
			}
			r, err := Mod(ctx, write("two", "Redo", 222), 222, mods, enable)
			if err != nil {
				t.Fatal(err)
			}
			if got := ids(); fmt.Sprint(got) != "[999 222 555]" {
				t.Fatalf("after the redeploy the list is %v, want [999 222 555] (the line of 111 names 222, in its place)", got)
			}
			if r.SchReplaced == nil || *r.SchReplaced != (SchReplaced{OldID: 111, NewID: 222, Place: 2}) || !r.Enabled || r.SchPath != schPath {
				t.Fatalf("result: %+v replaced %+v", r, r.SchReplaced)
			}
			if len(r.Replaced) != 1 || r.Replaced[0].ModID != 111 || r.SchBackupID == "" {
				t.Fatalf("the earlier build or the list was not backed up: %+v", r)
			}
			// Another title under the same name: not an earlier build, its line stays.
			r, err = Mod(ctx, write("three", "Something Else", 333), 333, mods, false)
			if err != nil {
				t.Fatal(err)
			}
			if got := ids(); fmt.Sprint(got) != "[999 222 555]" || r.SchReplaced != nil {
				t.Fatalf("a different mod's line was taken: %v %+v", got, r.SchReplaced)
			}
		})
	}
}
