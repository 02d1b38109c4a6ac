package backups

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// Every field the seal covers, changed alone in the record, is refused,
// and nothing is written: each edit below would otherwise pass every
// other check (the kind changed alone to one whose checks the copy also
// passes, the size and time of a copy whose bytes did not change).
func TestSealCoversEveryField(t *testing.T) {
	s, p, e := schBackup(t, Options{Kind: KindSch, Why: "test"})
	work := filepath.Dir(p)
	orig, _ := os.ReadFile(e.Path + ".json")
	for _, c := range []struct {
		field string
		value any
	}{
		{"kind", KindOther},
		{"kind", "other"},
		{"lock", ""},
		{"lock", work},
		{"why", "something else"},
		{"time", "20000101-000000.000000"},
		{"size", 1},
		{"sha256", "00"},
	} {
		t.Run(c.field, func(t *testing.T) {
			os.WriteFile(e.Path+".json", orig, 0o644)
			os.WriteFile(p, schBytes(3), 0o644)
			editRecord(t, e, func(m map[string]any) { m[c.field] = c.value })
			mustRefuse(t, s, e.ID, "was changed since Packsmith wrote it")
			fileIs(t, p, schBytes(3))
		})
	}
	// The record as written restores.
	os.WriteFile(e.Path+".json", orig, 0o644)
	mustRestore(t, s, e.ID, p, schBytes(1))
}

// schBackup backs up a modlauncher.sch listing mod 1 (Lock: the file
// itself) in a new store: the store, the file, the backup.
func schBackup(t *testing.T, o Options) (*Store, string, *Entry) {
	t.Helper()
	s := &Store{Dir: t.TempDir()}
	p := filepath.Join(t.TempDir(), "modlauncher.sch")
	os.WriteFile(p, schBytes(1), 0o644)
	o.Lock = p
	e, err := s.Copy(p, o)
	if err != nil {
		t.Fatal(err)
	}
	return s, p, e
}

// reseal seals rec under s's key, as Packsmith would, and writes it as
// the record of the copy at copyPath (a forger who has the key).
func reseal(t *testing.T, s *Store, rec *Entry, copyPath string) {
	t.Helper()
	key, err := s.key()
	if err != nil {
		t.Fatal(err)
	}
	rec.Seal = sealWith(key, rec)
	b, _ := json.Marshal(recordFile{rec, rec.SHA256, rec.Seal})
	os.WriteFile(copyPath+".json", b, 0o644)
}

// mustRestore restores backup id and finds want at p.
func mustRestore(t *testing.T, s *Store, id, p string, want []byte) {
	t.Helper()
	if _, err := s.Restore(context.Background(), id); err != nil {
		t.Fatal(err)
	}
	fileIs(t, p, want)
}

// A copy in the right slot, sealed under the right key (a forger with the
// key, or a bug in Copy), whose name is not of the original's file is
// refused before its kind is checked or anything is written.
func TestRestoreRefusesACopyNamedForAnotherFile(t *testing.T) {
	s, p, e := schBackup(t, Options{Kind: KindSch})
	slot := filepath.Base(filepath.Dir(e.Path))
	for _, name := range []string{
		"20000101-000000.000000-1.EVIL.MOD",
		"20000101-000000.000000-1.modlauncher.sch.bak",
		"20000101-000000.000000-1-modlauncher.sch", // no dot before the name
	} {
		t.Run(name, func(t *testing.T) {
			rec, err := s.record(slot, filepath.Base(e.Path))
			if err != nil {
				t.Fatal(err)
			}
			copyPath := filepath.Join(s.Dir, slot, name)
			body, _ := os.ReadFile(e.Path)
			os.WriteFile(copyPath, body, 0o644)
			rec.ID, rec.Path = slot+"/"+name, ""
			reseal(t, s, rec, copyPath)
			os.WriteFile(p, schBytes(3), 0o644)
			mustRefuse(t, s, rec.ID, "is not of a file named modlauncher.sch")
			fileIs(t, p, schBytes(3))
		})
	}
}
