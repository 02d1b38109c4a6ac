package modpack

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
)

// The default output is NAME.MOD beside the mod folder, and Inspect shows
// that path (the Pack view's Output box starts with it).
func TestDefaultOutputIsBesideTheModFolder(t *testing.T) {
	dir := sampleDir(t)
	in, err := Inspect(context.Background(), dir, "")
	if err != nil {
		t.Fatal(err)
	}
	want := filepath.Join(filepath.Dir(dir), "PACKSMITH_SAMPLE.MOD")
	if in.Output != want {
		t.Errorf("Inspect's output %s, want %s", in.Output, want)
	}
	if got := DefaultOutput(dir+string(filepath.Separator), in.Mod); got != want {
		t.Errorf("a folder given with a trailing separator: %s, want %s", got, want)
	}
}

// A cache in a cache folder is named by the output's name and a hash of
// its path: one per output, none beside it; "" keeps the old place.
func TestCacheFile(t *testing.T) {
	dir := t.TempDir()
	a := CacheFile(dir, filepath.Join("/w/one", "X.MOD"))
	b := CacheFile(dir, filepath.Join("/w/two", "X.MOD"))
	if a == b || filepath.Dir(a) != dir || filepath.Dir(b) != dir {
		t.Errorf("two outputs of one name: %s, %s", a, b)
	}
	if !strings.HasPrefix(filepath.Base(a), "X.MOD-") || !strings.HasSuffix(a, CacheSuffix) {
		t.Errorf("name %s", a)
	}
	if again := CacheFile(dir, filepath.Join("/w/one", ".", "X.MOD")); again != a {
		t.Errorf("the same output spelled otherwise: %s, %s", again, a)
	}
	if got := CacheFile("", "/w/one/X.MOD"); got != "/w/one/X.MOD"+CacheSuffix {
		t.Errorf("no cache folder: %s", got)
	}
}
