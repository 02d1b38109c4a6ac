package convert

import (
	"bytes"
	"context"
	"errors"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"packsmith/backend/archive"
	_ "packsmith/backend/drivers/all"
	"packsmith/backend/drivers/drivertest"
	"packsmith/backend/export/extract"
	"packsmith/backend/view/preview"
	"packsmith/backend/view/render"
	"packsmith/formats/tl2/mpp"
)

const demoMod = "../../../testdata/demo/PACKSMITH_SAMPLE.MOD"

func entryBytes(t *testing.T, arch, entry string) []byte {
	t.Helper()
	a, err := archive.Open(arch, archive.OpenOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	rc, err := a.Open(entry)
	if err != nil {
		t.Fatal(err)
	}
	defer rc.Close()
	b, _ := io.ReadAll(rc)
	return b
}

// GUTS's output folders hold X.DAT.BINDAT beside the X.DAT source: the
// export names the text X.DAT, and the text source beside it makes the
// two the same file, which is refused before anything is written.
func TestDecompiledNamesAndCollision(t *testing.T) {
	bin := entryBytes(t, demoMod, "MEDIA/UNITS/ITEMS/SAMPLE/SAMPLE_SWORD.DAT")
	a := drivertest.NewMem("out.zip", map[string][]byte{
		"MEDIA/X.DAT.BINDAT": bin,
		"MEDIA/NOTES.TXT":    []byte("hello"),
	})
	dir := t.TempDir()
	res, err := extract.Extract(context.Background(), a, dir, nil, nil, ExtractOptions(Options{Decompile: true}))
	if err != nil {
		t.Fatal(err)
	}
	if res.Converted != 1 || res.Files != 2 {
		t.Fatalf("%+v", res)
	}
	got, err := os.ReadFile(filepath.Join(dir, "MEDIA", "X.DAT"))
	if err != nil {
		t.Fatal(err)
	}
	want, err := render.Decompile(render.KindBINDAT, "MEDIA/X.DAT.BINDAT", bin)
	if err != nil || !bytes.Equal(got, want) {
		t.Fatalf("X.DAT differs from the decompiled BINDAT (%v)", err)
	}
	if _, err := os.Stat(filepath.Join(dir, "MEDIA", "X.DAT.BINDAT")); err == nil {
		t.Fatal("the binary was written too")
	}

	b := drivertest.NewMem("out.zip", map[string][]byte{"X.DAT.BINDAT": bin, "X.DAT": []byte("[ITEM]\r\n[/ITEM]\r\n")})
	dir = t.TempDir()
	_, err = extract.Extract(context.Background(), b, dir, nil, nil, ExtractOptions(Options{Decompile: true}))
	if err == nil || !strings.Contains(err.Error(), "would be the same file") {
		t.Fatalf("collision: %v", err)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 0 {
		t.Fatalf("refused extract left %d files", len(ents))
	}
}

// A damaged BINDAT is written as it is, with the reason.
func TestDamagedKeptAsItIs(t *testing.T) {
	bin := entryBytes(t, demoMod, "MEDIA/UNITS/ITEMS/SAMPLE/SAMPLE_SWORD.DAT")
	cut := bin[:len(bin)/2]
	a := drivertest.NewMem("m.zip", map[string][]byte{"A.DAT": cut})
	dir := t.TempDir()
	res, err := extract.Extract(context.Background(), a, dir, nil, nil, ExtractOptions(Options{Decompile: true}))
	if err != nil {
		t.Fatal(err)
	}
	if res.Converted != 0 || len(res.Kept) != 1 || res.Kept[0].Entry != "A.DAT" || !strings.HasPrefix(res.Kept[0].Why, "not decompiled: BINDAT") {
		t.Fatalf("%+v", res)
	}
	if got, _ := os.ReadFile(filepath.Join(dir, "A.DAT")); !bytes.Equal(got, cut) {
		t.Fatal("kept entry differs from its bytes")
	}
}

func TestSavePreview(t *testing.T) {
	a, err := archive.Open(demoMod, archive.OpenOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	e, _ := archive.Find(a, "MEDIA/LAYOUTS/SAMPLE_LEVEL/SAMPLE_ROOM.MPP")
	dir := t.TempDir()
	target := filepath.Join(dir, "room.png")
	s, err := SavePreview(context.Background(), a, e, ViewImage, preview.Options{View: map[string]string{"scale": "4"}}, target, false)
	if err != nil || s.Exists || s.Bytes == 0 {
		t.Fatalf("%+v %v", s, err)
	}
	f, _ := os.Open(target)
	img, err := png.Decode(f)
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	g := entryBytes(t, demoMod, e.Path)
	grid, err := mpp.Decode(g)
	if err != nil {
		t.Fatal(err)
	}
	if b := img.Bounds(); b.Dx() != 4*grid.Width || b.Dy() != 4*grid.Height {
		t.Fatalf("scale 4 picture is %v for a %d×%d grid", b, grid.Width, grid.Height)
	}

	// The file is there now: nothing is written without overwrite.
	os.WriteFile(target, []byte("mine"), 0o644)
	s, err = SavePreview(context.Background(), a, e, ViewHex, preview.Options{}, target, false)
	if err != nil || !s.Exists || s.Bytes != 0 {
		t.Fatalf("%+v %v", s, err)
	}
	if b, _ := os.ReadFile(target); string(b) != "mine" {
		t.Fatal("replaced without overwrite")
	}
	s, err = SavePreview(context.Background(), a, e, ViewHex, preview.Options{}, target, true)
	if err != nil || s.Exists || s.Bytes != 1224 {
		t.Fatalf("%+v %v", s, err)
	}
	if b, _ := os.ReadFile(target); !bytes.Equal(b, g) {
		t.Fatal("hex view did not save the entry's bytes")
	}

	// The text view of a BINDAT is the decompiled source, UTF-16LE with BOM.
	d, _ := archive.Find(a, "MEDIA/UNITS/ITEMS/SAMPLE/SAMPLE_SWORD.DAT")
	b, name, err := PreviewBytes(a, d, ViewText, preview.Options{})
	want, _ := render.Decompile(render.KindBINDAT, d.Path, entryBytes(t, demoMod, d.Path))
	if err != nil || name != "SAMPLE_SWORD.DAT" || !bytes.Equal(b, want) || !bytes.HasPrefix(b, []byte{0xFF, 0xFE}) {
		t.Fatalf("text view: %q %v", name, err)
	}
	// A walk grid has no text view.
	if _, _, err := PreviewBytes(a, e, ViewText, preview.Options{}); !errors.Is(err, ErrNoView) {
		t.Fatalf("grid as text: %v", err)
	}
}

// A kept entry (not converted) lands under its own name, which is checked
// like the others: an existing file there is refused, then replaced with
// Overwrite.
func TestKeptEntryChecksItsOwnName(t *testing.T) {
	bin := entryBytes(t, demoMod, "MEDIA/UNITS/ITEMS/SAMPLE/SAMPLE_SWORD.DAT")
	a := drivertest.NewMem("m.zip", map[string][]byte{"A.DAT": bin[:len(bin)/2], "B.DAT": bin})
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "A.DAT"), []byte("mine"), 0o644)
	_, err := extract.Extract(context.Background(), a, dir, nil, nil, ExtractOptions(Options{Decompile: true}))
	if err == nil || !strings.Contains(err.Error(), "A.DAT already exists") {
		t.Fatalf("kept entry over an existing file: %v", err)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "A.DAT")); string(b) != "mine" {
		t.Fatal("the existing file was replaced")
	}
	if _, err := os.Stat(filepath.Join(dir, "B.DAT")); err == nil {
		t.Fatal("the refused extract wrote B.DAT")
	}
	res, err := extract.Extract(context.Background(), a, dir, nil, nil, ExtractOptions(Options{Decompile: true, Overwrite: true}))
	if err != nil || res.Replaced != 1 || res.Converted != 1 || len(res.Kept) != 1 {
		t.Fatalf("%+v %v", res, err)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "A.DAT")); !bytes.Equal(b, bin[:len(bin)/2]) {
		t.Fatal("the kept entry was not written")
	}
}
