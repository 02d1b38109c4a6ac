package mergepatch

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"packsmith/internal/mergetest"
)

// The patch packed from memory has the bytes of the patch packed through a
// temporary mod folder (the old way), for the same merge.
func TestPackMemoryAsOldFolder(t *testing.T) {
	user, base := mergetest.Setup(t)
	o := Options{UserDir: user, BaseDir: base}
	rep, err := Build(context.Background(), o)
	if err != nil {
		t.Fatal(err)
	}
	readers, closeAll, err := openMods(rep.Sources)
	if err != nil {
		t.Fatal(err)
	}
	defer closeAll()
	names := titles(rep.Sources)
	dir := t.TempDir()
	oldRep, newRep := *rep, *rep
	o.Output = filepath.Join(dir, "old", FileName)
	os.MkdirAll(filepath.Dir(o.Output), 0o755)
	if err := packOld(context.Background(), o, &oldRep, readers, names); err != nil {
		t.Fatal(err)
	}
	o.Output = filepath.Join(dir, "new", FileName)
	os.MkdirAll(filepath.Dir(o.Output), 0o755)
	if err := pack(context.Background(), o, &newRep, readers, names); err != nil {
		t.Fatal(err)
	}
	a, _ := os.ReadFile(oldRep.Output)
	b, _ := os.ReadFile(newRep.Output)
	if len(a) == 0 || !bytes.Equal(a, b) {
		t.Errorf("old %d bytes %s, new %d bytes %s", len(a), oldRep.SHA256, len(b), newRep.SHA256)
	}
	if !reflect.DeepEqual(oldRep.Indices, newRep.Indices) || !reflect.DeepEqual(oldRep.Skipped, newRep.Skipped) {
		t.Errorf("indices old %+v new %+v; skipped old %+v new %+v", oldRep.Indices, newRep.Indices, oldRep.Skipped, newRep.Skipped)
	}
}
