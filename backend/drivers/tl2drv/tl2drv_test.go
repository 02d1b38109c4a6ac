package tl2drv

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"packsmith/backend/archive"
	"packsmith/formats/tl2/mod"
	"packsmith/internal/testfixtures"
)

var fixtureMods = []struct {
	rel   string
	files int
}{
	{"xover/EDITORMOD.MOD", 54},
	{"cyber_mod/EDITORMOD_at_90dcf2a.MOD", 277},
}

func mustClean(t *testing.T, a archive.Archive) {
	t.Helper()
	fs, err := a.Capabilities().Verify(context.Background(), archive.NoProgress{})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range fs {
		if f.Severity != archive.SevInfo {
			t.Errorf("%s: %s %s %s: %s", a.Path(), f.Severity, f.Check, f.Entry, f.Message)
		}
	}
}

func TestFixturesOpenVerifyExtract(t *testing.T) {
	for _, fx := range fixtureMods {
		t.Run(fx.rel, func(t *testing.T) {
			p := testfixtures.File(t, "tl2", fx.rel)
			a, err := archive.Open(p, archive.OpenOptions{})
			if err != nil {
				t.Fatal(err)
			}
			defer a.Close()
			if a.Family() != "tl2-mod" || len(a.Entries()) != fx.files {
				t.Fatalf("family %s, %d entries", a.Family(), len(a.Entries()))
			}
			mustClean(t, a)
			var total int64
			for _, e := range a.Entries() {
				rc, err := a.Open(e.Path)
				if err != nil {
					t.Fatal(err)
				}
				n, err := io.Copy(io.Discard, rc)
				rc.Close()
				if err != nil || n != e.Size {
					t.Fatalf("%s: %d bytes, %v", e.Path, n, err)
				}
				total += n
			}
			t.Logf("%d entries, %d bytes extracted", len(a.Entries()), total)
			// Lookup is case-insensitive for people typing names.
			if rc, err := a.Open(strings.ToLower(a.Entries()[0].Path)); err != nil {
				t.Error(err)
			} else {
				rc.Close()
			}
			if _, err := a.Open("MEDIA/NOPE.DAT"); !errors.Is(err, archive.ErrNotFound) {
				t.Errorf("missing entry: %v", err)
			}
		})
	}
}

