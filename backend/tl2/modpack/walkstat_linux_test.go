//go:build linux && (amd64 || arm64)

package modpack

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// listFolder lists what os.ReadDir lists, in its order, with its types,
// over more names than one getdents64 buffer holds; a folder that is not
// there gives os.ReadDir's error.
func TestListFolderIsReadDir(t *testing.T) {
	dir := t.TempDir()
	for i := range 1500 { // 1,500 names of ~90 bytes: about 170 KB of records, six buffers
		name := fmt.Sprintf("%s_%04d.DAT", strings.Repeat("LONG_NAME", 9), (i*7919)%1500)
		if err := os.WriteFile(filepath.Join(dir, name), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	os.Mkdir(filepath.Join(dir, "SUB"), 0o755)
	os.Symlink("SUB", filepath.Join(dir, "toDir"))
	if err := syscall.Mkfifo(filepath.Join(dir, "pipe"), 0o644); err != nil {
		t.Fatal(err)
	}
	ents, dh, err := listFolder(dir)
	if err != nil {
		t.Fatal(err)
	}
	dh.close()
	want, _ := os.ReadDir(dir)
	if len(ents) != len(want) || len(want) != 1503 {
		t.Fatalf("listFolder: %d entries, os.ReadDir %d (want 1503)", len(ents), len(want))
	}
	for i := range want {
		wt := want[i].Type()
		if wt&^(fs.ModeDir|fs.ModeSymlink) != 0 {
			wt = fs.ModeIrregular // the walk asks only: folder, link, regular file or other
		}
		if ents[i].name != want[i].Name() || ents[i].typ != wt {
			t.Errorf("entry %d: %s %v, os.ReadDir's %s %v", i, ents[i].name, ents[i].typ, want[i].Name(), want[i].Type())
		}
	}
	missing := filepath.Join(dir, "absent")
	_, _, err = listFolder(missing)
	_, werr := os.ReadDir(missing)
	if err == nil || werr == nil || err.Error() != werr.Error() || !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("a missing folder: %v, os.ReadDir's %v", err, werr)
	}
}

// dirent is one linux_dirent64 record, padded to 8 bytes as the kernel
// pads them.
func dirent(name string, dtype byte) []byte {
	n := (19 + len(name) + 1 + 7) &^ 7
	b := make([]byte, n)
	binary.LittleEndian.PutUint64(b, 1)
	binary.LittleEndian.PutUint16(b[16:], uint16(n))
	b[18] = dtype
	copy(b[19:], name)
	return b
}

// A record whose type the file system does not give is lstat'ed (gone by
// then: left out; another error: the listing's), "." and ".." are not
// names, and a record running past the buffer or too short is EIO.
func TestParseDirents(t *testing.T) {
	var b []byte
	for _, r := range []struct {
		name  string
		dtype byte
	}{{".", syscall.DT_DIR}, {"..", syscall.DT_DIR}, {"A.DAT", syscall.DT_REG}, {"UNKNOWN_FILE", syscall.DT_UNKNOWN},
		{"UNKNOWN_DIR", syscall.DT_UNKNOWN}, {"GONE", syscall.DT_UNKNOWN}, {"LINK", syscall.DT_LNK}, {"SOCK", syscall.DT_SOCK}} {
		b = append(b, dirent(r.name, r.dtype)...)
	}
	lstat := func(name string) (fs.FileMode, error) {
		switch name {
		case "UNKNOWN_FILE":
			return 0, nil
		case "UNKNOWN_DIR":
			return fs.ModeDir, nil
		}
		return 0, syscall.ENOENT
	}
	ents, err := parseDirents(b, nil, lstat)
	if err != nil {
		t.Fatal(err)
	}
	var parts []string
	for _, e := range ents {
		parts = append(parts, e.name+" "+e.typ.String())
	}
	got := strings.Join(parts, ", ")
	if want := "A.DAT ----------, UNKNOWN_FILE ----------, UNKNOWN_DIR d---------, LINK L---------, SOCK ?---------"; got != want {
		t.Errorf("parsed %s\nwant   %s", got, want)
	}
	if _, err := parseDirents(dirent("X", syscall.DT_UNKNOWN), nil, func(string) (fs.FileMode, error) { return 0, syscall.EACCES }); err != syscall.EACCES {
		t.Errorf("an lstat refused: %v, want EACCES", err)
	}
	rec := dirent("A.DAT", syscall.DT_REG)
	for _, bad := range [][]byte{rec[:len(rec)-1], rec[:19], append(dirent("B", syscall.DT_REG), 1, 2, 3)} {
		if _, err := parseDirents(bad, nil, lstat); err != syscall.EIO {
			t.Errorf("% X: %v, want EIO", bad, err)
		}
	}
	short := dirent("A.DAT", syscall.DT_REG)
	binary.LittleEndian.PutUint16(short[16:], 8) // a length that would never advance past the head
	if _, err := parseDirents(short, nil, lstat); err != syscall.EIO {
		t.Errorf("reclen 8: %v, want EIO", err)
	}
}

// Whatever the buffer holds, parseDirents returns: names, or EIO.
func FuzzParseDirents(f *testing.F) {
	f.Add(append(dirent("A.DAT", syscall.DT_REG), dirent("SUB", syscall.DT_DIR)...))
	f.Add(dirent("X", syscall.DT_UNKNOWN))
	f.Fuzz(func(t *testing.T, b []byte) {
		ents, err := parseDirents(b, nil, func(string) (fs.FileMode, error) { return 0, nil })
		if err == nil {
			for _, e := range ents {
				if e.name == "" || strings.ContainsRune(e.name, 0) || e.name == "." || e.name == ".." {
					t.Fatalf("name %q", e.name)
				}
			}
		} else if err != syscall.EIO {
			t.Fatal(err)
		}
	})
}
