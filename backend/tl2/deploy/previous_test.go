package deploy

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"

	"packsmith/backend/tl2/loadorder/loadordertest"
	"packsmith/backend/workspace/backups"
	"packsmith/internal/hermetic"
)

// Deploying a second build of a mod keeps the first in the backups (not in
// the mods folder), listed with its version; restoring it puts its bytes
// back. The same build deployed again makes no copy.
func TestDeployKeepsThePreviousBuild(t *testing.T) {
	hermetic.OwnCache(t)
	work, mods := t.TempDir(), filepath.Join(t.TempDir(), "mods")
	os.Mkdir(mods, 0o755)
	build := func(dir string, version uint16, files ...string) (string, []byte) {
		p := filepath.Join(work, dir, "KEEPME.MOD")
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := loadordertest.WriteMod(p, loadordertest.Spec{Title: "Keep Me", Version: version, ID: 777, Files: files}); err != nil {
			t.Fatal(err)
		}
		b, _ := os.ReadFile(p)
		return p, b
	}
	p1, b1 := build("one", 1, "MEDIA/A.DAT")
	p2, b2 := build("two", 2, "MEDIA/A.DAT", "MEDIA/B.DAT")
	ctx := context.Background()
	if r, err := Mod(ctx, p1, 777, mods, false); err != nil || r.Previous != nil {
		t.Fatalf("first deploy: %+v %v", r, err)
	}
	r, err := Mod(ctx, p2, 777, mods, false)
	if err != nil || r.Previous == nil || r.Previous.BackupID == "" {
		t.Fatalf("second deploy: %+v %v", r, err)
	}
	target := filepath.Join(mods, "KEEPME.MOD")
	if got, _ := os.ReadFile(target); !bytes.Equal(got, b2) {
		t.Fatal("the second build is not deployed")
	}
	if ents, _ := os.ReadDir(mods); len(ents) != 1 {
		t.Fatalf("mods folder holds %d files, want only the .MOD", len(ents))
	}
	store := backups.Default()
	list, _ := store.List()
	if len(list) != 1 || list[0].ID != r.Previous.BackupID || list[0].Kind != backups.KindMod || list[0].Of != target ||
		list[0].Size != int64(len(b1)) || list[0].Build == nil || list[0].Build.Version != 1 || list[0].Build.ModID != 777 || list[0].Build.Title != "Keep Me" {
		t.Fatalf("backups %+v", list)
	}
	if got, _ := os.ReadFile(list[0].Path); !bytes.Equal(got, b1) {
		t.Fatal("the kept copy is not the first build")
	}
	// The same build again: nothing new to keep.
	if r, err := Mod(ctx, p2, 777, mods, false); err != nil || r.Previous != nil {
		t.Fatalf("same build again: %+v %v", r, err)
	}
	res, err := store.Restore(ctx, list[0].ID)
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(target); !bytes.Equal(got, b1) {
		t.Fatal("restore did not put the first build back")
	}
	if res.Backup == nil || res.Backup.Build == nil || res.Backup.Build.Version != 2 {
		t.Fatalf("the replaced build's copy: %+v", res.Backup)
	}
	if got, _ := os.ReadFile(res.Backup.Path); !bytes.Equal(got, b2) {
		t.Fatal("restore did not keep the build it replaced")
	}
}

// BenchmarkKeepPrevious is the cost a deploy adds to keep the build it
// replaces: a 100 MB build copied into the backups (another size: no
// byte compare), and the same bytes deployed again (a full compare, no copy).
func BenchmarkKeepPrevious(b *testing.B) {
	dir := b.TempDir()
	store := &backups.Store{Dir: filepath.Join(dir, "backups"), KeyFile: filepath.Join(dir, "key"), Keep: 2}
	big := make([]byte, 100<<20)
	for i := range big {
		big[i] = byte(i * 7)
	}
	src, target := filepath.Join(dir, "new.MOD"), filepath.Join(dir, "mods", "old.MOD")
	os.MkdirAll(filepath.Dir(target), 0o755)
	os.WriteFile(src, big, 0o644)
	os.WriteFile(target, big[:len(big)-1], 0o644)
	b.Run("copy", func(b *testing.B) {
		b.SetBytes(int64(len(big)))
		for b.Loop() {
			if e, err := keepPrevious(store, src, target, filepath.Dir(target)); err != nil || e == nil {
				b.Fatal(e, err)
			}
		}
	})
	os.WriteFile(target, big, 0o644)
	b.Run("same", func(b *testing.B) {
		b.SetBytes(int64(len(big)))
		for b.Loop() {
			if e, err := keepPrevious(store, src, target, filepath.Dir(target)); err != nil || e != nil {
				b.Fatal(e, err)
			}
		}
	})
}
