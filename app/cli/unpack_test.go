package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"packsmith/formats/tl2/mod"
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

// Unpack → pack through the command line, without game data, gives both
// GUTS fixture .MODs back entry for entry (UNITDATA.RAW included), and
// the pack guesses nothing.
func TestUnpackPackByteIdenticalWithoutGame(t *testing.T) {
	t.Setenv("PACKSMITH_CONFIG_DIR", t.TempDir())
	fx := testfixtures.Dir(t, "tl2")
	for _, c := range []struct {
		src     string
		entries int
		unpack  string
	}{
		{filepath.Join(fx, "xover", "EDITORMOD.MOD"), 54, "UNITDATA.RAW: what 1 base-game file gave 3 units"},
		{filepath.Join(fx, "cyber_mod", "EDITORMOD_at_90dcf2a.MOD"), 277, "UNITDATA.RAW: what 3 base-game files gave 57 units"},
	} {
		dir := filepath.Join(t.TempDir(), "proj")
		stdout, stderr, code := run(t, "unpack", c.src, "-o", dir)
		if code != 0 || !strings.Contains(stdout, c.unpack) {
			t.Fatalf("unpack %s: code %d\n%s\n%s", c.src, code, stdout, stderr)
		}
		out := filepath.Join(t.TempDir(), "X.MOD")
		stdout, stderr, code = run(t, "pack", dir, "-o", out, "--json")
		if code != 0 {
			t.Fatalf("pack: %s", stderr)
		}
		js := jsonOf(t, stdout)
		if u, _ := js["unresolved"].([]any); len(u) != 0 {
			t.Errorf("%s: unresolved %v", c.src, u)
		}
		if strings.Contains(strings.ToLower(stdout), "guessed") {
			t.Errorf("%s: the pack guessed:\n%s", c.src, stdout)
		}
		want, got := modEntries(t, c.src), modEntries(t, out)
		same := 0
		for p, b := range want {
			if g, ok := got[p]; ok && bytes.Equal(g, b) {
				same++
			} else {
				t.Errorf("%s: %s differs", c.src, p)
			}
		}
		t.Logf("%s: %d of %d entries byte-identical (%d in the new .MOD)", filepath.Base(c.src), same, len(want), len(got))
		if same != c.entries || len(got) != c.entries {
			t.Errorf("%s: %d of %d byte-identical, %d entries packed", c.src, same, c.entries, len(got))
		}
	}
}

// modEntries reads every entry of a .MOD (the last copy of a path).
func modEntries(t *testing.T, p string) map[string][]byte {
	t.Helper()
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	r, err := mod.NewReader(bytes.NewReader(b), int64(len(b)), nil)
	if err != nil {
		t.Fatal(err)
	}
	m := map[string][]byte{}
	for i := range r.Entries {
		d, err := r.ReadEntry(&r.Entries[i], 0)
		if err != nil {
			t.Fatal(err)
		}
		m[r.Entries[i].Path] = d
	}
	return m
}
