package safefile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A file held open through OpenShared (a tab on an archive) is replaced
// by a save (WriteFile, replace) and the holder keeps reading the old
// bytes; the name gives the new ones. On Windows this needs both the
// share-delete open and the POSIX rename: with os.Open the save fails
// "Access is denied".
func TestReplaceWhileOpenShared(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "demo.zip")
	if err := os.WriteFile(p, []byte("old bytes"), 0o644); err != nil {
		t.Fatal(err)
	}
	held, err := OpenShared(p)
	if err != nil {
		t.Fatal(err)
	}
	defer held.Close()
	if err := WriteFile(p, []byte("the new, longer bytes")); err != nil {
		t.Fatalf("save over a file held open: %v", err)
	}
	got := make([]byte, 9)
	if _, err := held.ReadAt(got, 0); err != nil || string(got) != "old bytes" {
		t.Fatalf("the holder reads %q (%v), want the old bytes", got, err)
	}
	if b, _ := os.ReadFile(p); string(b) != "the new, longer bytes" {
		t.Fatalf("the name reads %q", b)
	}

	// again, through replace, with the new file held too
	again, err := OpenShared(p)
	if err != nil {
		t.Fatal(err)
	}
	defer again.Close()
	next := filepath.Join(dir, "next.zip")
	os.WriteFile(next, []byte("third"), 0o644)
	if err := replace(next, p); err != nil {
		t.Fatal(err)
	}
	if b, _ := io.ReadAll(again); string(b) != "the new, longer bytes" {
		t.Fatalf("the second holder reads %q", b)
	}
	if b, _ := os.ReadFile(p); string(b) != "third" {
		t.Fatalf("after replace the name reads %q", b)
	}
	if _, err := os.Stat(next); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("replace left its source: %v", err)
	}
}

// OpenShared is os.Open otherwise: a missing file is fs.ErrNotExist with
// the name in the error, a folder opens and lists.
func TestOpenSharedErrors(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "nope.mod")
	_, err := OpenShared(missing)
	var pe *os.PathError
	if !errors.Is(err, fs.ErrNotExist) || !errors.As(err, &pe) || pe.Path != missing || pe.Op != "open" {
		t.Fatalf("missing file: %v", err)
	}
	if _, err := OpenShared(""); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("empty name: %v", err)
	}
	os.WriteFile(filepath.Join(dir, "a.txt"), nil, 0o644)
	d, err := OpenShared(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	if names, err := d.Readdirnames(-1); err != nil || len(names) != 1 || names[0] != "a.txt" {
		t.Fatalf("folder lists %v (%v)", names, err)
	}
	if st, err := d.Stat(); err != nil || !st.IsDir() || !strings.EqualFold(st.Name(), filepath.Base(dir)) {
		t.Fatalf("folder stat %v (%v)", st, err)
	}
}

// A name past 260 characters opens (the \\?\ form on Windows).
func TestOpenSharedLongName(t *testing.T) {
	dir := t.TempDir()
	p := dir
	for len(p) < 300 {
		p = filepath.Join(p, strings.Repeat("d", 40))
	}
	if err := os.MkdirAll(p, 0o755); err != nil {
		t.Skipf("no long folders here: %v", err)
	}
	p = filepath.Join(p, "x.bin")
	os.WriteFile(p, []byte("long"), 0o644)
	f, err := OpenShared(p)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if b, _ := io.ReadAll(f); string(b) != "long" {
		t.Fatalf("read %q", b)
	}
	if err := WriteFile(p, []byte("longer")); err != nil {
		t.Fatalf("save over a long name held open: %v", err)
	}
}

// replaceAside, the fallback where the system cannot rename over an open
// file: the new file takes the name, the holder keeps the old bytes, no
// aside file stays, and a folder in the way is never moved.
func TestReplaceAside(t *testing.T) {
	dir := t.TempDir()
	p, next := filepath.Join(dir, "a.mod"), filepath.Join(dir, "next")
	os.WriteFile(p, []byte("old"), 0o644)
	os.WriteFile(next, []byte("new"), 0o644)
	held, err := OpenShared(p)
	if err != nil {
		t.Fatal(err)
	}
	defer held.Close() // again: harmless
	first := errors.New("the plain rename's error")
	if err := replaceAside(next, p, first); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(p); string(b) != "new" {
		t.Fatalf("the name reads %q", b)
	}
	if b, _ := io.ReadAll(held); string(b) != "old" {
		t.Fatalf("the holder reads %q", b)
	}
	// the aside name goes now (Unix, POSIX delete) or when the holder
	// closes (older Windows, wine: delete on close)
	held.Close()
	if left, _ := filepath.Glob(filepath.Join(dir, ".*"+AsideSuffix)); len(left) != 0 {
		t.Errorf("left aside: %v", left)
	}

	// a folder took the name: refused with the plain rename's error
	folder := filepath.Join(dir, "folder.mod")
	os.MkdirAll(filepath.Join(folder, "sub"), 0o755)
	os.WriteFile(next, []byte("new"), 0o644)
	if err := replaceAside(next, folder, first); err != first {
		t.Fatalf("over a folder: %v", err)
	}
	if st, err := os.Stat(filepath.Join(folder, "sub")); err != nil || !st.IsDir() {
		t.Fatalf("the folder moved: %v", err)
	}

	// a read-only file: refused, as Windows refuses to replace one
	ro := filepath.Join(dir, "ro.mod")
	os.WriteFile(ro, []byte("keep"), 0o444)
	if err := replaceAside(next, ro, first); err != first {
		t.Fatalf("over a read-only file: %v", err)
	}
	if b, _ := os.ReadFile(ro); string(b) != "keep" {
		t.Fatalf("the read-only file reads %q", b)
	}
	os.Chmod(ro, 0o644) // so the temporary folder can go on Windows

	// the new file cannot take the name (it is gone): the old one is put back
	os.Remove(next)
	if err := replaceAside(next, p, first); err == nil || err == first {
		t.Fatalf("from a missing file: %v", err)
	}
	if b, _ := os.ReadFile(p); string(b) != "new" {
		t.Fatalf("after a failed replace the name reads %q", b)
	}
}

// A replace killed between its two renames left the user's file aside:
// CleanStale puts it back when the name is free and removes it when a new
// file took the name; a live writer's aside file is left alone.
func TestCleanStaleRestoresAside(t *testing.T) {
	dir := t.TempDir()
	lost := filepath.Join(dir, ".a.mod.packsmith-999999999-1"+AsideSuffix)
	old := filepath.Join(dir, ".b.mod.packsmith-999999999-2"+AsideSuffix)
	live := filepath.Join(dir, fmt.Sprintf(".c.mod.packsmith-%d-3%s", os.Getppid(), AsideSuffix))
	os.WriteFile(lost, []byte("the user's a"), 0o644)
	os.WriteFile(old, []byte("b before the save"), 0o644)
	os.WriteFile(filepath.Join(dir, "b.mod"), []byte("b saved"), 0o644)
	os.WriteFile(live, nil, 0o644)
	CleanStale(dir)
	if b, err := os.ReadFile(filepath.Join(dir, "a.mod")); string(b) != "the user's a" {
		t.Errorf("a.mod not put back: %q %v", b, err)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "b.mod")); string(b) != "b saved" {
		t.Errorf("b.mod is %q", b)
	}
	for p, want := range map[string]bool{lost: false, old: false, live: true} {
		if _, err := os.Stat(p); (err == nil) != want {
			t.Errorf("%s: exists=%v, want %v", filepath.Base(p), err == nil, want)
		}
	}
}
