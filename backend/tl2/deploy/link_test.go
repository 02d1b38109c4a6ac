package deploy

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"packsmith/backend/tl2/loadorder/loadordertest"
	"packsmith/backend/workspace/backups"
	"packsmith/internal/hermetic"
)

// A deploy links the packed .MOD into the mods folder instead of copying
// it (not on Windows), and keeps the build it replaces by linking it into
// the backups: no byte is copied, and each name keeps its bytes when the
// packer renames a new build over its output.
func TestDeployLinksAndKeepsBytes(t *testing.T) {
	hermetic.OwnCache(t)
	work, mods := t.TempDir(), filepath.Join(t.TempDir(), "mods")
	os.Mkdir(mods, 0o755)
	out := filepath.Join(work, "LINKME.MOD")
	build := func(version uint16, files ...string) []byte {
		// As the packer writes its output: a new file renamed over it.
		tmp := out + ".new"
		if err := loadordertest.WriteMod(tmp, loadordertest.Spec{Title: "Link Me", Version: version, ID: 778, Files: files}); err != nil {
			t.Fatal(err)
		}
		if err := os.Rename(tmp, out); err != nil {
			t.Fatal(err)
		}
		b, _ := os.ReadFile(out)
		return b
	}
	ctx := context.Background()
	target := filepath.Join(mods, "LINKME.MOD")
	b1 := build(1, "MEDIA/A.DAT")
	if _, err := Mod(ctx, out, 778, mods, false); err != nil {
		t.Fatal(err)
	}
	st1, _ := os.Stat(target)
	so, _ := os.Stat(out)
	if linked := os.SameFile(st1, so); linked != (runtime.GOOS != "windows") {
		t.Fatalf("deployed .MOD is the output itself: %v", linked)
	}
	b2 := build(2, "MEDIA/A.DAT", "MEDIA/B.DAT")
	if got, _ := os.ReadFile(target); !bytes.Equal(got, b1) {
		t.Fatal("a new build at the output changed the deployed copy")
	}
	r, err := Mod(ctx, out, 778, mods, false)
	if err != nil || r.Previous == nil {
		t.Fatalf("second deploy: %+v %v", r, err)
	}
	if got, _ := os.ReadFile(target); !bytes.Equal(got, b2) {
		t.Fatal("the second build is not deployed")
	}
	list, _ := backups.Default().List()
	if len(list) != 1 {
		t.Fatalf("backups %+v", list)
	}
	if got, _ := os.ReadFile(list[0].Path); !bytes.Equal(got, b1) {
		t.Fatal("the kept copy is not the first build")
	}
	if _, err := backups.Default().Get(list[0].ID); err != nil {
		t.Fatalf("the kept copy does not check: %v", err)
	}
	sb, _ := os.Stat(list[0].Path)
	if linked := os.SameFile(st1, sb); !linked {
		t.Fatal("the previous build was copied into the backups, not linked")
	}
	if ents, _ := os.ReadDir(mods); len(ents) != 1 {
		t.Fatalf("mods folder holds %d files, want only the .MOD", len(ents))
	}
}

// sameBytes tells builds of one size apart by any byte: in the last
// megabyte (read first), or before it.
func TestSameBytesAnyByte(t *testing.T) {
	dir := t.TempDir()
	a := make([]byte, 3<<20)
	for i := range a {
		a[i] = byte(i * 13)
	}
	pa := filepath.Join(dir, "a")
	os.WriteFile(pa, a, 0o644)
	for _, at := range []int{0, 1 << 20, len(a) - (1 << 20) - 1, len(a) - (1 << 20), len(a) - 1} {
		b := bytes.Clone(a)
		b[at] ^= 1
		pb := filepath.Join(dir, "b")
		os.WriteFile(pb, b, 0o644)
		if same, err := sameBytes(pa, pb); err != nil || same {
			t.Errorf("byte %d differs: same %v, %v", at, same, err)
		}
	}
	pc := filepath.Join(dir, "c")
	os.WriteFile(pc, a, 0o644)
	if same, err := sameBytes(pa, pc); err != nil || !same {
		t.Errorf("same bytes: %v %v", same, err)
	}
	small := filepath.Join(dir, "s")
	os.WriteFile(small, []byte("xy"), 0o644)
	if same, err := sameBytes(small, small); err != nil || !same {
		t.Errorf("a small file against itself: %v %v", same, err)
	}
}
