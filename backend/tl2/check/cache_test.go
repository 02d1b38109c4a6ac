package check

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"packsmith/backend/sys/limits"
	"packsmith/backend/tl2/loadorder/loadordertest"
	"packsmith/internal/checktest"
)

func mustRun(t *testing.T, o RunOptions) *Report {
	t.Helper()
	rep, err := Run(context.Background(), o)
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

// The cache changes nothing a check reports: on the real fixtures (GUTS's
// XOVER .MOD, decompiled, and the packed NETHERIM mod, against a target
// folder and a base MEDIA folder), the findings without a cache, with a
// cache being written, and from it are the same (444 of them); the second
// run reads both mods from the cache, by their size and time alone (they
// were last changed an hour before they were hashed).
func TestCacheGivesTheSameFindings(t *testing.T) {
	in := checktest.Setup(t)
	act := activeOf(t, in.User)
	hourAgo := time.Now().Add(-time.Hour)
	for _, s := range act {
		if err := os.Chtimes(s.Path, hourAgo, hourAgo); err != nil {
			t.Fatal(err)
		}
	}
	o := RunOptions{Target: in.Target, Active: act, BaseDir: in.Base}
	plain := mustRun(t, o)
	o.CacheDir = t.TempDir()
	cold := mustRun(t, o)
	warm := mustRun(t, o)
	if len(plain.Findings) != 444 || plain.Cached != 0 || cold.Cached != 0 || warm.Cached != 2 {
		t.Fatalf("findings %d; cached: plain %d, cold %d, warm %d (want 444; 0, 0, 2)", len(plain.Findings), plain.Cached, cold.Cached, warm.Cached)
	}
	for name, r := range map[string]*Report{"cold": cold, "warm": warm} {
		if !reflect.DeepEqual(r.Findings, plain.Findings) || r.Errors != plain.Errors || r.NotChecked != plain.NotChecked {
			t.Errorf("%s cache: %d findings (%d errors), without: %d (%d)", name, len(r.Findings), r.Errors, len(plain.Findings), plain.Errors)
		}
	}
	// From the cache, the mods' files are not read: gone, the same findings.
	for _, s := range act {
		b, err := os.ReadFile(s.Path)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(s.Path, make([]byte, len(b)), 0o644); err != nil {
			t.Fatal(err)
		}
		os.Chtimes(s.Path, hourAgo, hourAgo)
	}
	if r := mustRun(t, o); r.Cached != 2 || !reflect.DeepEqual(r.Findings, plain.Findings) {
		t.Errorf("from the cache with the files zeroed: %d cached, %d findings", r.Cached, len(r.Findings))
	}
}

// oneUnitMod writes a .MOD whose one unit names base as its BASEFILE.
func oneUnitMod(t *testing.T, p, base string) {
	t.Helper()
	dat := []byte("[UNIT]\r\n<STRING>BASEFILE:" + base + "\r\n[/UNIT]\r\n")
	err := loadordertest.WriteMod(p, loadordertest.Spec{Title: "One", ID: 77, Files: []string{"MEDIA/UNITS/ONE.DAT"}, Data: map[string][]byte{"MEDIA/UNITS/ONE.DAT": dat}})
	if err != nil {
		t.Fatal(err)
	}
}

// A mod whose bytes change is read again, even when its size and time are
// those the cache has: it was hashed within a second of its last change
// (here its time is in the future), so the hash is taken again and it
// differs. A change of size is seen too.
func TestCacheSeesAChangedMod(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "ONE.MOD")
	oneUnitMod(t, p, "MEDIA/UNITS/AAAA.DAT")
	soon := time.Now().Add(10 * time.Second)
	os.Chtimes(p, soon, soon)
	st1, _ := os.Stat(p)
	o := RunOptions{Active: []Source{{Name: "One", Path: p, ID: 77}}, CacheDir: t.TempDir()}
	refs := func(r *Report) string {
		var b strings.Builder
		for _, f := range r.Findings {
			b.WriteString(f.Ref + " ")
		}
		return b.String()
	}
	if r := mustRun(t, o); refs(r) != "MEDIA/UNITS/AAAA.DAT " {
		t.Fatalf("first: %q", refs(r))
	}
	oneUnitMod(t, p, "MEDIA/UNITS/BBBB.DAT")
	os.Chtimes(p, soon, soon)
	if st2, _ := os.Stat(p); st2.Size() != st1.Size() || !st2.ModTime().Equal(st1.ModTime()) {
		t.Fatalf("the two mods differ in size or time: %d %v, %d %v", st1.Size(), st1.ModTime(), st2.Size(), st2.ModTime())
	}
	if r := mustRun(t, o); refs(r) != "MEDIA/UNITS/BBBB.DAT " || r.Cached != 0 {
		t.Errorf("same size and time, other bytes: %q, %d cached (want BBBB, 0)", refs(r), r.Cached)
	}
	if r := mustRun(t, o); refs(r) != "MEDIA/UNITS/BBBB.DAT " || r.Cached != 1 {
		t.Errorf("unchanged since: %q, %d cached (want BBBB, 1)", refs(r), r.Cached)
	}
	oneUnitMod(t, p, "MEDIA/UNITS/LONGER_NAME.DAT")
	os.Chtimes(p, soon, soon)
	if r := mustRun(t, o); refs(r) != "MEDIA/UNITS/LONGER_NAME.DAT " || r.Cached != 0 {
		t.Errorf("another size: %q, %d cached", refs(r), r.Cached)
	}
}

// A cache another build of the checker wrote, one written under another
// read limit (budget), and one that does not decode are not used: the mod
// is read again and the findings are the same.
func TestCacheOfAnotherCheckerIsNotUsed(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "ONE.MOD")
	oneUnitMod(t, p, "MEDIA/UNITS/AAAA.DAT")
	hourAgo := time.Now().Add(-time.Hour)
	os.Chtimes(p, hourAgo, hourAgo)
	cache := t.TempDir()
	o := RunOptions{Active: []Source{{Name: "One", Path: p, ID: 77}}, CacheDir: cache}
	want := mustRun(t, o).Findings
	if r := mustRun(t, o); r.Cached != 1 {
		t.Fatalf("not cached: %d", r.Cached)
	}
	build := checkerBuild
	checkerBuild = "another build"
	r := mustRun(t, o)
	checkerBuild = build
	if r.Cached != 0 || !reflect.DeepEqual(r.Findings, want) {
		t.Errorf("another checker's cache: %d cached", r.Cached)
	}
	mustRun(t, o) // written again by this build
	small, err := limits.NewBudget(limits.MinMB)
	if err != nil {
		t.Fatal(err)
	}
	o.Budget = small
	if r := mustRun(t, o); r.Cached != 0 || !reflect.DeepEqual(r.Findings, want) {
		t.Errorf("another read limit: %d cached", r.Cached)
	}
	o.Budget = nil
	if err := os.WriteFile(cacheFile(cache, p), []byte("not a cache"), 0o644); err != nil {
		t.Fatal(err)
	}
	if r := mustRun(t, o); r.Cached != 0 || !reflect.DeepEqual(r.Findings, want) {
		t.Errorf("a damaged cache: %d cached", r.Cached)
	}
	if r := mustRun(t, o); r.Cached != 1 {
		t.Errorf("rewritten: %d cached", r.Cached)
	}
}
