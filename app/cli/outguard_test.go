package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"packsmith/backend/workspace/backups"
	"packsmith/internal/hermetic"
	"packsmith/internal/mergetest"
)

// outUser is a user folder with two active mods sharing one unit
// (mods/M0.MOD, mods/M1.MOD) and an empty game MEDIA folder, with its own
// config and cache (backups) folders.
func outUser(t *testing.T) (user, base string) {
	t.Helper()
	t.Setenv("PACKSMITH_CONFIG_DIR", t.TempDir())
	hermetic.OwnCache(t)
	user, base = t.TempDir(), t.TempDir()
	const p = "MEDIA/UNITS/ITEMS/SAMPLE_SWORD.DAT"
	if err := mergetest.WriteShared(user, base,
		mergetest.Shared{Files: map[string][]byte{p: mergetest.Item("Sword", 3)}},
		mergetest.Shared{Files: map[string][]byte{p: mergetest.ItemValue("Sword", 7, 9)}}); err != nil {
		t.Fatal(err)
	}
	return user, base
}

func backupsOf(t *testing.T, of string) []backups.Entry {
	t.Helper()
	all, err := backups.Default().List()
	if err != nil {
		t.Fatal(err)
	}
	var out []backups.Entry
	for _, e := range all {
		if filepath.Base(e.Of) == filepath.Base(of) {
			out = append(out, e)
		}
	}
	return out
}

// pack -o and merge -o naming an active mod are refused, the mod left as
// it was: they replaced it (exit 0, no backup, the load order then
// showing a missing mod).
func TestOutputActiveModRefused(t *testing.T) {
	user, base := outUser(t)
	m0 := filepath.Join(user, "mods", "M0.MOD")
	before, _ := os.ReadFile(m0)
	for _, args := range [][]string{
		{"pack", sampleMod, "-o", m0},
		{"merge", "--dir", user, "--base", base, "-o", m0},
	} {
		_, stderr, code := run(t, args...)
		if code != 1 || !strings.Contains(stderr, m0+" is an active mod (\"M0\", MOD_ID 1, listed in "+filepath.Join(user, "modlauncher.sch")+")") {
			t.Errorf("%s: exit %d: %s", args[0], code, stderr)
		}
		if after, _ := os.ReadFile(m0); !bytes.Equal(before, after) {
			t.Fatalf("%s: the active mod was written over", args[0])
		}
	}
}

// A file Packsmith did not make is backed up before pack -o or merge -o
// replace it (plain.zip was overwritten with no copy); the command's own
// output written again (a repack, a rebuilt patch) is not.
func TestOutputForeignFileBackedUp(t *testing.T) {
	user, base := outUser(t)
	dir := t.TempDir()
	for _, c := range []struct {
		name string
		args func(out string) []string
	}{
		{"plain.zip", func(out string) []string { return []string{"pack", sampleMod, "-o", out} }},
		{"other.zip", func(out string) []string { return []string{"merge", "--dir", user, "--base", base, "-o", out} }},
	} {
		out := filepath.Join(dir, c.name)
		orig := []byte("PK\x03\x04 the user's own " + c.name)
		if err := os.WriteFile(out, orig, 0o644); err != nil {
			t.Fatal(err)
		}
		for i := range 2 {
			if _, stderr, code := run(t, c.args(out)...); code != 0 {
				t.Fatalf("%s, run %d: exit %d: %s", c.name, i, code, stderr)
			}
		}
		bs := backupsOf(t, out)
		if len(bs) != 1 {
			t.Fatalf("%s: %d backups: %+v", c.name, len(bs), bs)
		}
		if got, _ := os.ReadFile(bs[0].Path); !bytes.Equal(got, orig) || !strings.Contains(bs[0].Why, "before a pack") {
			t.Errorf("%s: backup %q why %q", c.name, got, bs[0].Why)
		}
	}
}
