package backups

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"packsmith/formats/tl2/sch"
)

// schBytes is a modlauncher.sch listing one mod, id n.
func schBytes(n int64) []byte { return sch.New([]int64{n}).Bytes() }

// schText names the lists schBytes makes, for readable checks.
func schText(b []byte) string {
	f, err := sch.Parse(b)
	if err != nil {
		return "not a sch: " + err.Error()
	}
	ids := f.IDs()
	if len(ids) != 1 || ids[0] < 1 || ids[0] > 3 {
		return "unexpected list"
	}
	return []string{"first", "second", "now"}[ids[0]-1]
}

// editRecord rewrites fields of a backup's record as a hand edit would.
func editRecord(t *testing.T, e *Entry, edit func(m map[string]any)) {
	t.Helper()
	b, err := os.ReadFile(e.Path + ".json")
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	edit(m)
	b, _ = json.Marshal(m)
	if err := os.WriteFile(e.Path+".json", b, 0o644); err != nil {
		t.Fatal(err)
	}
}

func mustRefuse(t *testing.T, s *Store, id, want string) {
	t.Helper()
	_, err := s.Restore(context.Background(), id)
	if !errors.Is(err, ErrUntrusted) || !strings.Contains(err.Error(), want) {
		t.Fatalf("restore %s: %v, want ErrUntrusted saying %q", id, err, want)
	}
}

func fileIs(t *testing.T, p string, want []byte) {
	t.Helper()
	if b, err := os.ReadFile(p); err != nil || string(b) != string(want) {
		t.Fatalf("%s holds %q (%v), want %q", p, b, err, want)
	}
}

// The case: a record edited to name another file (absolute,
// relative, or another kind into a mods folder) is refused, and the file
// it names is left as it was.
func TestRestoreRefusesEditedRecords(t *testing.T) {
	s := &Store{Dir: t.TempDir()}
	work := t.TempDir()
	p := filepath.Join(work, "modlauncher.sch")
	os.WriteFile(p, schBytes(1), 0o644)
	e, err := s.Copy(p, Options{Kind: KindSch, Lock: p, Why: "test"})
	if err != nil {
		t.Fatal(err)
	}
	victim := filepath.Join(work, "other", "modlauncher.sch")
	os.MkdirAll(filepath.Dir(victim), 0o755)
	os.WriteFile(victim, []byte("precious"), 0o644)
	mods := filepath.Join(work, "mods")
	os.MkdirAll(mods, 0o755)

	cases := []struct {
		name string
		edit func(m map[string]any)
	}{
		{"of another file", func(m map[string]any) { m["of"] = victim }},
		{"relative of", func(m map[string]any) { m["of"] = "modlauncher.sch" }},
		{"kind mod into the mods folder", func(m map[string]any) { m["kind"] = KindMod; m["of"] = filepath.Join(mods, "EVIL.MOD") }},
		{"lock", func(m map[string]any) { m["lock"] = "" }},
		{"why", func(m map[string]any) { m["why"] = "x\nfake line" }},
		{"hash", func(m map[string]any) { m["sha256"] = strings.Repeat("0", 64) }},
	}
	orig, _ := os.ReadFile(e.Path + ".json")
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			os.WriteFile(e.Path+".json", orig, 0o644)
			editRecord(t, e, c.edit)
			mustRefuse(t, s, e.ID, "was changed since Packsmith wrote it")
			fileIs(t, victim, []byte("precious"))
			fileIs(t, p, schBytes(1))
			if l := ls(t, mods); len(l) != 0 {
				t.Fatalf("mods folder holds %v", l)
			}
		})
	}
	// A record with no seal (an older Packsmith's, or one written by hand).
	os.WriteFile(e.Path+".json", orig, 0o644)
	editRecord(t, e, func(m map[string]any) { delete(m, "seal"); m["of"] = victim })
	mustRefuse(t, s, e.ID, "has no seal")
	fileIs(t, victim, []byte("precious"))

	// Sealed under another key (another machine's Packsmith, or a forger
	// without this one's key).
	os.WriteFile(e.Path+".json", orig, 0o644)
	other := &Store{Dir: s.Dir, KeyFile: filepath.Join(t.TempDir(), "other.key")}
	mustRefuse(t, other, e.ID, "was changed since")

	// The untouched record restores.
	os.WriteFile(p, schBytes(3), 0o644)
	mustRestore(t, s, e.ID, p, schBytes(1))
}

