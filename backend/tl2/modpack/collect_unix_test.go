//go:build unix

package modpack

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// Links are followed as os.Stat follows them; a dangling one stops the
// walk with the same error, the first in walk order; a FIFO is not a
// regular file; an unreadable folder stops the walk where WalkDir did.
func TestCollectMatchesSerialWalkLinks(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, "MEDIA/a/target.dat", "MEDIA/d/sub/x.dat", "outside/o.dds")
	m := filepath.Join(dir, "MEDIA")
	link := func(target, name string) {
		if err := os.Symlink(target, filepath.Join(m, name)); err != nil {
			t.Skip(err)
		}
	}
	link(filepath.Join(m, "a", "target.dat"), "a/link.dat")
	link(filepath.Join(m, "d"), "dirlink")
	link(filepath.Join(dir, "outside", "o.dds"), "d/out.dds")
	link(filepath.Join(dir, "outside"), "d/outdir")
	if err := syscall.Mkfifo(filepath.Join(m, "a", "pipe.dat"), 0o644); err != nil {
		t.Log("no FIFO:", err)
	}
	c := sameCollection(t, "links", dir)
	if len(c.files) != 4 {
		t.Errorf("files %d", len(c.files))
	}

	link(filepath.Join(m, "nowhere"), "d/sub/zz_dangling.dat")
	link(filepath.Join(m, "nowhere2"), "e_dangling.dat")
	sameCollection(t, "dangling links", dir)

	if os.Geteuid() == 0 {
		t.Log("running as root: an unreadable folder cannot be made")
		return
	}
	os.Remove(filepath.Join(m, "e_dangling.dat"))
	os.Remove(filepath.Join(m, "d", "sub", "zz_dangling.dat"))
	locked := filepath.Join(m, "b_locked")
	os.Mkdir(locked, 0o755)
	os.WriteFile(filepath.Join(locked, "x.dat"), nil, 0o644)
	os.Chmod(locked, 0)
	defer os.Chmod(locked, 0o755)
	sameCollection(t, "unreadable folder", dir)
}
