package modpack

// Mutation tests for the incremental cache's stat rule (sameStat): what
// may keep a file's recorded hash without reading it again. Sources are
// read again by a second size check (match), so the size half of the rule
// shows only on assets, whose hash and size come from the cache itself
// when the stat matches. These tests use only Pack, Options and the .MOD
// reader, so they hold whatever shape pack takes inside.

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"packsmith/formats/tl2/dattext"
)

const statTestModDat = "[MOD]\r\n\t<STRING>NAME:StatTest\r\n\t<INTEGER64>MOD_ID:424242\r\n\t<INTEGER>VERSION:1\r\n[/MOD]\r\n"

// statTestMod is a mod folder holding one asset, MEDIA/NOTES.TXT, with body.
func statTestMod(t *testing.T, body string) (dir, asset string) {
	t.Helper()
	dir = filepath.Join(t.TempDir(), "mod")
	asset = filepath.Join(dir, "MEDIA", "NOTES.TXT")
	os.MkdirAll(filepath.Dir(asset), 0o755)
	if err := os.WriteFile(filepath.Join(dir, "MOD.DAT"), dattext.EncodeText(statTestModDat, dattext.UTF16LEBOM), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(asset, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir, asset
}

// packedAsset packs dir incrementally to out and returns MEDIA/NOTES.TXT's
// bytes in the .MOD and how many entries were reused.
func packedAsset(t *testing.T, dir, out string) (string, int) {
	t.Helper()
	res, r := packIncremental(t, dir, out)
	e, ok := r.Lookup("MEDIA/NOTES.TXT")
	if !ok {
		t.Fatal("no MEDIA/NOTES.TXT in the .MOD")
	}
	b, err := r.ReadEntry(e, 1<<20)
	if err != nil {
		t.Fatal(err)
	}
	return string(b), res.Reused
}

// An asset whose size changed while its modification time was kept (a
// copy that keeps times) is packed again: the stat rule compares sizes,
// not the time alone.
func TestIncrementalAssetSizeChangeWithTheSameTime(t *testing.T) {
	dir, asset := statTestMod(t, "first notes\n")
	old := time.Now().Add(-time.Hour)
	os.Chtimes(asset, old, old)
	out := filepath.Join(t.TempDir(), "S.MOD")
	if got, _ := packedAsset(t, dir, out); got != "first notes\n" {
		t.Fatalf("first pack: %q", got)
	}
	// Unchanged: reused (so the test below sees the cache at work).
	if got, n := packedAsset(t, dir, out); got != "first notes\n" || n == 0 {
		t.Fatalf("unchanged pack: %q, %d reused", got, n)
	}
	os.WriteFile(asset, []byte("second, longer notes\n"), 0o644)
	os.Chtimes(asset, old, old)
	if got, _ := packedAsset(t, dir, out); got != "second, longer notes\n" {
		t.Fatalf("after a size change with the old time the .MOD holds %q", got)
	}
}

// The same-second rule: a file whose time is within a second before the
// pack that hashed it may change again in that tick without its time
// moving, so its stat proves nothing and it is read again. Here the asset
// is half a second older than the first pack, changed after it with size
// and time kept: a rule of less than half a second would miss it.
func TestIncrementalAssetHalfASecondBeforeThePack(t *testing.T) {
	dir, asset := statTestMod(t, "notes A\n")
	mt := time.Now().Add(-500 * time.Millisecond)
	os.Chtimes(asset, mt, mt)
	out := filepath.Join(t.TempDir(), "S.MOD")
	if got, _ := packedAsset(t, dir, out); got != "notes A\n" {
		t.Fatalf("first pack: %q", got)
	}
	os.WriteFile(asset, []byte("notes B\n"), 0o644)
	os.Chtimes(asset, mt, mt)
	if got, _ := packedAsset(t, dir, out); got != "notes B\n" {
		t.Fatalf("after a same-size change within the pack's second the .MOD holds %q", got)
	}
}