func TestInfoJSON(t *testing.T) {
	p := testfixtures.File(t, "tl2", "xover/EDITORMOD.MOD")
	a, err := archive.Open(p, archive.OpenOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	in := a.Capabilities().Info().(*Info)
	if in.Header.GameVersion != "1.25.5.6" || in.Header.ModID != -2318989449992446293 || in.Header.Title != "EDITOR" ||
		in.Hashes.RollingHashStored != "0x3AB197A7" || !in.Hashes.RollingHashOK || in.Hashes.MHashStep != 20 ||
		!in.Hashes.ReqHashOK || in.Manifest.Files != 54 || in.Manifest.DirectoryRecords != 24 {
		t.Errorf("info %+v %+v %+v", in.Header, in.Hashes, in.Manifest)
	}
	b, err := json.Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"modId":"-2318989449992446293"`, `"rollingHashComputed":"0x3AB197A7"`, `"gameVersion":"1.25.5.6"`, `"requiredMods":[]`} {
		if !bytes.Contains(b, []byte(want)) {
			t.Errorf("JSON lacks %s: %s", want, b)
		}
	}
	e := a.Entries()[0]
	if x, ok := e.Extra.(*EntryExtra); !ok || x.Type == "" || x.CRC32 == "" {
		t.Errorf("extra %v", e.Extra)
	}
}

func rewrite(t *testing.T, a archive.Archive, dst string, edits []archive.Edit) {
	t.Helper()
	st, err := a.Capabilities().Rewrite(context.Background(), dst, edits, archive.NoProgress{})
	if err != nil {
		t.Fatal(err)
	}
	if err := st.Commit(); err != nil {
		t.Fatal(err)
	}
}

func TestRepackFixturesByteIdentical(t *testing.T) {
	for _, fx := range fixtureMods {
		p := testfixtures.File(t, "tl2", fx.rel)
		a, err := archive.Open(p, archive.OpenOptions{})
		if err != nil {
			t.Fatal(err)
		}
		dst := filepath.Join(t.TempDir(), "OUT.MOD")
		rewrite(t, a, dst, nil)
		a.Close()
		want, _ := os.ReadFile(p)
		got, _ := os.ReadFile(dst)
		if !bytes.Equal(got, want) {
			t.Errorf("%s: repack is not byte-identical (%d vs %d bytes)", fx.rel, len(got), len(want))
		}
	}
}

func readAll(t *testing.T, a archive.Archive, p string) []byte {
	t.Helper()
	rc, err := a.Open(p)
	if err != nil {
		t.Fatal(err)
	}
	defer rc.Close()
	b, err := io.ReadAll(rc)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestEditsOnMod(t *testing.T) {
	p := testfixtures.File(t, "tl2", "xover/EDITORMOD.MOD")
	dir := t.TempDir()
	newDDS := filepath.Join(dir, "icon.dds")
	os.WriteFile(newDDS, bytes.Repeat([]byte("DDS new icon "), 500), 0o644)
	extra := filepath.Join(dir, "extra.dat")
	os.WriteFile(extra, []byte("compiled bytes"), 0o644)

	a, err := archive.Open(p, archive.OpenOptions{})
	if err != nil {
		t.Fatal(err)
	}
	orig := a.(*Archive).Reader().Header
	out := filepath.Join(dir, "EDITED.MOD")
	rewrite(t, a, out, []archive.Edit{
		{Op: archive.EditReplace, Path: "media/ui/icons/x_dodgeroll.dds", Source: newDDS},
		{Op: archive.EditAdd, Path: "media/units/new/extra.dat", Source: extra},
		{Op: archive.EditRemove, Path: "MEDIA/SOUNDS/XOVER_SOUNDS/MLEFFORT07.WAV"},
	})
	a.Close()

	b, err := archive.Open(out, archive.OpenOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	mustClean(t, b)
	if len(b.Entries()) != 54 {
		t.Errorf("%d entries, want 54", len(b.Entries()))
	}
	if got := readAll(t, b, "MEDIA/UI/ICONS/X_DODGEROLL.DDS"); !bytes.Equal(got, bytes.Repeat([]byte("DDS new icon "), 500)) {
		t.Error("replace did not take")
	}
	if got := readAll(t, b, "MEDIA/UNITS/NEW/EXTRA.DAT"); string(got) != "compiled bytes" {
		t.Error("add did not take (or the name was not upper-cased)")
	}
	if _, err := b.Open("MEDIA/SOUNDS/XOVER_SOUNDS/MLEFFORT07.WAV"); err == nil {
		t.Error("rm did not take")
	}
	h := b.(*Archive).Reader().Header
	if h.Title != orig.Title || h.ModID != orig.ModID || h.GameVersion != orig.GameVersion || h.ReqHash != orig.ReqHash {
		t.Error("header fields changed")
	}
	if e, _ := b.(*Archive).Reader().Lookup("MEDIA/UNITS/NEW/EXTRA.DAT"); e.Type != mod.TypeDAT {
		t.Errorf("added .DAT typed %v", e.Type)
	}

	// Errors: replacing a missing entry, adding an existing one.
	if _, err := b.Capabilities().Rewrite(context.Background(), filepath.Join(dir, "X.MOD"),
		[]archive.Edit{{Op: archive.EditReplace, Path: "MEDIA/NOPE", Source: extra}}, nil); !errors.Is(err, archive.ErrNotFound) {
		t.Errorf("replace of a missing entry: %v", err)
	}
	if _, err := b.Capabilities().Rewrite(context.Background(), filepath.Join(dir, "X.MOD"),
		[]archive.Edit{{Op: archive.EditAdd, Path: "MEDIA/UNITS/NEW/EXTRA.DAT", Source: extra}}, nil); err == nil {
		t.Error("adding an existing entry must fail")
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 3 {
		t.Errorf("temp files left behind: %v", ents)
	}
}

// makePak writes DATA.PAK + data.pak.man (sidecar in another case).
func makePak(t *testing.T, dir string) (string, map[string]string) {
	pak := filepath.Join(dir, "DATA.PAK")
	pf, _ := os.Create(pak)
	mf, _ := os.Create(filepath.Join(dir, "data.pak.man"))
	w, err := mod.NewPakWriter(pf, mf, nil)
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]string{
		"MEDIA/UNITS/ITEMS/SWORD.DAT": strings.Repeat("sword ", 100),
		"MEDIA/UI/LOGO.JPG":           "jpeg bytes",
		"MEDIA/LAYOUTS/A/A.LAYOUT":    "layout",
		"MEDIA/LAYOUTS/A/A.MPP":       strings.Repeat("\x00", 100),
	}
	for _, n := range []string{"MEDIA/UNITS/ITEMS/SWORD.DAT", "MEDIA/UI/LOGO.JPG", "MEDIA/LAYOUTS/A/A.LAYOUT", "MEDIA/LAYOUTS/A/A.MPP"} {
		if err := w.Add(mod.FileHeader{Name: n}, strings.NewReader(files[n])); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	pf.Close()
	mf.Close()
	return pak, files
}

func TestPakOpenEditInPlace(t *testing.T) {
	dir := t.TempDir()
	pak, files := makePak(t, dir)
	for _, open := range []string{pak, filepath.Join(dir, "data.pak.man")} {
		a, err := archive.Open(open, archive.OpenOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if a.Family() != "tl2-pak" || len(a.Entries()) != len(files) {
			t.Fatalf("%s: family %s, %d entries", open, a.Family(), len(a.Entries()))
		}
		for n, want := range files {
			if got := readAll(t, a, n); string(got) != want {
				t.Errorf("%s differs", n)
			}
		}
		mustClean(t, a)
		a.Close()
	}

	src := filepath.Join(dir, "new.dat")
	os.WriteFile(src, []byte("new sword"), 0o644)
	a, _ := archive.Open(pak, archive.OpenOptions{})
	st, err := a.Capabilities().Rewrite(context.Background(), pak, []archive.Edit{
		{Op: archive.EditReplace, Path: "MEDIA/UNITS/ITEMS/SWORD.DAT", Source: src},
		{Op: archive.EditRemove, Path: "MEDIA/UI/LOGO.JPG"},
		{Op: archive.EditAdd, Path: "MEDIA/UI/NEW.DAT", Source: src},
	}, nil)
	if err != nil {
		t.Fatal(err)
	}
	a.Close() // Windows cannot rename over an open file
	if err := st.Commit(); err != nil {
		t.Fatal(err)
	}
	ents, _ := os.ReadDir(dir)
	if len(ents) != 3 { // DATA.PAK, data.pak.man (same name kept), new.dat
		t.Errorf("folder holds %v", ents)
	}
	b, err := archive.Open(pak, archive.OpenOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	mustClean(t, b)
	if string(readAll(t, b, "MEDIA/UNITS/ITEMS/SWORD.DAT")) != "new sword" || string(readAll(t, b, "MEDIA/UI/NEW.DAT")) != "new sword" {
		t.Error("edits did not take")
	}
	if len(b.Entries()) != 4 {
		t.Errorf("%d entries", len(b.Entries()))
	}
}

func TestPakWithoutManifest(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "DATA.PAK")
	os.WriteFile(p, make([]byte, 16), 0o644)
	_, err := archive.Open(p, archive.OpenOptions{})
	if !errors.Is(err, ErrNoManifest) || !strings.Contains(err.Error(), ".MAN") {
		t.Errorf("got %v", err)
	}
}

func TestCorruptModsFailCleanly(t *testing.T) {
	p := testfixtures.File(t, "tl2", "xover/EDITORMOD.MOD")
	orig, _ := os.ReadFile(p)
	dir := t.TempDir()
	cases := map[string][]byte{
		"truncated-header.MOD":   orig[:40],
		"truncated-data.MOD":     orig[:len(orig)/2],
		"truncated-manifest.MOD": orig[:len(orig)-10],
		"empty.MOD":              {},
	}
	flip := append([]byte(nil), orig...)
	flip[0x66+4] ^= 0xFF // rollingHash
	cases["bad-rolling.MOD"] = flip
	flip2 := append([]byte(nil), orig...)
	flip2[0x200] ^= 0x55 // inside a zlib block
	cases["bad-block.MOD"] = flip2
	for name, b := range cases {
		fp := filepath.Join(dir, name)
		os.WriteFile(fp, b, 0o644)
		a, err := archive.Open(fp, archive.OpenOptions{})
		if err != nil {
			t.Logf("%s: %v", name, err)
			continue
		}
		fs, err := a.Capabilities().Verify(context.Background(), nil)
		errs := 0
		for _, f := range fs {
			if f.Severity == archive.SevError {
				errs++
				t.Logf("%s: %s %s: %s", name, f.Check, f.Entry, f.Message)
			}
		}
		if errs == 0 || err != nil {
			t.Errorf("%s: opened, %d errors found, %v", name, errs, err)
		}
		a.Close()
	}
}

func TestDetectByHeader(t *testing.T) {
	b, err := os.ReadFile(testfixtures.File(t, "tl2", "xover/EDITORMOD.MOD"))
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(t.TempDir(), "download.bin") // a .MOD saved under another name
	os.WriteFile(p, b, 0o644)
	a, err := archive.Open(p, archive.OpenOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	if a.Family() != "tl2-mod" {
		t.Errorf("family %s", a.Family())
	}
	if (ModDriver{}).Detect("x.bin", []byte("PK\x03\x04 not a mod at all, just some bytes")) {
		t.Error("a zip head detected as .MOD")
	}
}

func TestPakInfo(t *testing.T) {
	dir := t.TempDir()
	pak, _ := makePak(t, dir)
	a, err := archive.Open(pak, archive.OpenOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	in := a.Capabilities().Info().(*Info)
	if in.Header != nil || !in.Hashes.RollingHashOK || in.Manifest.Files != 4 || !strings.EqualFold(filepath.Base(in.ManifestPath), "DATA.PAK.MAN") {
		t.Errorf("%+v", in)
	}
}

// A damaged block met while repacking is reported as that block (its
// entry and head offset), although the writer copies in runs and the
// failure surfaces while later entries are written; nothing is left.
func TestRewriteNamesDamagedBlock(t *testing.T) {
	p := testfixtures.File(t, "tl2", "xover/EDITORMOD.MOD")
	orig, _ := os.ReadFile(p)
	a, err := archive.Open(p, archive.OpenOptions{})
	if err != nil {
		t.Fatal(err)
	}
	r := a.(*Archive).Reader()
	order := r.BlockOrder()
	bad := r.Entries[order[len(order)/2]]
	blk, err := r.BlockOf(&bad)
	if err != nil {
		t.Fatal(err)
	}
	last := r.Entries[order[len(order)-1]].Path
	a.Close()

	dir := t.TempDir()
	damaged := filepath.Join(dir, "DAMAGED.MOD")
	b := append([]byte(nil), orig...)
	b[blk.Offset] ^= 1 // the head's uncompressed size
	os.WriteFile(damaged, b, 0o644)
	d, err := archive.Open(damaged, archive.OpenOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	out := filepath.Join(dir, "OUT.MOD")
	_, err = d.Capabilities().Rewrite(context.Background(), out, []archive.Edit{{Op: archive.EditRemove, Path: last}}, archive.NoProgress{})
	var ee *archive.EntryError
	if !errors.As(err, &ee) || ee.Entry != bad.Path || ee.Offset != blk.Offset || ee.Archive != damaged || !errors.Is(err, mod.ErrFormat) {
		t.Fatalf("got %v (%#v), want an EntryError for %s at 0x%X", err, ee, bad.Path, blk.Offset)
	}
	want := fmt.Sprintf("%s: %s (offset 0x%X): mod: block holds %d bytes, manifest says %d", damaged, bad.Path, blk.Offset, bad.Size^1, bad.Size)
	if err.Error() != want {
		t.Fatalf("text %q\nwant %q", err, want)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 1 {
		t.Fatalf("left behind: %v", ents)
	}
}
