package mod

import (
	"bytes"
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"packsmith/internal/testfixtures"
)

func openFixture(t testing.TB, rel string) (*Reader, *os.File) {
	t.Helper()
	p := testfixtures.File(t, "tl2", rel)
	f, err := os.Open(p)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	st, _ := f.Stat()
	r, err := NewReader(f, st.Size(), nil)
	if err != nil {
		t.Fatalf("%s: %v", rel, err)
	}
	return r, f
}

func TestFixturesListAndVerify(t *testing.T) {
	for _, tc := range []struct {
		rel   string
		files int
	}{
		{"xover/EDITORMOD.MOD", 54},
		{"cyber_mod/EDITORMOD_at_90dcf2a.MOD", 277},
	} {
		t.Run(tc.rel, func(t *testing.T) {
			r, _ := openFixture(t, tc.rel)
			if len(r.Entries) != tc.files {
				t.Errorf("%d files, want %d", len(r.Entries), tc.files)
			}
			fs, err := r.Verify(context.Background(), nil)
			if err != nil {
				t.Fatal(err)
			}
			for _, f := range fs {
				t.Logf("%s %s %s: %s", f.Severity, f.Check, f.Entry, f.Message)
				if f.Severity != SevInfo {
					t.Errorf("finding on a clean fixture: %+v", f)
				}
			}
		})
	}
}

// diskIndex maps upper-cased relative paths under dir to real paths.
func diskIndex(t testing.TB, dir string) map[string]string {
	idx := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		idx[strings.ToUpper(filepath.ToSlash(rel))] = p
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return idx
}

// Every entry of the XOVER .MOD is a file GUTS left on disk: FOO.DAT holds
// FOO.DAT.BINDAT, FOO.LAYOUT holds FOO.LAYOUT.BINLAYOUT, the rest as is.
func TestXoverEntriesMatchDisk(t *testing.T) {
	r, _ := openFixture(t, "xover/EDITORMOD.MOD")
	idx := diskIndex(t, testfixtures.Dir(t, "tl2/xover"))
	matched := 0
	for i := range r.Entries {
		e := &r.Entries[i]
		got, err := r.ReadEntry(e, 0)
		if err != nil {
			t.Fatalf("%s: %v", e.Path, err)
		}
		var disk string
		for _, cand := range []string{e.Path + ".BINDAT", e.Path + ".BINLAYOUT", e.Path} {
			if p, ok := idx[cand]; ok {
				disk = p
				break
			}
		}
		if disk == "" {
			t.Errorf("%s: no file on disk", e.Path)
			continue
		}
		want, err := os.ReadFile(disk)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s: %d bytes differ from %s (%d bytes)", e.Path, len(got), disk, len(want))
			continue
		}
		matched++
	}
	if matched != 54 {
		t.Errorf("matched %d of 54 entries", matched)
	}
	t.Logf("%d entries byte-identical to their compiled siblings", matched)
}

func TestFixtureHeaders(t *testing.T) {
	r, _ := openFixture(t, "xover/EDITORMOD.MOD")
	h := r.Header
	if h.Version != 4 || h.ModVersion != 0 || h.GameVersion.String() != "1.25.5.6" ||
		h.ModID != -2318989449992446293 || h.Title != "EDITOR" || h.Description != "EDITOR CREATED MOD" {
		t.Errorf("header %+v", h)
	}
	if r.RollingHashStored != 0x3AB197A7 || r.MHash != 0x149CDE66 || r.DirRecords != 24 {
		t.Errorf("rolling 0x%X mhash 0x%X dirs %d", r.RollingHashStored, r.MHash, r.DirRecords)
	}
	if got, _ := r.RollingHash(); got != 0x3AB197A7 {
		t.Errorf("computed rollingHash 0x%X", got)
	}
	mb, _ := r.ManifestBytes()
	if s := FindMHashStep(mb, r.MHash); s != 20 {
		t.Errorf("mhash step %d, want 20", s)
	}
	r2, _ := openFixture(t, "cyber_mod/EDITORMOD_at_90dcf2a.MOD")
	if r2.Header.ModID >= 0 {
		t.Errorf("cyber mod id %d, want negative", r2.Header.ModID)
	}
}
