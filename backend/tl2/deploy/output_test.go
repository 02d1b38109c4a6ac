package deploy

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// A named output is used as it is and never removed; none gives a file of
// the kind's scratch folder in the temp folder, removed by done.
func TestOutput(t *testing.T) {
	named := filepath.Join(t.TempDir(), "MINE.MOD")
	os.WriteFile(named, []byte("keep"), 0o644)
	p := named
	done, err := Output(&p, "merge", "PATCH.MOD")
	if err != nil || p != named {
		t.Fatalf("named: %q, %v; want %q", p, err, named)
	}
	done()
	if b, err := os.ReadFile(named); err != nil || string(b) != "keep" {
		t.Fatalf("done removed or changed the user's named output: %q, %v", b, err)
	}

	p = ""
	done, err = Output(&p, "combine", "COMBINED.MOD")
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Dir(p)
	want := "packsmith-combine-" + strconv.Itoa(os.Getpid()) + "-"
	if filepath.Base(p) != "COMBINED.MOD" || !strings.HasPrefix(filepath.Base(dir), want) {
		t.Fatalf("scratch output %q: want %s*/COMBINED.MOD (scratch's folder, which a later run cleans)", p, want)
	}
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		t.Fatalf("scratch folder not made: %v", err)
	}
	done()
	if _, err := os.Stat(dir); !os.IsNotExist(err) {
		t.Fatalf("done left the scratch folder %s: %v", dir, err)
	}
}

func TestModsDirOf(t *testing.T) {
	if got := ModsDirOf("/u", "/m"); got != "/m" {
		t.Errorf("given mods folder: %q", got)
	}
	if got := ModsDirOf("/u", ""); got != filepath.Join("/u", "mods") {
		t.Errorf("default mods folder: %q", got)
	}
}
