package backups

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"packsmith/formats/tl2/mod"
)

// An archive backup (an in-place edit) of any family goes back byte for
// byte to its file and keeps what it replaces; one that is a .MOD carries
// its header's build. The seal checks still hold: an archive record may
// not go back to a modlauncher.sch or MOD.DAT (their kinds check what they
// hold), and a .MOD archive copy must still open as a .MOD.
func TestArchiveKind(t *testing.T) {
	s := &Store{Dir: t.TempDir(), KeyFile: filepath.Join(t.TempDir(), "key")}
	work := t.TempDir()
	zp := filepath.Join(work, "demo.zip")
	os.WriteFile(zp, []byte("PK old zip bytes"), 0o644)
	e, err := s.Copy(zp, Options{Kind: KindArchive, Why: "before an in-place edit"})
	if err != nil || e.Build != nil {
		t.Fatal(e, err)
	}
	os.WriteFile(zp, []byte("PK new"), 0o644)
	r, err := s.Restore(context.Background(), e.ID)
	if err != nil {
		t.Fatal(err)
	}
	fileIs(t, zp, []byte("PK old zip bytes"))
	fileIs(t, r.Backup.Path, []byte("PK new"))
	if r.Backup.Kind != KindArchive {
		t.Errorf("the replaced copy's kind %q", r.Backup.Kind)
	}
	if got := lockFor(KindArchive, zp); got != zp {
		t.Errorf("lock %q, want the archive itself", got)
	}

	mp := filepath.Join(work, "mods", "A.MOD")
	os.MkdirAll(filepath.Dir(mp), 0o755)
	if err := writeMod(mp, &mod.Header{Title: "A mod", ModVersion: 3, ModID: 99, GameVersion: mod.GameVersion{1, 25, 5, 6}}, "MEDIA/X.DAT"); err != nil {
		t.Fatal(err)
	}
	m, err := s.Copy(mp, Options{Kind: KindArchive})
	if err != nil || m.Build == nil || *m.Build != (Build{Title: "A mod", ModID: 99, Version: 3}) {
		t.Fatalf("build of a .MOD copy: %+v %v", m, err)
	}
	list, _ := s.List()
	if len(list) != 3 || list[0].Build == nil || list[0].Build.ModID != 99 {
		t.Fatalf("listed %+v", list)
	}
	// A .MOD-named file that is no .MOD is not restored as an archive.
	os.WriteFile(mp, []byte("not a mod"), 0o644)
	bad, err := s.Copy(mp, Options{Kind: KindArchive})
	if err != nil {
		t.Fatal(err)
	}
	mustRefuse(t, s, bad.ID, "the copy is not a .MOD")

	// The load order and MOD.DAT are not archives.
	for _, name := range []string{"modlauncher.sch", "MOD.DAT"} {
		p := filepath.Join(work, name)
		os.WriteFile(p, []byte("anything"), 0o644)
		e, err := s.Copy(p, Options{Kind: KindArchive})
		if err != nil {
			t.Fatal(err)
		}
		mustRefuse(t, s, e.ID, "does not go back to a "+name)
		fileIs(t, p, []byte("anything"))
	}
}

// Usage adds up the copies, not their records.
func TestUsage(t *testing.T) {
	s := &Store{Dir: t.TempDir(), KeyFile: filepath.Join(t.TempDir(), "key"), Keep: 2}
	if u, err := s.Usage(); err != nil || u != (Usage{}) {
		t.Fatalf("empty store: %+v %v", u, err)
	}
	p := filepath.Join(t.TempDir(), "f.bin")
	for _, n := range []int{10, 20, 30} {
		os.WriteFile(p, make([]byte, n), 0o644)
		if _, err := s.Copy(p, Options{}); err != nil {
			t.Fatal(err)
		}
	}
	if u, err := s.Usage(); err != nil || u != (Usage{Copies: 2, Bytes: 50}) {
		t.Fatalf("usage %+v %v, want the last two copies: 2, 50 bytes", u, err)
	}
	// The setting lowered: the oldest go at once.
	s.Keep = 1
	if err := s.PruneAll(); err != nil {
		t.Fatal(err)
	}
	if u, _ := s.Usage(); u != (Usage{Copies: 1, Bytes: 30}) {
		t.Fatalf("after PruneAll with Keep 1: %+v, want the newest copy only", u)
	}
}

// writeMod writes a .MOD holding one small file with the real writer
// (formats/tl2/mod). tl2/loadorder/loadordertest does this for tests above
// tl2; workspace sits below tl2 (backend/doc.go), so its tests write their
// own.
func writeMod(path string, h *mod.Header, name string) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w, err := mod.NewWriter(f, h, &mod.WriterOptions{Workers: 1, Level: 1})
	if err != nil {
		f.Close()
		return err
	}
	if err := w.AddBytes(mod.FileHeader{Name: name}, []byte(name+"\r\n")); err != nil {
		w.Abort()
		f.Close()
		return err
	}
	if err := w.Close(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
