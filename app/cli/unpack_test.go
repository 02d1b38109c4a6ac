package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"packsmith/internal/testfixtures"
)

// unpack then pack gives a .MOD whose entries are those of the original.
func TestUnpackPackXOVER(t *testing.T) {
	t.Setenv("PACKSMITH_CONFIG_DIR", t.TempDir())
	fx := testfixtures.Dir(t, "tl2")
	src := filepath.Join(fx, "xover", "EDITORMOD.MOD")
	dir := filepath.Join(t.TempDir(), "proj")
	stdout, stderr, code := run(t, "unpack", src, "-o", dir)
	if code != 0 || !strings.Contains(stdout, "54 entries: ") || !strings.Contains(stdout, "5 RAW left out") {
		t.Fatalf("code %d\n%s\n%s", code, stdout, stderr)
	}
	if _, _, code := run(t, "unpack", src, "-o", dir); code != 1 {
		t.Errorf("unpack into a full folder: code %d", code)
	}
	out := filepath.Join(t.TempDir(), "X.MOD")
	if _, stderr, code := run(t, "pack", dir, "-o", out); code != 0 {
		t.Fatalf("pack: %s", stderr)
	}
	stdoutA, _, _ := run(t, "cat", src, "MEDIA/UNITDATA.RAW")
	stdoutB, _, _ := run(t, "cat", out, "MEDIA/UNITDATA.RAW")
	if stdoutA == "" || stdoutA != stdoutB {
		t.Errorf("UNITDATA.RAW differs after unpack → pack")
	}
	if _, err := os.Stat(filepath.Join(dir, "PACKSMITH.JSON")); err != nil {
		t.Error(err)
	}
	if md, _ := os.ReadFile(filepath.Join(dir, "MOD.DAT")); !bytes.HasPrefix(md, []byte{0xFF, 0xFE}) {
		t.Error("MOD.DAT is not UTF-16LE with a BOM")
	}
}
