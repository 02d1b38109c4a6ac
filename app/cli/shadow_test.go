package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"packsmith/formats/tl2/mod"
)

func TestRepackDropShadowed(t *testing.T) {
	t.Setenv("PACKSMITH_CONFIG_DIR", t.TempDir())
	src := filepath.Join(t.TempDir(), "D.MOD")
	f, _ := os.Create(src)
	w, err := mod.NewWriter(f, &mod.Header{Version: 4, Title: "d", ModID: 3}, nil)
	if err != nil {
		t.Fatal(err)
	}
	w.Add(mod.FileHeader{Name: "MEDIA/X.DAT"}, strings.NewReader("one"))
	w.Add(mod.FileHeader{Name: "MEDIA/X.DAT", Duplicate: true}, strings.NewReader("one"))
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	f.Close()
	out := filepath.Join(t.TempDir(), "O.MOD")
	stdout, stderr, code := run(t, "repack", src, "-o", out)
	if code != 0 || !strings.Contains(stdout, "kept: MEDIA/X.DAT is listed twice (identical bytes)") {
		t.Fatalf("code %d\n%s%s", code, stdout, stderr)
	}
	ls, _, _ := run(t, "ls", out)
	if strings.Count(ls, "MEDIA/X.DAT") != 2 {
		t.Errorf("repack lost the second copy:\n%s", ls)
	}
	stdout, stderr, code = run(t, "repack", src, "-o", out, "--drop-shadowed")
	if code != 0 || !strings.Contains(stdout, "dropped: MEDIA/X.DAT, a second copy of MEDIA/X.DAT (identical bytes)") {
		t.Fatalf("code %d\n%s%s", code, stdout, stderr)
	}
	if ls, _, _ := run(t, "ls", out); strings.Count(ls, "MEDIA/X.DAT") != 1 {
		t.Errorf("--drop-shadowed kept both:\n%s", ls)
	}
}
