package extract

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"packsmith/backend/drivers/drivertest"
)

func TestRelPathRefusesEscapes(t *testing.T) {
	bad := map[string]string{
		"../evil.txt":          "parent folder",
		"a/../../evil.txt":     "parent folder",
		`..\evil.txt`:          "parent folder",
		`a\..\..\evil.txt`:     "parent folder",
		"/etc/passwd":          "absolute path",
		`\Windows\win.ini`:     "absolute path",
		"C:/Windows/win.ini":   "drive letter",
		`c:\evil.txt`:          "drive letter",
		"c:evil.txt":           "drive letter",
		"a/file.txt:stream":    "colon",
		"":                     "empty name",
		"a/\x00b":              "NUL",
		"./.":                  "no file name",
		"//server/share/x.txt": "absolute path",
	}
	for name, why := range bad {
		_, err := RelPath(name)
		if !errors.Is(err, ErrUnsafePath) || !strings.Contains(err.Error(), why) {
			t.Errorf("RelPath(%q) = %v, want %q", name, err, why)
		}
	}
	good := map[string]string{
		"MEDIA/UNITS/A.DAT":      filepath.Join("MEDIA", "UNITS", "A.DAT"),
		`data\sound\x.wav`:       filepath.Join("data", "sound", "x.wav"),
		"./a//b.txt":             filepath.Join("a", "b.txt"),
		"STATS/XFLASK_KILL .DAT": filepath.Join("STATS", "XFLASK_KILL .DAT"),
	}
	for name, want := range good {
		got, err := RelPath(name)
		if err != nil || got != want {
			t.Errorf("RelPath(%q) = %q, %v; want %q", name, got, err, want)
		}
	}
}

func TestExtractAllAndSome(t *testing.T) {
	a := drivertest.NewMem("demo.zip", map[string][]byte{
		"readme.txt":      []byte("hello"),
		"data/a.bin":      {1, 2, 3},
		"data/deep/b.bin": make([]byte, 300000),
	})
	dir := t.TempDir()
	res, err := Extract(context.Background(), a, dir, nil, nil, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Files != 3 || res.Bytes != 300008 {
		t.Fatalf("result %+v", res)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "data", "a.bin")); string(b) != "\x01\x02\x03" {
		t.Fatalf("a.bin = %v", b)
	}
	if st, _ := os.Stat(filepath.Join(dir, "data", "deep", "b.bin")); st == nil || st.Size() != 300000 {
		t.Fatalf("b.bin: %v", st)
	}
	assertNoStaging(t, dir)

	dir2 := t.TempDir()
	res, err = Extract(context.Background(), a, dir2, []string{"DATA/"}, nil, Options{})
	if err != nil || res.Files != 2 {
		t.Fatalf("folder select: %+v %v", res, err)
	}
	_, err = Extract(context.Background(), a, dir2, []string{"nope.txt"}, nil, Options{})
	if err == nil || !strings.Contains(err.Error(), "demo.zip: nope.txt: no such entry") {
		t.Fatalf("missing entry error: %v", err)
	}
}

func TestExtractRefusesEscapingEntry(t *testing.T) {
	a := drivertest.NewMem("evil.zip", map[string][]byte{
		"ok.txt":        []byte("fine"),
		"../escape.txt": []byte("bad"),
	})
	parent := t.TempDir()
	dir := filepath.Join(parent, "out")
	_, err := Extract(context.Background(), a, dir, nil, nil, Options{})
	if err == nil || !strings.Contains(err.Error(), `evil.zip: unsafe entry name "../escape.txt": parent folder (..)`) {
		t.Fatalf("err = %v", err)
	}
	if _, err := os.Stat(filepath.Join(parent, "escape.txt")); !os.IsNotExist(err) {
		t.Fatal("escape.txt was written outside the target")
	}
	if _, err := os.Stat(filepath.Join(dir, "ok.txt")); !os.IsNotExist(err) {
		t.Fatal("a refused extract wrote ok.txt")
	}
}

func TestCancelLeavesNothing(t *testing.T) {
	gate := make(chan struct{})
	a := drivertest.NewMem("big.zip", map[string][]byte{
		"one.bin": make([]byte, 1<<20),
		"two.bin": make([]byte, 1<<20),
	})
	a.Slow = gate
	dir := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	prog := progressFunc(func(done, total int64, what string) {
		if done > 64<<10 {
			cancel()
		}
	})
	go func() {
		// Let reads trickle until cancel, then release them.
		for ctx.Err() == nil {
			select {
			case gate <- struct{}{}:
			case <-ctx.Done():
			}
		}
		close(gate)
	}()
	_, err := Extract(ctx, a, dir, nil, prog, Options{Workers: 2})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want canceled", err)
	}
	ents, _ := os.ReadDir(dir)
	if len(ents) != 0 {
		names := []string{}
		for _, e := range ents {
			names = append(names, e.Name())
		}
		t.Fatalf("cancelled extract left %v", names)
	}
}

type progressFunc func(done, total int64, what string)

func (f progressFunc) Progress(done, total int64, what string) { f(done, total, what) }

func assertNoStaging(t *testing.T, dir string) {
	t.Helper()
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		if strings.HasPrefix(e.Name(), ".packsmith-extract-") {
			t.Fatalf("staging folder left: %s", e.Name())
		}
	}
}

func TestReservedNamesOnWindows(t *testing.T) {
	_, err := RelPath("x/CON.txt")
	if runtime.GOOS == "windows" && err == nil {
		t.Fatal("CON.txt accepted on Windows")
	}
	if runtime.GOOS != "windows" && err != nil {
		t.Fatalf("CON.txt refused off Windows: %v", err)
	}
}

func TestSelectManyIsLinear(t *testing.T) {
	files := map[string][]byte{}
	var names []string
	for i := 0; i < 50000; i++ {
		p := fmt.Sprintf("d%02d/f%06d.bin", i%50, i)
		files[p] = nil
		names = append(names, strings.ToUpper(p))
	}
	a := drivertest.NewMem("many.zip", files)
	got, err := selectEntries(a, names)
	if err != nil || len(got) != 50000 {
		t.Fatalf("%d entries, %v", len(got), err)
	}
}
