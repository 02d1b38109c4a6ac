package modpack

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"packsmith/formats/tl2/bindat"
	"packsmith/formats/tl2/mod"
)

// packIncremental packs dir incrementally to out and reads the .MOD back.
func packIncremental(t *testing.T, dir, out string) (*Result, *mod.Reader) {
	t.Helper()
	res, err := Pack(context.Background(), dir, Options{Output: out, Incremental: true})
	if err != nil {
		t.Fatalf("%v %v", err, res.Findings)
	}
	// Read from memory: an open .MOD would stop the next pack's rename on
	// Windows.
	mb, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	r, err := mod.NewReader(bytes.NewReader(mb), int64(len(mb)), nil)
	if err != nil {
		t.Fatal(err)
	}
	return res, r
}

// levelOf packs dir incrementally to out and returns the LEVEL the .MOD
// holds for MEDIA/UNITS/U.DAT, and how many sources were compiled.
func levelOf(t *testing.T, dir, out string) (string, int) {
	t.Helper()
	res, r := packIncremental(t, dir, out)
	d, err := bindat.Decompile("U.DAT", entries(t, r)["MEDIA/UNITS/U.DAT"], nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range d.Root.Props { // names come back hashed without a dictionary: the one INTEGER
		if p.Type == "INTEGER" {
			return p.Value, res.Compiled
		}
	}
	t.Fatalf("no LEVEL in %+v", d.Root)
	return "", 0
}

// A source whose size changed is read again even when its modification
// time is what the cache recorded (a tool that keeps times, a copy with
// -p): the cache must not trust the time alone.
func TestIncrementalSeesASizeChangeWithTheSameTime(t *testing.T) {
	dir := makeMod(t, simpleModDat, map[string]string{"MEDIA/UNITS/U.DAT": "[UNIT]\n<STRING>NAME:U\n<INTEGER>LEVEL:7\n[/UNIT]\n"})
	backdate(dir)
	src := filepath.Join(dir, "MEDIA", "UNITS", "U.DAT")
	st, _ := os.Stat(src)
	out := filepath.Join(t.TempDir(), "U.MOD")
	if v, _ := levelOf(t, dir, out); v != "7" {
		t.Fatalf("first pack: LEVEL %s", v)
	}
	os.WriteFile(src, []byte("[UNIT]\n<STRING>NAME:U\n<INTEGER>LEVEL:1234\n[/UNIT]\n"), 0o644)
	os.Chtimes(src, st.ModTime(), st.ModTime())
	if v, n := levelOf(t, dir, out); v != "1234" || n != 1 {
		t.Fatalf("after a size change with the old time: LEVEL %s, %d compiled", v, n)
	}
}

// A source changed within a second of the pack that hashed it, size and
// time kept, is read again (git's "racy" rule): the clock's tick cannot
// hide the change.
func TestIncrementalSameSecondRule(t *testing.T) {
	dir := makeMod(t, simpleModDat, map[string]string{"MEDIA/UNITS/U.DAT": "[UNIT]\n<STRING>NAME:U\n<INTEGER>LEVEL:7\n[/UNIT]\n"})
	src := filepath.Join(dir, "MEDIA", "UNITS", "U.DAT")
	now := time.Now()
	os.Chtimes(src, now, now) // as the pack starts: within its second
	out := filepath.Join(t.TempDir(), "U.MOD")
	if v, _ := levelOf(t, dir, out); v != "7" {
		t.Fatalf("first pack: LEVEL %s", v)
	}
	body, _ := os.ReadFile(src)
	os.WriteFile(src, []byte(strings.Replace(string(body), "LEVEL:7", "LEVEL:9", 1)), 0o644)
	os.Chtimes(src, now, now)
	if v, n := levelOf(t, dir, out); v != "9" || n != 1 {
		t.Fatalf("after a same-size change in the same second: LEVEL %s, %d compiled", v, n)
	}
}
