package mergepatch

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"packsmith/backend/tl2/modpack"
	"packsmith/internal/mergetest"
)

// The patch packed from memory (Build) has the bytes of the same merge
// packed the way it was before: written as a mod folder (MOD.DAT, the
// merged sources in UTF-16LE, every time FixedTime) that modpack.Pack
// walks, with the mods' RAW records added (then by a callback, now as
// data). Indices and skips are reported the same.
func TestPackMemoryAsFolder(t *testing.T) {
	user, base := mergetest.Setup(t)
	dir := t.TempDir()
	rep, err := Build(context.Background(), Options{UserDir: user, BaseDir: base, Output: filepath.Join(dir, FileName)})
	if err != nil {
		t.Fatal(err)
	}
	readers, closeAll, err := openMods(rep.Sources)
	if err != nil {
		t.Fatal(err)
	}
	defer closeAll()
	mod := filepath.Join(dir, "patch")
	write := func(rel string, b []byte) {
		p := filepath.Join(mod, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(p, FixedTime, FixedTime); err != nil {
			t.Fatal(err)
		}
	}
	write("MOD.DAT", patchModDat(rep.Sources))
	for _, f := range rep.Files {
		write(f.Path, f.Source)
	}
	records, skipped := modRecords(readers, titles(rep.Sources), rep.Files)
	res, err := modpack.Pack(context.Background(), mod, modpack.Options{Output: filepath.Join(dir, "folder.MOD"), BaseDir: base, MPP: modpack.MPPNone, RAWRecords: records})
	if err != nil {
		t.Fatal(err)
	}
	a, _ := os.ReadFile(res.Output)
	b, _ := os.ReadFile(rep.Output)
	if len(a) == 0 || !bytes.Equal(a, b) {
		t.Errorf("from a folder %d bytes, from memory %d bytes", len(a), len(b))
	}
	var idx []Index
	for _, x := range res.Indices {
		idx = append(idx, Index{Path: x.Path, Records: x.Records, FromMerged: x.FromSources})
	}
	if !reflect.DeepEqual(idx, rep.Indices) || len(rep.Indices) != 3 || len(skipped) != 0 {
		t.Errorf("indices from a folder %+v, from memory %+v; skipped %+v", idx, rep.Indices, skipped)
	}
}
