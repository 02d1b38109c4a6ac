package extract

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"testing"

	"packsmith/backend/archive"
	_ "packsmith/backend/drivers/all"
	"packsmith/backend/drivers/drivertest"
	"packsmith/internal/crafted"
)

func openT(t *testing.T, p string) archive.Archive {
	t.Helper()
	a, err := archive.Open(p, archive.OpenOptions{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { a.Close() })
	return a
}

// listTree returns every path under dir, '/'-separated, sorted.
func listTree(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	filepath.Walk(dir, func(p string, info os.FileInfo, err error) error {
		if err == nil && p != dir {
			r, _ := filepath.Rel(dir, p)
			out = append(out, filepath.ToSlash(r))
		}
		return nil
	})
	sort.Strings(out)
	return out
}

// 200 entries sharing one 4 MB block: 30 KB on disk, 800 MB extracted. The
// extract is refused before writing, naming two entries.
func TestRefusesOverlappingEntries(t *testing.T) {
	dir := t.TempDir()
	zp := filepath.Join(dir, "overlap.zip")
	if err := crafted.OverlapZip(zp, 200, 4<<20); err != nil {
		t.Fatal(err)
	}
	if st, _ := os.Stat(zp); st.Size() > 64<<10 {
		t.Fatalf("zip is %d bytes", st.Size())
	}
	out := filepath.Join(dir, "out")
	_, err := Extract(context.Background(), openT(t, zp), out, nil, nil, Options{})
	if !errors.Is(err, ErrRefused) || !strings.Contains(err.Error(), "overlap") || !strings.Contains(err.Error(), zp+": e0") {
		t.Fatalf("err = %v", err)
	}
	if got := listTree(t, out); len(got) != 0 {
		t.Fatalf("wrote %v", got)
	}
}

func TestRefusesImpossibleRatio(t *testing.T) {
	dir := t.TempDir()
	zp := filepath.Join(dir, "ratio.zip")
	// 10 deflate bytes that claim 1 GB.
	if err := crafted.ZipRaw(zp, "big.bin", []byte{0x63, 0x60, 0x18, 0x05, 0xa3, 0x60, 0x14, 0x0c, 0x77, 0x00}, 1<<30, 0); err != nil {
		t.Fatal(err)
	}
	_, err := Extract(context.Background(), openT(t, zp), filepath.Join(dir, "out"), nil, nil, Options{})
	if !errors.Is(err, ErrRefused) || !strings.Contains(err.Error(), zp+": big.bin:") || !strings.Contains(err.Error(), "1032:1") {
		t.Fatalf("err = %v", err)
	}
}

func TestRefusesToCreateLinks(t *testing.T) {
	dir := t.TempDir()
	zp := filepath.Join(dir, "link.zip")
	if err := crafted.SymlinkZip(zp, "evil", "/etc"); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out")
	_, err := Extract(context.Background(), openT(t, zp), out, nil, nil, Options{})
	if !errors.Is(err, ErrRefused) || !strings.Contains(err.Error(), zp+": evil:") || !strings.Contains(err.Error(), "symbolic link") {
		t.Fatalf("err = %v", err)
	}
	if got := listTree(t, out); len(got) != 0 {
		t.Fatalf("wrote %v", got)
	}
}

func sixFiles() archive.Archive {
	files := map[string][]byte{}
	for i := range 6 {
		files[fmt.Sprintf("d%d/f%d.txt", i%3, i)] = []byte(fmt.Sprint("new ", i))
	}
	return drivertest.NewMem("six.zip", files)
}

// symlink makes a link, or skips the test where links cannot be made
// (Windows without Developer Mode or admin rights; wine).
func symlink(t *testing.T, target, link string) {
	t.Helper()
	if err := os.Symlink(target, link); err != nil {
		t.Skipf("cannot make a symbolic link here: %v", err)
	}
	if st, err := os.Lstat(link); err != nil || st.Mode()&fs.ModeSymlink == 0 {
		t.Skipf("%s: the system does not report links as links (%v)", link, err)
	}
}

func TestRefusesLinksAndFoldersInTheWay(t *testing.T) {
	outside := t.TempDir()
	for _, c := range []struct {
		name  string
		setup func(t *testing.T, dir string)
		want  string
	}{
		{"link to a folder outside", func(t *testing.T, dir string) { symlink(t, outside, filepath.Join(dir, "d1")) }, "d1 is a symbolic link"},
		{"link where a file goes", func(t *testing.T, dir string) {
			os.MkdirAll(filepath.Join(dir, "d2"), 0o755)
			symlink(t, filepath.Join(outside, "x"), filepath.Join(dir, "d2", "f5.txt"))
		}, "f5.txt is a symbolic link"},
		{"folder where a file goes", func(t *testing.T, dir string) { os.MkdirAll(filepath.Join(dir, "d2", "f5.txt"), 0o755) }, "f5.txt is a folder"},
		{"file where a folder goes", func(t *testing.T, dir string) { os.WriteFile(filepath.Join(dir, "d2"), nil, 0o644) }, "d2 is a file where the entry needs a folder"},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			c.setup(t, dir)
			before := listTree(t, dir)
			_, err := Extract(context.Background(), sixFiles(), dir, nil, nil, Options{})
			if !errors.Is(err, ErrRefused) || !strings.Contains(err.Error(), c.want) || !strings.HasPrefix(err.Error(), "six.zip: d") {
				t.Fatalf("err = %v", err)
			}
			if got := listTree(t, dir); strings.Join(got, ",") != strings.Join(before, ",") {
				t.Fatalf("target changed: %v -> %v", before, got)
			}
			if got := listTree(t, outside); len(got) != 0 {
				t.Fatalf("wrote outside: %v", got)
			}
		})
	}
}

