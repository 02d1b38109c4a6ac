package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// pack without -o writes NAME.MOD beside the mod folder, not inside it,
// and keeps its incremental cache in the user's cache: the mod folder
// holds after two packs exactly what it held before (a 113 MB .MOD and a
// 4.9 MB .packcache among the sources were in the way of version
// control, backups and Find in files). The second pack still reuses.
func TestPackDefaultsOutOfTheModFolder(t *testing.T) {
	isolate(t)
	dir := noIDMod(t)
	before := filesUnder(t, dir)
	stdout, stderr, code := run(t, "pack", dir, "--mpp", "none", "--no-write-mod-id")
	if code != 0 {
		t.Fatalf("code %d\n%s%s", code, stdout, stderr)
	}
	out := filepath.Join(filepath.Dir(dir), "Loop.MOD")
	if st, err := os.Stat(out); err != nil || st.Size() == 0 {
		t.Fatalf("no .MOD beside the mod folder: %v\n%s", err, stdout)
	}
	if !strings.Contains(stdout, out) {
		t.Errorf("the summary does not name %s:\n%s", out, stdout)
	}
	caches, _ := filepath.Glob(filepath.Join(os.Getenv("XDG_CACHE_HOME"), "Packsmith", "packcache", "Loop.MOD-*.packcache"))
	if len(caches) != 1 {
		t.Fatalf("caches in the user's cache: %v", caches)
	}
	if _, err := os.Stat(out + ".packcache"); !os.IsNotExist(err) {
		t.Errorf("a cache beside the output: %v", err)
	}
	stdout, _, _ = run(t, "pack", dir, "--mpp", "none", "--no-write-mod-id")
	if !strings.Contains(strings.Join(strings.Fields(stdout), " "), "reused 1 reused, 0 compiled") {
		t.Errorf("second pack did not reuse from the user's cache:\n%s", stdout)
	}
	if after := filesUnder(t, dir); after != before {
		t.Errorf("the mod folder changed:\nbefore %s\nafter  %s", before, after)
	}
}

// filesUnder lists every file under dir with its size.
func filesUnder(t *testing.T, dir string) string {
	t.Helper()
	var out []string
	filepath.WalkDir(dir, func(p string, e os.DirEntry, err error) error {
		if err == nil && !e.IsDir() {
			info, _ := e.Info()
			rel, _ := filepath.Rel(dir, p)
			out = append(out, fmt.Sprintf("%s:%d", rel, info.Size()))
		}
		return nil
	})
	return strings.Join(out, " ")
}