// A record and copy moved into another file's slot name the wrong
// backup; a copy whose bytes changed is refused before anything is
// written.
func TestRestoreRefusesMovedOrChangedCopies(t *testing.T) {
	s := &Store{Dir: t.TempDir()}
	work := t.TempDir()
	a := filepath.Join(work, "a", "modlauncher.sch")
	b := filepath.Join(work, "b", "modlauncher.sch")
	for _, p := range []string{a, b} {
		os.MkdirAll(filepath.Dir(p), 0o755)
		os.WriteFile(p, schBytes(1), 0o644)
	}
	ea, _ := s.Copy(a, Options{Kind: KindSch})
	eb, _ := s.Copy(b, Options{Kind: KindSch})
	// Put a's copy and record into b's slot under a new name.
	moved := filepath.Join(filepath.Dir(eb.Path), "20000101-000000.000000-1.modlauncher.sch")
	body, _ := os.ReadFile(ea.Path)
	rec, _ := os.ReadFile(ea.Path + ".json")
	os.WriteFile(moved, body, 0o644)
	os.WriteFile(moved+".json", rec, 0o644)
	mustRefuse(t, s, filepath.Base(filepath.Dir(moved))+"/"+filepath.Base(moved), "its record names another backup")

	// Bytes swapped for another valid list after the backup.
	os.WriteFile(a, schBytes(3), 0o644)
	os.WriteFile(ea.Path, schBytes(2), 0o644)
	mustRefuse(t, s, ea.ID, "bytes changed since they were backed up")
	fileIs(t, a, schBytes(3))
	list, _ := s.List()
	if len(list) != 3 { // a, b and the moved one: no "before restoring" copy was made
		t.Fatalf("%d backups after refused restores, want 3", len(list))
	}
}

// Records Packsmith sealed itself are still checked against the kind: a
// sealed record whose path or bytes are not of its kind is refused (a
// caller passing the wrong Kind, or a forger who has the key but not a
// file of the kind).
func TestRestoreChecksTheKind(t *testing.T) {
	s := &Store{Dir: t.TempDir()}
	work := t.TempDir()
	notSch := filepath.Join(work, "modlauncher.sch")
	os.WriteFile(notSch, []byte("36 bytes of something else entirely"), 0o644)
	modNamed := filepath.Join(work, "X.MOD")
	os.WriteFile(modNamed, schBytes(1), 0o644)
	schAsMod := filepath.Join(work, "Y.MOD")
	os.WriteFile(schAsMod, schBytes(1), 0o644)
	e1, _ := s.Copy(notSch, Options{Kind: KindSch})
	e2, _ := s.Copy(modNamed, Options{Kind: KindSch})
	e3, _ := s.Copy(schAsMod, Options{Kind: KindMod})
	e4, _ := s.Copy(modNamed, Options{Kind: "weird"})
	mustRefuse(t, s, e1.ID, "the copy is not a modlauncher.sch")
	mustRefuse(t, s, e2.ID, "goes back only to a modlauncher.sch, not X.MOD")
	mustRefuse(t, s, e3.ID, "the copy is not a .MOD")
	mustRefuse(t, s, e4.ID, `unknown kind "weird"`)

	// A real .MOD restores, under the mods folder's lock.
	tiny, err := os.ReadFile(filepath.Join("..", "..", "..", "formats", "tl2", "mod", "testdata", "tiny.MOD"))
	if err != nil {
		t.Fatal(err)
	}
	mods := filepath.Join(work, "mods")
	os.MkdirAll(mods, 0o755)
	m := filepath.Join(mods, "TINY.MOD")
	os.WriteFile(m, tiny, 0o644)
	em, err := s.Move(m, Options{Kind: KindMod, Lock: mods})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Restore(context.Background(), em.ID); err != nil {
		t.Fatal(err)
	}
	fileIs(t, m, tiny)
}

// A sealed record with a relative path (which Copy never writes) is
// refused for its path, not trusted to resolve against the current folder.
func TestRestoreRefusesSealedRelativePath(t *testing.T) {
	s, _, e := schBackup(t, Options{Kind: KindSch})
	rec, _ := s.record(filepath.Base(filepath.Dir(e.Path)), filepath.Base(e.Path))
	rec.Of = "modlauncher.sch"
	rec.Path = ""
	reseal(t, s, rec, e.Path)
	mustRefuse(t, s, e.ID, `the original path "modlauncher.sch" is not absolute`)
}

// The key is made once, 0600, and the same for every process: many
// stores making it at once all get the one that stayed.
func TestKeyIsMadeOnce(t *testing.T) {
	kf := filepath.Join(t.TempDir(), "cfg", "backups.key")
	keys := make(chan string, 8)
	for range 8 {
		go func() {
			k, err := (&Store{KeyFile: kf}).key()
			if err != nil {
				t.Error(err)
			}
			keys <- string(k)
		}()
	}
	first := <-keys
	for range 7 {
		if k := <-keys; k != first {
			t.Fatal("two keys")
		}
	}
	b, _ := os.ReadFile(kf)
	if string(b) != first || len(b) != keyLen {
		t.Fatalf("key file %x", b)
	}
	ents, _ := os.ReadDir(filepath.Dir(kf))
	if len(ents) != 1 {
		t.Fatalf("left %v", ents)
	}
	// A damaged key is replaced.
	os.WriteFile(kf, []byte("short"), 0o600)
	k, err := (&Store{KeyFile: kf}).key()
	if err != nil || len(k) != keyLen {
		t.Fatal(k, err)
	}
}
