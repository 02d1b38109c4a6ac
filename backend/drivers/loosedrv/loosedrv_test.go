package loosedrv

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"

	"packsmith/backend/archive"
)

func TestLooseFiles(t *testing.T) {
	dir := t.TempDir()
	cases := []struct {
		name, data, entry, kind string
	}{
		{"MEDIA/LAYOUTS/X/ROOM.MPP", "grid", "MEDIA/LAYOUTS/X/ROOM.MPP", "walkgrid"},
		{"tex.bin", "DDS \x7c\x00\x00\x00", "tex.bin", "binary"}, // by its magic
		{"modlauncher.sch", "\xff\xfe[\x00", "modlauncher.sch", "text"},
		{"UNITDATA.RAW", "\x01\x00", "UNITDATA.RAW", "RAW"},
		{"icon.png", "\x89PNG\r\n", "icon.png", "image"},
	}
	for _, c := range cases {
		p := filepath.Join(dir, filepath.FromSlash(c.name))
		os.MkdirAll(filepath.Dir(p), 0o755)
		os.WriteFile(p, []byte(c.data), 0o644)
		a, err := archive.Open(p, archive.OpenOptions{})
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		es := a.Entries()
		if a.Family() != "file" || len(es) != 1 || es[0].Path != c.entry || es[0].Kind != c.kind || es[0].Size != int64(len(c.data)) {
			t.Fatalf("%s: %s %+v", c.name, a.Family(), es)
		}
		rc, err := a.Open(c.entry)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(rc)
		rc.Close()
		if string(b) != c.data {
			t.Fatalf("%s: read %q", c.name, b)
		}
		if _, err := a.Open("other"); !errors.Is(err, archive.ErrNotFound) {
			t.Fatalf("%s: Open(other): %v", c.name, err)
		}
	}
	// Binary files, and files named like an archive no family takes, are
	// still refused.
	for _, n := range []string{"random.bin", "broken.zip", "go.mod"} {
		p := filepath.Join(dir, n)
		os.WriteFile(p, []byte{1, 2, 3, 0, 0, 9}, 0o644)
		if _, err := archive.Open(p, archive.OpenOptions{}); !errors.Is(err, archive.ErrUnknownFormat) {
			t.Errorf("%s: %v", n, err)
		}
	}
}

func TestEntryName(t *testing.T) {
	for in, want := range map[string]string{
		"/x/mod/MEDIA/UI/A.LAYOUT":  "MEDIA/UI/A.LAYOUT",
		`C:\mods\Media\ui\b.layout`: "Media/ui/b.layout",
		"MEDIA/SKILLS.RAW":          "MEDIA/SKILLS.RAW",
		"/home/u/ROOM.MPP":          "ROOM.MPP",
	} {
		if got := EntryName(in); got != want {
			t.Errorf("EntryName(%q) = %q, want %q", in, got, want)
		}
	}
}
