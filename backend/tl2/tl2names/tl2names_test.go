package tl2names

import (
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"packsmith/formats/tl2/rghash"
)

func TestFindEnvAndClimb(t *testing.T) {
	dir := t.TempDir()
	list := filepath.Join(dir, "names.txt")
	line := func(n string) string { return strconv.FormatUint(uint64(rghash.Hash(n)), 10) + ":" + n + "\n" }
	if err := os.WriteFile(list, []byte(line("SWORD")+line("SHIELD")+"12:WRONG\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv(Env, list)
	if p, ok := Find(); !ok || p != list {
		t.Fatalf("Find with %s set = %q, %v", Env, p, ok)
	}
	d, st, err := LoadFile(list)
	if err != nil || st.Added != 2 || st.Mismatch != 1 {
		t.Fatalf("LoadFile: %+v, %v", st, err)
	}
	if n, ok := d.Name(rghash.Hash("SHIELD")); !ok || n != "SHIELD" {
		t.Errorf("Name = %q, %v", n, ok)
	}
	// A variable naming nothing finds nothing (no silent fallback).
	t.Setenv(Env, filepath.Join(dir, "absent.txt"))
	if p, ok := Find(); ok {
		t.Errorf("Find with a missing file = %q", p)
	}
	// Without the variable, shared/spec/data/dictionary.txt above the
	// working directory is found.
	t.Setenv(Env, "")
	shared := filepath.Join(dir, "shared", "spec", "data")
	if err := os.MkdirAll(shared, 0o755); err != nil {
		t.Fatal(err)
	}
	want := filepath.Join(shared, "dictionary.txt")
	if err := os.WriteFile(want, []byte(line("AXE")), 0o644); err != nil {
		t.Fatal(err)
	}
	deep := filepath.Join(dir, "project", "backend", "x")
	if err := os.MkdirAll(deep, 0o755); err != nil {
		t.Fatal(err)
	}
	t.Chdir(deep)
	if p, ok := Find(); !ok || p != want {
		t.Errorf("Find from %s = %q, %v; want %s", deep, p, ok, want)
	}
	if _, _, err := LoadFile(filepath.Join(dir, "absent.txt")); err == nil {
		t.Error("LoadFile of a missing file succeeded")
	}
}

// TestReferenceDictionary checks the shared reference list: the notes report
// 10 852 of its 10 985 lines hashing right.
func TestReferenceDictionary(t *testing.T) {
	p, ok := Find()
	if !ok {
		t.Skip("reference dictionary not found beside the project")
	}
	d, st, err := LoadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%s: %d lines, %d names kept, %d mismatches, %d bad", p, st.Lines, st.Added, st.Mismatch, st.Bad)
	if st.Added < 10000 {
		t.Errorf("only %d names kept", st.Added)
	}
	for _, n := range []string{"NAME", "UNIT", "AFFIX", "EFFECT"} {
		if got, ok := d.Name(rghash.Hash(n)); !ok || got != n {
			t.Errorf("reference dictionary lacks %q (got %q)", n, got)
		}
	}
	def, err := Default()
	if err != nil || def.Len() != d.Len() {
		t.Errorf("Default: %d names, %v", def.Len(), err)
	}
}
