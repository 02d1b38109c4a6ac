// Package tl2test builds Torchlight II test inputs at test time.
package tl2test

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"packsmith/formats/tl2/mod"
)

// WritePak writes an install folder under dir: PAKS/DATA.PAK and
// PAKS/DATA.PAK.MAN holding files (path → bytes, "MEDIA/…"). It returns
// the install folder.
func WritePak(t testing.TB, dir string, files map[string][]byte) string {
	t.Helper()
	paks := filepath.Join(dir, "PAKS")
	if err := os.MkdirAll(paks, 0o755); err != nil {
		t.Fatal(err)
	}
	pak, err := os.Create(filepath.Join(paks, "DATA.PAK"))
	if err != nil {
		t.Fatal(err)
	}
	defer pak.Close()
	man, err := os.Create(filepath.Join(paks, "DATA.PAK.MAN"))
	if err != nil {
		t.Fatal(err)
	}
	defer man.Close()
	w, err := mod.NewPakWriter(pak, man, nil)
	if err != nil {
		t.Fatal(err)
	}
	names := make([]string, 0, len(files))
	for n := range files {
		names = append(names, n)
	}
	sort.Strings(names)
	for i, n := range names {
		if err := w.Add(mod.FileHeader{Name: n, Order: i, FileTime: mod.FileTime(1_600_000_000_000_000_000)}, strings.NewReader(string(files[n]))); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return dir
}

// OpenMod opens the .MOD at p for the test (closed at its end).
func OpenMod(t testing.TB, p string) *mod.Reader {
	t.Helper()
	f, err := os.Open(p)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	fi, _ := f.Stat()
	r, err := mod.NewReader(f, fi.Size(), nil)
	if err != nil {
		t.Fatal(err)
	}
	return r
}