func TestExistingFilesNeedOverwrite(t *testing.T) {
	dir := t.TempDir()
	a := sixFiles()
	os.MkdirAll(filepath.Join(dir, "d0"), 0o755)
	os.WriteFile(filepath.Join(dir, "d0", "f3.txt"), []byte("mine"), 0o644)
	ex, err := ExistingWith(a, dir, nil, Options{})
	if err != nil || strings.Join(ex, ",") != "d0/f3.txt" {
		t.Fatalf("ExistingWith = %v, %v", ex, err)
	}
	_, err = Extract(context.Background(), a, dir, nil, nil, Options{})
	if !errors.Is(err, ErrExists) || !strings.Contains(err.Error(), "d0/f3.txt already exists") {
		t.Fatalf("err = %v", err)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "d0", "f3.txt")); string(b) != "mine" {
		t.Fatalf("overwritten without asking: %q", b)
	}
	if got := listTree(t, dir); len(got) != 2 {
		t.Fatalf("refused extract wrote: %v", got)
	}
	res, err := Extract(context.Background(), a, dir, nil, nil, Options{Overwrite: true})
	if err != nil || res.Files != 6 || res.Replaced != 1 {
		t.Fatalf("overwrite: %+v %v", res, err)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "d0", "f3.txt")); string(b) != "new 3" {
		t.Fatalf("f3 = %q", b)
	}
}

// A move that fails halfway takes back what it moved and restores the file
// it replaced: the folder is as it was.
func TestFailedMoveUndoes(t *testing.T) {
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "d0"), 0o755)
	os.WriteFile(filepath.Join(dir, "d0", "f0.txt"), []byte("mine"), 0o644)
	before := listTree(t, dir)
	n := 0
	saved := rename
	rename = func(root *os.Root, from, to string) error {
		if n++; n == 4 {
			return &os.LinkError{Op: "rename", Old: from, New: to, Err: errors.New("disk on fire")}
		}
		return root.Rename(from, to)
	}
	defer func() { rename = saved }()
	_, err := Extract(context.Background(), sixFiles(), dir, nil, nil, Options{Overwrite: true, Workers: 1})
	if err == nil || !strings.Contains(err.Error(), "disk on fire") || !strings.HasPrefix(err.Error(), "six.zip: d") || strings.Contains(err.Error(), StagePrefix) {
		t.Fatalf("err = %v", err)
	}
	if got := listTree(t, dir); strings.Join(got, ",") != strings.Join(before, ",") {
		t.Fatalf("left %v, want %v", got, before)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "d0", "f0.txt")); string(b) != "mine" {
		t.Fatalf("replaced file not restored: %q", b)
	}
}

func TestBackslashNamesInMod(t *testing.T) {
	dir := t.TempDir()
	mp := filepath.Join(dir, "bs.mod")
	if err := crafted.BackslashMod(mp, []byte("hello")); err != nil {
		t.Fatal(err)
	}
	a := openT(t, mp)
	if es := a.Entries(); len(es) != 1 || !strings.Contains(es[0].Path, `\`) {
		t.Fatalf("entries %+v", es)
	}
	out := filepath.Join(dir, "out")
	if _, err := Extract(context.Background(), a, out, nil, nil, Options{}); err != nil {
		t.Fatal(err)
	}
	if b, err := os.ReadFile(filepath.Join(out, "MEDIA", "SUB", "B.TXT")); err != nil || string(b) != "hello" {
		t.Fatalf("B.TXT: %q %v", b, err)
	}
}

func TestStaleStagingRemoved(t *testing.T) {
	dir := t.TempDir()
	dead := filepath.Join(dir, StagePrefix+"999999999-123")
	live := filepath.Join(dir, fmt.Sprintf("%s%d-456", StagePrefix, os.Getppid()))
	other := filepath.Join(dir, StagePrefix+"notapid")
	for _, d := range []string{dead, live, other} {
		os.MkdirAll(filepath.Join(d, "new"), 0o755)
	}
	if _, err := Extract(context.Background(), sixFiles(), dir, []string{"d0/f0.txt"}, nil, Options{}); err != nil {
		t.Fatal(err)
	}
	for d, want := range map[string]bool{dead: false, live: true, other: true} {
		if _, err := os.Stat(d); (err == nil) != want {
			t.Errorf("%s: exists=%v, want %v", filepath.Base(d), err == nil, want)
		}
	}
}

func TestRefusesWithoutFreeSpace(t *testing.T) {
	dir := t.TempDir()
	freeSpace = func(string) int64 { return 1 << 20 }
	defer func() { freeSpace = freeBytes }()
	a := drivertest.NewMem("big.zip", map[string][]byte{"a.bin": make([]byte, 2<<20)})
	_, err := Extract(context.Background(), a, dir, nil, nil, Options{})
	if !errors.Is(err, ErrRefused) || !strings.Contains(err.Error(), "1 MB free") {
		t.Fatalf("err = %v", err)
	}
	if got := listTree(t, dir); len(got) != 0 {
		t.Fatalf("wrote %v", got)
	}
	if free := freeBytes(dir); free <= 0 && (runtime.GOOS == "linux" || runtime.GOOS == "darwin") {
		t.Fatalf("freeBytes(%s) = %d", dir, free)
	}
}
