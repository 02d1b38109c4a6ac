package mergepatch

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"packsmith/backend/tl2/loadorder"
)

// Stale at its boundaries: the same mods, in the same order, with the
// same bytes are current; a mod whose bytes changed (same id, same
// place), a changed order, a mod more or less, and a header that lists
// no sources are each stale, with the sentence that says which.
func TestStaleTable(t *testing.T) {
	dir := t.TempDir()
	file := func(name, body string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	a, b, c := file("A.MOD", "a"), file("B.MOD", "b"), file("C.MOD", "c")
	row := func(id int64, title, f string, place int) loadorder.Mod {
		return loadorder.Mod{ID: id, Title: title, File: f, Place: place, Loaded: true}
	}
	built := &loadorder.View{Mods: []loadorder.Mod{row(1, "A", a, 1), row(2, "B", b, 2)}}
	srcs, err := sources(built)
	if err != nil {
		t.Fatal(err)
	}
	desc := Description(srcs)
	if got := Stale(desc, built); got != "" {
		t.Fatalf("the load order it was built from: stale %q", got)
	}
	unloaded := row(2, "B", b, 2)
	unloaded.Loaded = false
	for _, c := range []struct {
		name string
		now  []loadorder.Mod
		edit func()
		want string
	}{
		{"the same, listed in another order", []loadorder.Mod{row(2, "B", b, 2), row(1, "A", a, 1)}, nil, ""},
		{"B's bytes changed", []loadorder.Mod{row(1, "A", a, 1), row(2, "B", b, 2)},
			func() { file("B.MOD", "b, edited") }, `"B" changed since it was built`},
		{"places swapped", []loadorder.Mod{row(1, "A", a, 2), row(2, "B", b, 1)}, nil,
			`the load order changed since it was built (place 1 was 1, is now "B")`},
		{"one more", []loadorder.Mod{row(1, "A", a, 1), row(2, "B", b, 2), row(3, "C", c, 3)}, nil,
			"it was built from 2 mods and 3 are loaded now"},
		{"one unloaded", []loadorder.Mod{row(1, "A", a, 1), unloaded}, nil,
			"it was built from 2 mods and 1 are loaded now"},
		{"the patch itself is no source", []loadorder.Mod{row(1, "A", a, 1), row(2, "B", b, 2), row(PatchID, "patch", c, 3)}, nil, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			file("B.MOD", "b")
			if c.edit != nil {
				c.edit()
			}
			got := Stale(desc, &loadorder.View{Mods: c.now})
			if (c.want == "") != (got == "") || !strings.Contains(got, c.want) {
				t.Errorf("stale %q, want %q", got, c.want)
			}
		})
	}
	if got := Stale("a mod of its own", built); !strings.Contains(got, "does not list the mods it was built from") {
		t.Errorf("a foreign description: stale %q", got)
	}
}
